// validate on a whole repository, as CI runs it (`grovectl validate -f .`): a monorepo tree written at test
// time (tests/support/repo_tree.hpp names the origin of each file's shape) with a Helm chart, kustomize, a
// Secret, a CRD, a CRLF+BOM file, JSON, an empty file and a folder of independent examples. Expected counts
// are derived by hand from the tree: which files are templates or empty, which documents are gang sources
// and which are skipped (write_monorepo_tree lists them).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/repo_tree.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

// 11 documents in 11 files, 5 gang sources and 6 skipped; the 2 chart templates and the empty file skipped.
const std::string kCleanSummary =
    "Summary: 11 documents found in 11 files - Valid: 5, Invalid: 0, Skipped: 6, Input errors: 0, Errors: 0, "
    "Warnings: 0, Ignored: {ignored}, Files skipped: 3 (2 Helm chart templates, 1 empty file)\n";

std::string clean_summary(int ignored) {
  std::string s = kCleanSummary;
  s.replace(s.find("{ignored}"), 9, std::to_string(ignored));
  return s;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p) << text;
}

// examples/gpu/jobset.yaml sorts before examples/simple/jobset.yaml, so the second defines "example" again;
// `name:` is on line 4, column 3, of both.
std::string duplicate_line(const fs::path& root) {
  return (root / "examples/simple/jobset.yaml").string() +
         ":4:3: error: JobSet default/example is defined twice across the inputs, here and at " +
         (root / "examples/gpu/jobset.yaml").string() +
         ":4:3 (the API server keeps one object per kind, namespace and name) (field: metadata.name) "
         "[input/duplicate-object]\n";
}

}  // namespace

TEST_CASE("ci repository: chart templates are skipped and counted, examples scoped per file") {
  const fs::path root = write_monorepo_tree("monorepo");
  // Independent examples define one object twice: across the inputs that is an error (one kubectl apply of
  // everything would keep one), per file it is not.
  auto across = run_grovectl("validate -f " + quote(root.string()));
  INFO(across.out << across.err);
  CHECK(across.exit_code == 1);
  CHECK(across.out ==
        duplicate_line(root) +
            "Summary: 11 documents found in 11 files - Valid: 4, Invalid: 1, Skipped: 6, Input errors: 0, "
            "Errors: 1, Warnings: 0, Ignored: 0, Files skipped: 3 (2 Helm chart templates, 1 empty file)\n");
  auto per_file = run_grovectl("validate --duplicate-scope file -f " + quote(root.string()));
  INFO(per_file.out << per_file.err);
  CHECK(per_file.exit_code == 0);
  CHECK(per_file.out == clean_summary(0));
  // -v names every file and document left out, with the reason.
  auto verbose = run_grovectl("validate -v --duplicate-scope file -f " + quote(root.string()));
  CHECK(verbose.exit_code == 0);
  CHECK(contains(verbose.out, (root / "operator/charts/templates/priorityclass.yaml").string() +
                                  ": skipped: a template of the Helm chart " +
                                  (root / "operator/charts/Chart.yaml").string()));
  CHECK(
      contains(verbose.out, (root / "deploy/placeholder.yaml").string() + ": skipped: it holds no document"));
  CHECK(contains(verbose.out, (root / "deploy/secret.yaml").string() +
                                  ":1: skipped: kind Secret (v1) is not read by grovectl\n"));
  CHECK(count_occurrences(verbose.out, ": skipped: ") == 9u);  // 3 files, 6 documents
  // The same counts in json.
  Json j =
      Json::parse(run_grovectl("validate -o json --duplicate-scope file -f " + quote(root.string())).out);
  CHECK(j["summary"]["skippedFiles"] == 3);
  REQUIRE(j["skippedFiles"].size() == 3u);
  CHECK(j["skippedFiles"][0]["file"] == (root / "operator/charts/templates/priorityclass.yaml").string());
  CHECK(j["skippedFiles"][0]["category"] == "Helm chart template");
  CHECK(j["skippedFiles"][2]["file"] == (root / "deploy/placeholder.yaml").string());
  // render reads the same tree: the two PodCliqueSets and the three JobSets, nothing of the chart.
  CHECK(run_grovectl("render --duplicate-scope file -f " + quote(root.string())).exit_code == 0);
}

TEST_CASE("ci repository: a Go template read as YAML says what it is and what to do") {
  const fs::path root = write_monorepo_tree("template-hint");
  // Named with -f, a template is read all the same; line 4 of Grove's serviceaccount.yaml is
  // `  name: {{ required ... }}`, where YAML expects a scalar and finds a flow mapping with a mapping as key.
  const std::string file = (root / "operator/charts/templates/serviceaccount.yaml").string();
  auto r = run_grovectl("validate -f " + quote(file));
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(contains(r.out, file + ":4:"));
  CHECK(
      contains(r.out,
               "(line 4 holds a Go template directive, {{ ... }}: this looks like a Helm template, "
               "which is not YAML until helm renders it; validate what `helm template` prints, or "
               "leave such files out with --ignore-filename-pattern) (field: metadata.name) [yaml/syntax]"));
  // priorityclass.yaml starts with `{{- if ... }}`: a template from its first line, which kubectl would read
  // as JSON (it starts with '{'); the JSON error gets the same hint.
  auto first =
      run_grovectl("validate -f " + quote((root / "operator/charts/templates/priorityclass.yaml").string()));
  INFO(first.out);
  CHECK(contains(first.out, "[json/syntax]"));
  CHECK(contains(first.out, "(line 1 holds a Go template directive"));
  // A quoted "{{ }}" is a string, not a directive: no hint on a file that has only that.
  auto quoted_value = run_grovectl("validate -f -", "a: \"{{ .Values.x }}\"\nb: [\n");
  CHECK(quoted_value.exit_code == 1);
  CHECK_FALSE(contains(quoted_value.out, "Go template"));
}

TEST_CASE("ci repository: no gang source is a failure of the run, not of a document, in every format") {
  const fs::path root = write_monorepo_tree("no-gang-source");
  const std::string operator_dir = quote((root / "operator").string());
  // operator/: Chart.yaml and values.yaml (no kind) and the CRD: 3 documents read, all 3 skipped; the two
  // templates skipped as files.
  auto text = run_grovectl("validate -f " + operator_dir);
  INFO(text.out);
  CHECK(text.exit_code == 1);
  CHECK(
      text.out ==
      "error: no PodCliqueSet or JobSet in the inputs (zero gang sources is never a pass): 3 documents read, "
      "3 "
      "skipped: 1 of kinds grovectl does not read (1 CustomResourceDefinition); 2 without apiVersion and "
      "kind "
      "[input/no-gang-source]\n"
      "Summary: 3 documents found in 3 files - Valid: 0, Invalid: 0, Skipped: 3, Input errors: 1, Errors: 1, "
      "Warnings: 0, Ignored: 0, Files skipped: 2 (2 Helm chart templates)\n");
  Json j = Json::parse(run_grovectl("validate -o json -f " + operator_dir).out);
  for (const auto& d : j["documents"]) CHECK(d["status"] == "skipped");
  REQUIRE(j["inputs"].size() == 1u);
  CHECK(j["inputs"][0]["file"] == "");
  CHECK(j["inputs"][0]["findings"][0]["rule"] == "input/no-gang-source");
  CHECK(j["summary"]["skipped"] == 3);
  CHECK(j["summary"]["invalid"] == 0);
  const std::string junit = run_grovectl("validate -o junit -f " + operator_dir).out;
  CHECK(contains(junit,
                 "<testcase classname=\"&lt;run&gt;\" name=\"the run as a whole\" time=\"0\">\n"
                 "      <failure message=\"error: no PodCliqueSet or JobSet in the inputs"));
  // 3 documents + the run + 2 skipped files; failures: the run; skipped: 3 documents and 2 files.
  CHECK(contains(junit, "tests=\"6\" failures=\"1\" errors=\"0\" skipped=\"5\""));
  Json sarif = Json::parse(run_grovectl("validate -o sarif -f " + operator_dir).out);
  const Json& invocation = sarif["runs"][0]["invocations"][0];
  CHECK(invocation["executionSuccessful"] == false);
  CHECK(invocation["toolExecutionNotifications"][0]["descriptor"]["id"] == "input/no-gang-source");
  CHECK(invocation["toolExecutionNotifications"][0]["level"] == "error");
  CHECK(sarif["runs"][0]["results"].empty());
  const std::string tap = run_grovectl("validate -o tap -f " + operator_dir).out;
  CHECK(tap.starts_with("TAP version 13\nnot ok 1 - the run as a whole\n"));
  CHECK(contains(tap, "\n1..6\n"));
}

TEST_CASE("ci repository: findings ignored by flag, by annotation and by .grovectl.yaml, and counted") {
  const fs::path root = write_monorepo_tree("ignore");
  const std::string tree = quote(root.string());
  // 1. --skip-rules: the duplicate is ignored, counted, listed with -v; --enable-rules switches it back on.
  auto skipped = run_grovectl("validate -v --skip-rules input/duplicate-object -f " + tree);
  INFO(skipped.out);
  CHECK(skipped.exit_code == 0);
  CHECK(contains(skipped.out,
                 (root / "examples/simple/jobset.yaml").string() +
                     ":4:3: ignored (--skip-rules): error: JobSet default/example is defined twice"));
  CHECK(contains(skipped.out,
                 "Valid: 5, Invalid: 0, Skipped: 6, Input errors: 0, Errors: 0, Warnings: 0, "
                 "Ignored: 1,"));
  CHECK(run_grovectl("validate --skip-rules input/* -f " + tree).exit_code == 0);
  CHECK(run_grovectl(
            "validate --skip-rules input/duplicate-object --enable-rules input/duplicate-object -f " + tree)
            .exit_code == 1);
  // A rule entry that names no rule group is a usage error.
  auto typo = run_grovectl("validate --skip-rules duplicate-object -f " + tree);
  CHECK(typo.exit_code == 2);
  CHECK(contains(typo.err, "--skip-rules \"duplicate-object\" is not a rule id"));
  CHECK(run_grovectl("validate --skip-rules nosuch/rule -f " + tree).exit_code == 2);

  // 2. The object's annotation, with a reason after '='.
  std::string annotated = small_jobset("example");
  annotated.insert(annotated.find("spec:"),
                   "  annotations:\n    grovectl.io/ignore: \"input/duplicate-object=each "
                   "example is applied on its own, pod/*\"\n");
  write(root / "examples/simple/jobset.yaml", annotated);
  auto by_annotation = run_grovectl("validate -v -f " + tree);
  INFO(by_annotation.out);
  CHECK(by_annotation.exit_code == 0);
  CHECK(contains(
      by_annotation.out,
      "ignored (grovectl.io/ignore: each example is applied on its own): error: JobSet default/example"));
  CHECK(contains(by_annotation.out, "Ignored: 1,"));
  Json sarif = Json::parse(run_grovectl("validate -o sarif -f " + tree).out);
  const Json& result = sarif["runs"][0]["results"][0];
  CHECK(result["ruleId"] == "input/duplicate-object");
  CHECK(result["suppressions"][0]["kind"] == "inSource");
  CHECK(result["suppressions"][0]["justification"] ==
        "grovectl.io/ignore: each example is applied on its own");
  // An entry that is not a rule is a warning at the annotation (line 6: `grovectl.io/ignore:`).
  write(root / "examples/simple/jobset.yaml",
        small_jobset("example").insert(small_jobset("example").find("spec:"),
                                       "  annotations:\n    grovectl.io/ignore: duplicates\n"));
  auto bad_entry = run_grovectl("validate -f " + tree);
  CHECK(contains(bad_entry.out, (root / "examples/simple/jobset.yaml").string() +
                                    ":6:5: warning: \"duplicates\" is not a rule id"));
  write(root / "examples/simple/jobset.yaml", small_jobset("example"));

  // 3. .grovectl.yaml, found from the current directory upward: flags, skipRules, ignorePaths.
  write(root / ".grovectl.yaml", "flags:\n  duplicate-scope: file\n");
  const std::string in_deploy = "cd " + quote((root / "deploy").string()) + " && " + quote(GROVECTL_BINARY);
  auto from_config = run_shell(in_deploy + " validate -f ..");
  INFO(from_config.out << from_config.err);
  CHECK(from_config.exit_code == 0);
  CHECK(contains(from_config.out, "Errors: 0"));
  // The command line wins over the file.
  CHECK(run_shell(in_deploy + " validate -f .. --duplicate-scope inputs").exit_code == 1);
  write(root / ".grovectl.yaml", "skipRules:\n- input/duplicate-object\n");
  auto skip_config = run_shell(in_deploy + " validate -v -f ..");
  CHECK(skip_config.exit_code == 0);
  CHECK(contains(skip_config.out, "ignored (.grovectl.yaml skipRules): error: JobSet default/example"));
  CHECK(run_shell(in_deploy + " validate -f .. --enable-rules input/duplicate-object").exit_code == 1);
  write(root / ".grovectl.yaml", "ignorePaths:\n- examples/gpu/**\n- \"**/placeholder.yaml\"\n");
  auto ignored_paths = run_shell(in_deploy + " validate -f ..");
  CHECK(ignored_paths.exit_code == 0);
  CHECK(ignored_paths.out ==
        "Summary: 10 documents found in 10 files - Valid: 4, Invalid: 0, Skipped: 6, Input errors: 0, "
        "Errors: 0, "
        "Warnings: 0, Ignored: 0, Files skipped: 2 (2 Helm chart templates)\n");
  // --config names another file; a file with a mistake is a usage error at its place.
  write(root / "other.yaml", "flags:\n  duplicate-scope: file\n  no-such-flag: 1\nskiprules: []\n");
  auto bad = run_grovectl("validate --config " + quote((root / "other.yaml").string()) + " -f " + tree);
  INFO(bad.err);
  CHECK(bad.exit_code == 2);
  CHECK(contains(bad.err, (root / "other.yaml").string() + ":4:1: error: unknown key \"skiprules\""));
  write(root / "other.yaml", "flags:\n  no-such-flag: 1\n");
  auto bad_flag = run_grovectl("validate --config " + quote((root / "other.yaml").string()) + " -f " + tree);
  CHECK(bad_flag.exit_code == 2);
  CHECK(contains(bad_flag.err, (root / "other.yaml").string() +
                                   ":2:3: error: flags.no-such-flag: grovectl validate has no such flag"));
  write(root / "other.yaml", "flags:\n  duplicate-scope: files\n");
  CHECK(
      run_grovectl("validate --config " + quote((root / "other.yaml").string()) + " -f " + tree).exit_code ==
      2);
}

TEST_CASE("ci repository: annotations attach to the checkout's files, stdin included") {
  const fs::path root = write_monorepo_tree("annotations");
  // An absolute -f path inside GITHUB_WORKSPACE is named relative to it, where the pull request shows files.
  auto r = run_shell("cd / && GITHUB_WORKSPACE=" + quote(root.string()) + " " + quote(GROVECTL_BINARY) +
                     " validate -o github -f " + quote(root.string()));
  INFO(r.out);
  CHECK(contains(r.out,
                 "::error file=examples/simple/jobset.yaml,line=4,col=3,title=input/duplicate-object::"));
  // Without GITHUB_WORKSPACE, relative to the current directory.
  auto here = run_shell("cd " + quote((root / "examples").string()) + " && " + quote(GROVECTL_BINARY) +
                        " validate -o github -f " + quote(root.string()));
  CHECK(contains(here.out, "::error file=simple/jobset.yaml,line=4,"));
  // Standard input has no file in the checkout: no file=- the pull request cannot place; --stdin-filename
  // names it.
  const std::string stdin_text = small_podcliqueset("x") + "  colour: blue\n";
  auto unnamed = run_grovectl("validate -o github -f -", stdin_text);
  CHECK_FALSE(contains(unnamed.out, "file="));
  CHECK(contains(unnamed.out, "::error title=schema/unknown-field::standard input:17:3: unknown field"));
  auto named = run_shell("cd " + quote(root.string()) + " && " + quote(GROVECTL_BINARY) +
                             " validate -o github -f - --stdin-filename charts/serving/rendered.yaml",
                         stdin_text);
  CHECK(contains(named.out,
                 "::error file=charts/serving/rendered.yaml,line=17,col=3,title=schema/unknown-field::"));
  auto text = run_grovectl("validate -f - --stdin-filename rendered.yaml", stdin_text);
  CHECK(contains(text.out, "rendered.yaml:17:3: error: unknown field"));
}
