// Reports are always whole (issue 15, item 5): whatever fails (a missing file, a dangling link, a file that
// does not parse), every format is written complete with the failure as a failed case, the exit code says
// what happened (3 for I/O), and text, json, junit and github count the same. The JUnit output is checked
// against testdata/ci/junit.xsd (written from the published JUnit schemas' rules) with xmllint.
#include <fmt/format.h>
#include <re2/re2.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/repo_tree.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

struct Inputs {
  fs::path dir;
  std::string args;  // -f ... for every input
};

// good.yaml (valid), bad.yaml (minAvailable 3 > replicas 2 on line 13, Grove's webhook), broken.yaml (a YAML
// syntax error, so no document), a helm stream (4 skipped, 1 valid) and a file that does not exist.
Inputs mixed_inputs(const std::string& name) {
  Inputs in{scratch_dir(name), ""};
  std::ofstream(in.dir / "good.yaml") << small_podcliqueset("good");
  std::string bad = small_podcliqueset("bad");
  bad.insert(bad.find("        podSpec:"), "        minAvailable: 3\n");
  std::ofstream(in.dir / "bad.yaml") << bad;
  std::ofstream(in.dir / "broken.yaml") << "apiVersion: v1\nkind: [ConfigMap\n";
  for (const char* f : {"good.yaml", "bad.yaml", "broken.yaml"})
    in.args += " -f " + quote((in.dir / f).string());
  in.args += " -f " + quote(testdata("ci/helm-template-stream.yaml").string());
  in.args += " -f " + quote((in.dir / "missing.yaml").string());
  return in;
}

// How many lines of `text` begin with `start`.
size_t lines_starting(const std::string& text, const std::string& start) {
  return count_occurrences("\n" + text, "\n" + start);
}

size_t attribute(const std::string& xml, const std::string& element, const std::string& name) {
  size_t value = 0;
  REQUIRE(RE2::PartialMatch(xml, "<" + element + " [^>]*\\b" + name + "=\"([0-9]+)\"", &value));
  return value;
}

void check_against_xsd(const std::string& xml, const std::string& name) {
  if (!have("xmllint")) {
    WARN("SKIPPED: xmllint (Debian package libxml2-utils) is not installed; scripts/dev.sh installs it");
    return;
  }
  fs::path file = scratch_dir(name) / "report.xml";
  std::ofstream(file) << xml;
  auto r = run_shell("xmllint --noout --schema " + quote(testdata("ci/junit.xsd").string()) + " " +
                     quote(file.string()) + " 2>&1");
  INFO(r.out);
  CHECK(r.exit_code == 0);
}

}  // namespace

TEST_CASE("whole reports: a missing file is a failed case in every format, and exit 3") {
  Inputs in = mixed_inputs("missing");
  const std::string missing = (in.dir / "missing.yaml").string();
  auto junit = run_grovectl("validate -o junit" + in.args);
  INFO(junit.out << junit.err);
  CHECK(junit.exit_code == 3);
  check_against_xsd(junit.out, "junit-missing");
  CHECK(junit.out.find("<testcase classname=\"" + missing + "\" name=\"file\" file=\"" + missing +
                       "\" time=\"0\">\n      <failure message=\"" + missing +
                       ": error: cannot open: No such file or directory [input/io]\"") != std::string::npos);
  auto json = run_grovectl("validate -o json" + in.args);
  CHECK(json.exit_code == 3);
  Json j = Json::parse(json.out);
  CHECK(j["inputs"].size() == 2);  // broken.yaml and missing.yaml
  CHECK(j["inputs"][1]["file"] == missing);
  CHECK(j["inputs"][1]["findings"][0]["rule"] == "input/io");
  auto text = run_grovectl("validate" + in.args);
  CHECK(text.exit_code == 3);
  CHECK(text.out.find(missing + ": error: cannot open: No such file or directory [input/io]") !=
        std::string::npos);
  auto github = run_grovectl("validate -o github" + in.args);
  CHECK(github.exit_code == 3);
  CHECK(github.out.find("::error file=" + missing +
                        ",title=input/io::cannot open: No such file or directory") != std::string::npos);
}

TEST_CASE("whole reports: text, json, junit, github, sarif and tap count the same documents and findings") {
  Inputs in = mixed_inputs("counts");
  auto text = run_grovectl("validate" + in.args).out;
  Json j = Json::parse(run_grovectl("validate -o json" + in.args).out);
  auto junit = run_grovectl("validate -o junit" + in.args).out;
  auto github = run_grovectl("validate -o github" + in.args).out;
  // By hand: good (1), bad (1), the helm stream (5): 7 documents in 4 files read; broken.yaml and
  // missing.yaml have none. Valid: good and the stream's PodCliqueSet; Invalid: bad; Skipped: 4;
  // Input errors: broken.yaml and missing.yaml.
  const Json& s = j["summary"];
  CHECK(s["documents"] == 7);
  CHECK(s["valid"] == 2);
  CHECK(s["invalid"] == 1);
  CHECK(s["skipped"] == 4);
  CHECK(s["inputErrors"] == 2);
  CHECK(text.find(
            fmt::format("Summary: 7 documents found in {} files - Valid: 2, Invalid: 1, Skipped: 4, Input "
                        "errors: 2, Errors: {}, Warnings: {}, Ignored: 0, Files skipped: 0\n",
                        s["files"].get<size_t>(), s["errors"].get<size_t>(), s["warnings"].get<size_t>())) !=
        std::string::npos);
  // JUnit: one case per document plus one per input whose findings belong to no document.
  const size_t cases = s["documents"].get<size_t>() + j["inputs"].size();
  CHECK(attribute(junit, "testsuite", "tests") == cases);
  CHECK(count_occurrences(junit, "<testcase ") == cases);
  CHECK(attribute(junit, "testsuite", "failures") == 3);  // bad, broken.yaml, missing.yaml
  CHECK(count_occurrences(junit, "<failure ") == 3);
  CHECK(attribute(junit, "testsuite", "skipped") == 4);
  CHECK(count_occurrences(junit, "<skipped ") == 4);
  CHECK(attribute(junit, "testsuites", "tests") == cases);
  // github: one annotation per finding.
  CHECK(lines_starting(github, "::error ") == s["errors"].get<size_t>());
  CHECK(lines_starting(github, "::warning ") == s["warnings"].get<size_t>());
  CHECK(s["errors"] == 3);
  check_against_xsd(junit, "junit-counts");
  // sarif: one result per finding, the same summary; tap: one test point per JUnit case, the same failures.
  Json sarif = Json::parse(run_grovectl("validate -o sarif" + in.args).out);
  CHECK(sarif["runs"][0]["results"].size() == s["errors"].get<size_t>() + s["warnings"].get<size_t>());
  CHECK(sarif["runs"][0]["properties"]["summary"]["documents"] == 7);
  CHECK(sarif["runs"][0]["properties"]["summary"]["inputErrors"] == 2);
  auto tap = run_grovectl("validate -o tap" + in.args).out;
  CHECK(lines_starting(tap, "ok ") + lines_starting(tap, "not ok ") == cases);
  CHECK(lines_starting(tap, "not ok ") == 3);
  CHECK(count_occurrences(tap, "# SKIP ") == 4);
}

TEST_CASE("whole reports: junit cases carry file, line and time, json carries versions and backend") {
  const std::string good = small_podcliqueset("good");
  auto junit = run_grovectl("validate -o junit -f -", good);
  CHECK(junit.exit_code == 0);
  CHECK(
      junit.out.find("<testcase classname=\"-\" name=\"PodCliqueSet/good (document 1 at line 1)\" file=\"-\" "
                     "line=\"1\" time=\"0\"></testcase>") != std::string::npos);
  check_against_xsd(junit.out, "junit-good");
  auto version = run_grovectl("version -o json");
  const std::string tool = Json::parse(version.out)["version"].get<std::string>();
  Json j = Json::parse(run_grovectl("validate -o json --kube-version 1.36 --backend kai-scheduler -f -",
                                    "metadata: {}\n---\n" + good)
                           .out);
  CHECK(j["tool"]["version"] == tool);
  CHECK(j["summary"]["kubernetesVersion"] == "1.36");
  CHECK(j["summary"]["backend"] == "kai-scheduler");
  const Json& pcs = j["documents"][1];
  CHECK(pcs["toolVersion"] == tool);
  CHECK(pcs["kubernetesVersion"] == "1.36");
  CHECK(pcs["backend"] == "kai-scheduler");
  CHECK(j["documents"][0]["backend"].is_null());  // skipped: no backend
  // Without --backend, each source's backend comes from its pods' schedulerName.
  std::string volcano = good;
  volcano.insert(volcano.find("          containers:"), "          schedulerName: volcano\n");
  Json v = Json::parse(run_grovectl("validate -o json -f -", volcano).out);
  CHECK(v["summary"]["backend"].is_null());
  CHECK(v["documents"][0]["backend"] == "volcano");
}

TEST_CASE("whole reports: a file that does not parse is a failed case, exit 1") {
  auto r = run_grovectl("validate -o junit -f -", "apiVersion: v1\nkind: [x\n");
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("tests=\"1\" failures=\"1\"") != std::string::npos);
  check_against_xsd(r.out, "junit-parse");
}
