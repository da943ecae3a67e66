// A CI run of the suite once failed far from the cause: the tests of earlier runs had left one folder per
// test process in /tmp, the disk filled, and tests that write files failed one after another. Each test
// process now writes below scratch_root(), which it removes at exit; this runs two tests that write
// files (one through the shell, one in process) in a child with its own TMPDIR and checks what is left.
#include <catch2/catch.hpp>
#include <filesystem>

#include "support/test_support.hpp"

using namespace grovectl::test;
namespace fs = std::filesystem;

TEST_CASE("test scratch: a test process leaves nothing in the temp directory") {
  const fs::path tmp = scratch_dir("nested-tmp");
  const fs::path self = fs::read_symlink("/proc/self/exe");
  // Catch reads ',' in a test name as a separator unless escaped.
  const std::string tests =
      "one verdict: the same object in two inputs is an error naming both places\\, in every command,"
      "flag values: a file name that is not UTF-8 does not break the JSON report";
  CommandResult r =
      run_shell("TMPDIR=" + quote(tmp.string()) + " " + quote(self.string()) + " " + quote(tests));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.out.find("2 test cases") != std::string::npos);
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(tmp)) left.push_back(e.path().filename().string());
  CHECK(left.empty());
}
