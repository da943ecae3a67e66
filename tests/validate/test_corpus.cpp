// The bad-input corpus of testdata/validate/: every case names its expected exit code in cases.txt and
// marks the offending line with "# expect: <rule>". Rules, messages and locations were derived by hand
// from Grove's CRD and CEL rules and webhooks (ai-dynamo/grove@fcc3b3bb operator/api/core/v1alpha1/crds/,
// operator/internal/webhook/admission/pcs/validation/, operator/internal/scheduler/*/backend.go,
// operator/internal/mnnvl/webhook.go, operator/internal/webhook/admission/clustertopology/validation/)
// and JobSet's (kubernetes-sigs/jobset@08dfbdfd api/jobset/v1alpha2/jobset_types.go,
// pkg/webhooks/jobset_webhook.go).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "support/test_support.hpp"
#include "support/validate_corpus.hpp"

using namespace grovectl;
using grovectl::test::run_grovectl;
using grovectl::test::testdata;

namespace {

struct Expectation {
  std::string rule;
  int line = 0;  // 0: the finding has no location
};

Expectation expectation(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    auto at = line.find("# expect: ");
    if (at != std::string::npos) return {grovectl::test::trim_blanks(line.substr(at + 10)), n};
    at = line.find("# expect-unlocated: ");
    if (at != std::string::npos) return {grovectl::test::trim_blanks(line.substr(at + 20)), 0};
  }
  return {};
}

}  // namespace

TEST_CASE("validate corpus: each bad input gives its exit code, rule and line") {
  auto cases = grovectl::test::read_validate_corpus();
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
