// validate -o sarif: SARIF 2.1.0 that GitHub code scanning accepts. Every report is checked against the
// published SARIF 2.1.0 JSON schema (testdata/ci/sarif-schema-2.1.0.json, origin in testdata/ci/README.md)
// with valijson (tests/support/schema_validator.hpp), in the schema's own draft 4; then what code scanning
// reads: one rule per rule id with help text and a link, results located relative to the checkout, ignored
// findings suppressed. The inputs are the monorepo tree of tests/support/repo_tree.hpp, with a finding of
// several kinds added.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "support/repo_tree.hpp"
#include "support/schema_validator.hpp"
#include "support/test_support.hpp"

using grovectl::Json;
using grovectl::SchemaValidator;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

// The schema's violations of `report`, one line each ("" when it conforms).
std::string schema_violations(const std::string& report) {
  static const SchemaValidator sarif(Json::parse(read_file(testdata("ci/sarif-schema-2.1.0.json"))));
  std::string out;
  for (const auto& error : sarif.validate(Json::parse(report)))
    out += error.pointer + ": " + error.message + "\n";
  return out;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p) << text;
}

}  // namespace

TEST_CASE("sarif: the schema check can fail") {
  // A report without "version" and with a result whose level is not one of SARIF's: two violations.
  CHECK_FALSE(schema_violations(
                  R"({"runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"},
      "level": "fatal"}]}]})")
                  .empty());
  CHECK(schema_violations(R"({"version": "2.1.0", "runs": []})").empty());
}

TEST_CASE("sarif: a mixed repository's report conforms to SARIF 2.1.0 and locates every result") {
  const fs::path root = write_monorepo_tree("sarif");
  // Added findings: an unknown field (error) in the CRLF+BOM PodCliqueSet, a warning (topology without a
  // ClusterTopologyBinding), a file that does not parse (a finding that belongs to no document), and the
  // duplicate example ignored by its annotation.
  write(root / "deploy/topology.yaml", topology_podcliqueset("placed"));
  write(root / "deploy/broken.yaml", "apiVersion: v1\nkind: [\n");
  std::string annotated = small_jobset("example");
  annotated.insert(annotated.find("spec:"),
                   "  annotations:\n    grovectl.io/ignore: input/duplicate-object=independent examples\n");
  write(root / "examples/simple/jobset.yaml", annotated);
  std::string pcs = small_podcliqueset("colours") + "  colour: blue\n";
  write(root / "deploy/colours.yaml", pcs);
  auto r =
      run_shell("cd " + quote(root.string()) + " && " + quote(GROVECTL_BINARY) + " validate -o sarif -f .");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(schema_violations(r.out) == "");
  const grovectl::Json sarif = grovectl::Json::parse(r.out);
  CHECK(sarif["version"] == "2.1.0");
  REQUIRE(sarif["runs"].size() == 1u);
  const grovectl::Json& run = sarif["runs"][0];
  // One reportingDescriptor per rule id met, each with help text and a link to its group's section.
  std::set<std::string> rule_ids;
  for (const auto& rule : run["tool"]["driver"]["rules"]) {
    CHECK(rule_ids.insert(rule["id"].get<std::string>()).second);
    CHECK_FALSE(rule["help"]["text"].get<std::string>().empty());
    const std::string group =
        rule["id"].get<std::string>().substr(0, rule["id"].get<std::string>().find('/'));
    CHECK(rule["helpUri"] == "https://github.com/grovectl/grovectl/blob/main/docs/rules.md#" + group);
  }
  std::set<std::string> results_rules;
  size_t suppressed = 0;
  for (const auto& result : run["results"]) {
    const std::string id = result["ruleId"].get<std::string>();
    results_rules.insert(id);
    CHECK(run["tool"]["driver"]["rules"][result["ruleIndex"].get<size_t>()]["id"] == id);
    // Located at a file of the checkout, relative to it (the shell's current directory: no GITHUB_WORKSPACE).
    const std::string uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
    CHECK_FALSE(uri.starts_with("/"));
    CHECK_FALSE(uri.starts_with("file:"));
    CHECK(fs::exists(root / uri));
    suppressed += result.contains("suppressions");
  }
  CHECK(results_rules == rule_ids);
  for (const std::string id : {"schema/unknown-field", "yaml/syntax", "input/duplicate-object"}) {
    INFO(id);
    CHECK(rule_ids.count(id) == 1u);
  }
  CHECK(suppressed == 1u);
  // The counts of the text format, in the run's properties.
  const grovectl::Json& summary = run["properties"]["summary"];
  CHECK(summary["skippedFiles"] == 3);
  CHECK(summary["ignored"].get<size_t>() == suppressed);
  // The skipped files as notes at their files.
  size_t notes = 0;
  for (const auto& n : run["invocations"][0]["toolExecutionNotifications"]) notes += n["level"] == "note";
  CHECK(notes == 3u);  // the chart's 2 templates and placeholder.yaml
}
