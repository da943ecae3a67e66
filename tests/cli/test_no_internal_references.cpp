// User-facing text cites what a user can open (KEP, GREP, PR number, project docs), never the project's
// internal reference files (issue 17 item 4). Scans every string literal outside comments in src/.
// Exempt: src/diff/server_fields.cpp, whose FieldRule::source column records the fact behind each diff
// normalization rule for maintainers and is never printed, and the embedded schemas' descriptions, which the
// schema compiler ignores.
#include <re2/re2.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "support/test_support.hpp"

using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

// The line without a trailing // comment (a "//" inside a string literal is kept).
std::string code_part(const std::string& line) {
  bool in_string = false;
  for (size_t i = 0; i + 1 < line.size(); ++i) {
    if (line[i] == '\\' && in_string) {
      ++i;
      continue;
    }
    if (line[i] == '"') in_string = !in_string;
    if (!in_string && line[i] == '/' && line[i + 1] == '/') return line.substr(0, i);
  }
  return line;
}

}  // namespace

TEST_CASE("no user-facing string in src/ cites an internal reference file", "[cli][references]") {
  const RE2 internal_reference(
      R"re("[^"]*(grove|jobset|k8s-workload-api|scheduler-crs|cli-anchors)\.md[^"]*")re");
  std::vector<std::string> found;
  for (const auto& e : fs::recursive_directory_iterator(source_dir() / "src")) {
    const std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
    if (e.path().filename() == "server_fields.cpp") continue;
    std::istringstream in(read_file(e.path()));
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (RE2::PartialMatch(code_part(line), internal_reference))
        found.push_back(e.path().string() + ":" + std::to_string(n) + ": " + line);
    }
  }
  for (const auto& f : found) FAIL_CHECK(f);
  CHECK(found.empty());
}
