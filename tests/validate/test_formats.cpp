// validate's output formats and exit codes (docs/exit-codes.md): GNU text with a summary,
// JSON, JUnit with one test case per input document, GitHub annotations with real lines, and the exit
// code table 0 clean / 1 findings / 2 usage / 3 I/O, where zero documents never passes.
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using namespace grovectl;
using grovectl::test::count_occurrences;
using grovectl::test::run_grovectl;
using grovectl::test::testdata;

namespace {

std::string two_documents() {
  // Document 1 is valid; document 2 (its "---" on line 15) has minAvailable 5 > replicas 1 on line 27, whose
  // key starts in column 9 (Grove's pcs/validation/podcliqueset.go).
  std::string valid_pcs =
      "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: ok\nspec:\n  template:\n    "
      "cliques:\n"
      "    - name: a\n      spec:\n        roleName: a\n        replicas: 1\n        podSpec:\n          "
      "containers:\n"
      "          - {name: main, image: example.com/main:1}\n";
  std::string bad_pcs =
      "---\napiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: bad\nspec:\n  template:\n"
      "    cliques:\n    - name: a\n      spec:\n        roleName: a\n        replicas: 1\n        "
      "minAvailable: 5\n"
      "        podSpec:\n          containers:\n          - {name: main, image: example.com/main:1}\n";
  return valid_pcs + bad_pcs;
}

}  // namespace

TEST_CASE("validate text output is GNU style with a kubeconform-like summary") {
  auto r = run_grovectl("validate -f -", two_documents());
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find(
            "-:27:9: error: spec.template.cliques[0].spec.minAvailable: Invalid value: 5: minAvailable must "
            "not be greater than replicas (field: spec.template.cliques[0].spec.minAvailable) "
            "[grove/clique-min-available]") != std::string::npos);
  CHECK(
      r.out.find("Summary: 2 documents found in 1 file - Valid: 1, Invalid: 1, Skipped: 0, Input errors: 0, "
                 "Errors: 1, Warnings: 1, Ignored: 0, Files skipped: 0\n") != std::string::npos);
}

TEST_CASE("validate json output lists every document with its findings") {
  auto r = run_grovectl("validate -o json -f -", two_documents());
  CHECK(r.exit_code == 1);
  Json j = Json::parse(r.out);
  REQUIRE(j["documents"].size() == 2);
  CHECK(j["documents"][0]["name"] == "ok");
  CHECK(j["documents"][0]["valid"] == true);
  CHECK(j["documents"][1]["valid"] == false);
  CHECK(j["documents"][1]["findings"][0]["rule"] == "grove/clique-min-available");
  CHECK(j["documents"][1]["findings"][0]["line"] == 27);
  CHECK(j["summary"]["invalid"] == 1);
}

TEST_CASE("validate junit output has one test case per input document") {
  auto r = run_grovectl("validate -o junit -f -", two_documents());
  CHECK(r.exit_code == 1);
  CHECK(r.out.find(
            "<testsuite name=\"grovectl validate\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\"") !=
        std::string::npos);
  CHECK(count_occurrences(r.out, "<testcase ") == 2);
  CHECK(r.out.find("name=\"PodCliqueSet/bad (document 2 at line 15)\"") != std::string::npos);
  CHECK(r.out.find("<failure message=\"-:27:9: error:") != std::string::npos);
}

TEST_CASE("validate github output is workflow annotations with real lines") {
  auto r = run_grovectl("validate -o github -f -", two_documents());
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find(
            "\n::error title=grove/clique-min-available::standard input:27:9: spec.template.cliques[0]") !=
        std::string::npos);
  // Document 1 omits spec.replicas (CRD default 0): no gangs, a warning at its spec (line 5).
  CHECK(r.out.rfind("::warning title=render/zero-replicas::standard input:5:1: ", 0) == 0);
  // The counts end the report as a notice on the run, as the text format's summary line.
  CHECK(grovectl::test::contains(r.out,
                                 "\n::notice title=grovectl validate::Summary: 2 documents found in 1 file - "
                                 "Valid: 1, Invalid: 1, Skipped: 0, Input errors: 0, Errors: 1, Warnings: 1, "
                                 "Ignored: 0, Files skipped: 0\n"));
  // Standard input is not a file of the pull request: file=- would attach nowhere. --stdin-filename names it.
  CHECK(r.out.find("file=") == std::string::npos);
  auto named = run_grovectl("validate -o github -f - --stdin-filename deploy/pcs.yaml", two_documents());
  CHECK(named.out.find("\n::error file=deploy/pcs.yaml,line=27,col=9,title=grove/clique-min-available::") !=
        std::string::npos);
}

TEST_CASE("validate exit codes: clean, warnings, strict, usage, I/O and empty input") {
  std::string clean = two_documents().substr(0, two_documents().find("---"));
  CHECK(run_grovectl("validate -f -", clean).exit_code == 0);
  // An unknown field is an error (kubectl's default --validate=strict), a warning (exit 0) under
  // --unknown-fields=warn unless --strict, and not reported under --unknown-fields=ignore.
  std::string unknown = clean + "  colour: blue\n";
  auto error = run_grovectl("validate -f -", unknown);
  CHECK(error.exit_code == 1);
  CHECK(error.out.find("error: unknown field \"spec.colour\"") != std::string::npos);
  auto warn = run_grovectl("validate --unknown-fields=warn -f -", unknown);
  CHECK(warn.exit_code == 0);
  CHECK(warn.out.find("warning: unknown field \"spec.colour\"") != std::string::npos);
  CHECK(run_grovectl("validate --unknown-fields=warn --strict -f -", unknown).exit_code == 1);
  auto ignore = run_grovectl("validate --unknown-fields=ignore -f -", unknown);
  CHECK(ignore.exit_code == 0);
  CHECK(ignore.out.find("colour") == std::string::npos);
  CHECK(run_grovectl("validate --unknown-fields=maybe -f -", clean).exit_code == 2);
  CHECK(run_grovectl("validate -o yaml -f -", clean).exit_code == 2);
  CHECK(run_grovectl("validate --backend nope -f -", clean).exit_code == 2);
  CHECK(run_grovectl("validate --kube-version 1.20 -f -", clean).exit_code == 2);
  CHECK(run_grovectl("validate -f /nonexistent/grovectl/input.yaml").exit_code == 3);
  auto empty = run_grovectl("validate -f -", "# nothing\n");
  CHECK(empty.exit_code == 1);
  CHECK(empty.out.find("[input/empty]") != std::string::npos);
}

TEST_CASE("validate tap output: one test point per document, findings in a YAML block, the plan last") {
  // TAP version 13 (testanything.org): document 1 valid with its warning (line 5, see the github case),
  // document 2 not ok with its error; the plan 1..2 after them.
  auto r = run_grovectl("validate -o tap -f -", two_documents());
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(r.out.starts_with(
      "TAP version 13\nok 1 - -:1 PodCliqueSet/ok\n  ---\n  findings:\n  - \"-:5:1: warning: "));
  CHECK(grovectl::test::contains(
      r.out,
      "not ok 2 - -:15 PodCliqueSet/bad\n  ---\n  findings:\n  - \"-:27:9: error: spec.template.cliques[0]"));
  CHECK(grovectl::test::contains(r.out,
                                 "\n1..2\n# Summary: 2 documents found in 1 file - Valid: 1, Invalid: 1,"));
  // Every other line of the YAML blocks is a quoted scalar a YAML parser reads back.
  const size_t block = r.out.find("  ---\n");
  const std::string first_block = r.out.substr(block + 6, r.out.find("  ...\n", block) - block - 6);
  CHECK(grovectl::test::parse_yaml_docs(first_block).size() == 1u);
}

TEST_CASE("validate writes several formats in one run, each file whole") {
  const auto dir = grovectl::test::scratch_dir("several-formats");
  const std::string sarif = (dir / "report.sarif").string(), junit = (dir / "report.xml").string();
  auto r = run_grovectl("validate -f - -o text -o sarif=" + grovectl::test::quote(sarif) +
                            " -o junit=" + grovectl::test::quote(junit),
                        two_documents());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  // stdout holds the text report alone, as without the other formats.
  CHECK(r.out == run_grovectl("validate -f -", two_documents()).out);
  CHECK(Json::parse(grovectl::test::read_file(sarif))["runs"][0]["results"].size() == 2u);
  CHECK(grovectl::test::read_file(dir / "report.xml") ==
        run_grovectl("validate -o junit -f -", two_documents()).out);
  // Only the reports are left in the folder: no temporary file.
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  CHECK(files == 2u);
  // Two reports to stdout would interleave; an unknown format and an empty file name are usage errors.
  CHECK(run_grovectl("validate -f - -o json -o tap", two_documents()).exit_code == 2);
  auto unknown = run_grovectl("validate -f - -o xml", two_documents());
  CHECK(unknown.exit_code == 2);
  CHECK(grovectl::test::contains(unknown.err, "-o \"xml\": expected FORMAT or FORMAT=FILE"));
  CHECK(run_grovectl("validate -f - -o sarif=", two_documents()).exit_code == 2);
  // A report that cannot be written is an I/O error, and nothing half-written is left.
  auto unwritable = run_grovectl("validate -f - -o sarif=/nonexistent/dir/report.sarif", two_documents());
  CHECK(unwritable.exit_code == 3);
  CHECK(grovectl::test::contains(unwritable.err,
                                 "/nonexistent/dir/report.sarif: error: cannot write the report"));
}

TEST_CASE("validate -j: the threads to use, a positive number") {
  std::string clean = two_documents().substr(0, two_documents().find("---"));
  CHECK(run_grovectl("validate -j 1 -f -", clean).exit_code == 0);
  CHECK(run_grovectl("validate --jobs 3 -f -", clean).exit_code == 0);
  CHECK(run_grovectl("validate -j 0 -f -", clean).exit_code == 2);
  CHECK(run_grovectl("render -j 2 -f -", clean).exit_code == 0);
}
