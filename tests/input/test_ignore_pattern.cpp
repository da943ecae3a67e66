// --ignore-filename-pattern takes RE2 syntax (Go's regexp, as kubeconform's -ignore-filename-pattern) and
// leaves out every file or directory of a directory walk whose path it matches anywhere. The tree is a
// repository's shape in small: generated manifests under a templates/ folder beside plain ones; the
// expected lists are its files, written out by hand.
#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "core/regex.hpp"
#include "input/directory_walk.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> walk(const fs::path& root, const std::vector<std::string>& patterns) {
  std::vector<Regex> ignore;
  for (const auto& p : patterns) {
    std::string error;
    auto re = Regex::compile(p, error);
    INFO(p << ": " << error);
    REQUIRE(re);
    ignore.push_back(*re);
  }
  Diagnostics diags;
  std::vector<std::string> relative;
  for (const auto& f : manifest_files_under(root.string(), ignore, diags)) {
    relative.push_back(fs::path(f).lexically_relative(root).string());
  }
  CHECK_FALSE(diags.has_errors());
  return relative;
}

}  // namespace

TEST_CASE("ignore-filename-pattern: RE2 patterns leave out what they match anywhere in the path",
          "[input][regex]") {
  const fs::path root = test::scratch_dir("ignore-pattern");
  for (const char* file : {"deploy/pcs.yaml", "deploy/service.yaml", "deploy/templates/pcs.yaml",
                           "generated/Templates/jobset.json", "notes.txt"}) {
    fs::create_directories((root / file).parent_path());
    std::ofstream(root / file) << "{}\n";
  }
  CHECK(walk(root, {}) == std::vector<std::string>{"deploy/pcs.yaml", "deploy/service.yaml",
                                                   "deploy/templates/pcs.yaml",
                                                   "generated/Templates/jobset.json"});
  CHECK(walk(root, {"/templates/"}) == std::vector<std::string>{"deploy/pcs.yaml", "deploy/service.yaml",
                                                                "generated/Templates/jobset.json"});
  // (?i) is a flag of Go's regexp (and RE2's) that ECMAScript patterns do not have.
  CHECK(walk(root, {"(?i)/templates/"}) ==
        std::vector<std::string>{"deploy/pcs.yaml", "deploy/service.yaml"});
  // A directory that matches is not entered; of two patterns, what either matches is left out.
  CHECK(walk(root, {"/generated$", "service"}) ==
        std::vector<std::string>{"deploy/pcs.yaml", "deploy/templates/pcs.yaml"});
  CHECK(walk(root, {R"(\bpcs\.yaml$)"}) ==
        std::vector<std::string>{"deploy/service.yaml", "generated/Templates/jobset.json"});
}
