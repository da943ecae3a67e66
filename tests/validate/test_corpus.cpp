// The bad-input corpus of testdata/validate/: every case names its expected exit code in cases.txt and
// marks the offending line with "# expect: <rule>". Rules, messages and locations were derived by hand
// from grove.md §1.4 (CRD/CEL), §3.2-§3.6 (webhook), §6 (ClusterTopologyBinding) and jobset.md §1.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "support/test_support.hpp"

using namespace grovectl;
using grovectl::test::run_grovectl;
using grovectl::test::testdata;

namespace {

struct Case {
  std::string file, args;
  int exit_code = 0;
};

std::string trim(std::string s) {
  s.erase(0, s.find_first_not_of(" \t"));
  s.erase(s.find_last_not_of(" \t\r") + 1);
  return s;
}

std::vector<Case> read_cases() {
  std::ifstream in(testdata("validate/cases.txt"));
  std::vector<Case> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string file, args, code;
    std::getline(ss, file, '|');
    std::getline(ss, args, '|');
    std::getline(ss, code, '|');
    out.push_back({trim(file), trim(args), std::stoi(trim(code))});
  }
  return out;
}

struct Expectation {
  std::string rule;
  int line = 0;  // 0: the finding has no location
};

Expectation expectation(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    auto at = line.find("# expect: ");
    if (at != std::string::npos) return {trim(line.substr(at + 10)), n};
    at = line.find("# expect-unlocated: ");
    if (at != std::string::npos) return {trim(line.substr(at + 20)), 0};
  }
  return {};
}

}  // namespace

TEST_CASE("validate corpus: each bad input gives its exit code, rule and line") {
  auto cases = read_cases();
  REQUIRE(cases.size() >= 40);
  for (const auto& c : cases) {
    std::string path = testdata("validate/" + c.file).string();
    Expectation e = expectation(path);
    INFO("case " << c.file);
    REQUIRE_FALSE(e.rule.empty());
    auto r = run_grovectl("validate -f " + path + " " + c.args);
    INFO(r.out << r.err);
    CHECK(r.exit_code == c.exit_code);
    bool found = false;
    std::istringstream lines(r.out);
    for (std::string l; std::getline(lines, l);) {
      bool rule_ok = l.find("[" + e.rule) != std::string::npos;
      bool line_ok = e.line == 0 || l.rfind(path + ":" + std::to_string(e.line) + ":", 0) == 0;
      found |= rule_ok && line_ok;
    }
    CHECK(found);
  }
}
