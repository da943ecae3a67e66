// core/spool.hpp keeps what render and validate's JUnit report write until their verdict, beyond a 64 KiB
// buffer in a temporary file: whatever the sizes of the pieces (smaller than the buffer, as large, larger),
// what comes back is what went in, in order.
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <sstream>
#include <vector>

#include "core/spool.hpp"

using namespace grovectl;

TEST_CASE("spool: gives back every piece in order, across the buffer", "[core][spool]") {
  for (size_t piece : {size_t{1}, size_t{4095}, (size_t{64} << 10) - 1, size_t{64} << 10,
                       (size_t{64} << 10) + 7, size_t{1} << 20, (size_t{1} << 20) + 7}) {
    Spool spool;
    std::string expected;
    for (int i = 0; expected.size() < (size_t{5} << 20); ++i) {
      const std::string text(piece, static_cast<char>('a' + i % 26));
      spool.write(text);
      expected += text;
    }
    std::ostringstream out;
    spool.copy_to(out);
    INFO("pieces of " << piece << " bytes");
    CHECK(spool.size() == expected.size());
    CHECK(out.str() == expected);
  }
}

TEST_CASE("spool: an empty spool gives back nothing", "[core][spool]") {
  Spool spool;
  std::ostringstream out;
  spool.copy_to(out);
  CHECK(out.str().empty());
  CHECK(spool.size() == 0);
}

namespace {

// Pieces of `piece` bytes up to `total`, then one of `last` bytes (none when 0).
std::vector<size_t> pieces(size_t piece, size_t total, size_t last) {
  std::vector<size_t> sizes(total / piece, piece);
  if (last > 0) sizes.push_back(last);
  return sizes;
}

}  // namespace

TEST_CASE("spool: a temporary file that stops taking text loses nothing", "[core][spool]") {
  // A file-size limit of 100 KiB stands in for a full disk: a write that passes it fails (EFBIG) part-way,
  // and the spool holds everything in memory from then on. The first failure comes in a buffer's flush, in
  // a large piece written as it is, and in a large piece that is the last one written. In a child process,
  // so that the limit stays there.
  const std::vector<std::vector<size_t>> cases = {pieces(1000, size_t{2} << 20, 0),
                                                  pieces(size_t{70} << 10, size_t{2} << 20, 0),
                                                  pieces(1000, size_t{90} << 10, size_t{300} << 10)};
  for (const auto& sizes : cases) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      ::signal(SIGXFSZ, SIG_IGN);
      const rlimit limit{.rlim_cur = 100 << 10, .rlim_max = 100 << 10};
      if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(3);
      Spool spool;
      std::string expected;
      for (size_t i = 0; i < sizes.size(); ++i) {
        const std::string text(sizes[i], static_cast<char>('a' + i % 26));
        spool.write(text);
        expected += text;
      }
      std::ostringstream out;
      spool.copy_to(out);
      ::_exit(out.str() == expected && spool.size() == expected.size() ? 0 : 1);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    INFO(sizes.size() << " pieces, the first of " << sizes.front() << " bytes, the last of " << sizes.back());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
}
