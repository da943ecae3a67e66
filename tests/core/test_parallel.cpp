#include <atomic>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <vector>

#include "core/parallel.hpp"

using grovectl::for_each_index_parallel;

namespace {

std::vector<int> visits_of(size_t count) {
  std::vector<std::atomic<int>> visits(count);
  for_each_index_parallel(count, [&](size_t i) { ++visits[i]; });
  return {visits.begin(), visits.end()};
}

}  // namespace

TEST_CASE("parallel: every index is worked on exactly once, call after call", "[parallel]") {
  // The workers outlive a call; a worker that missed a call or served one twice shows here.
  for (size_t count : {0, 1, 2, 3, 17, 1000, 2, 1, 5000}) {
    INFO("count " << count);
    CHECK(visits_of(count) == std::vector<int>(count, 1));
  }
}

TEST_CASE("parallel: a call from inside the work runs on the calling thread", "[parallel]") {
  std::vector<std::atomic<int>> visits(40 * 30);
  for_each_index_parallel(40, [&](size_t outer) {
    for_each_index_parallel(30, [&](size_t inner) { ++visits[outer * 30 + inner]; });
  });
  CHECK(std::vector<int>(visits.begin(), visits.end()) == std::vector<int>(visits.size(), 1));
}

TEST_CASE("parallel: the first failure is rethrown and the next call still works", "[parallel]") {
  std::atomic<int> done{0};
  auto fail_at_7 = [&](size_t i) {
    if (i == 7) throw std::runtime_error("item 7");
    ++done;
  };
  CHECK_THROWS_WITH(for_each_index_parallel(100, fail_at_7), "item 7");
  CHECK(done < 100);
  CHECK(visits_of(64) == std::vector<int>(64, 1));
}
