// One verdict for every command (issue 15, item 4): render and diff run validate's input checks (layer 1:
// kinds and one document per object across the inputs; layer 2: the CRD schema and the API server's metadata
// rules) and refuse with the same messages and locations. Grove's and JobSet's admission rules (layer 3) are
// not yet part of render's verdict (see README design notes).
#include <catch2/catch.hpp>
#include <set>
#include <sstream>

#include "support/repo_tree.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

// The error lines of a command's output, without render's and diff's "grovectl: " prefix.
std::set<std::string> error_lines(const std::string& output) {
  std::set<std::string> out;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("grovectl: ", 0) == 0) line = line.substr(10);
    if (line.find(": error: ") != std::string::npos) out.insert(line);
  }
  return out;
}

void check_one_verdict(const std::string& args, const std::string& input, const std::string& rule) {
  auto validate = run_grovectl("validate " + args, input);
  INFO("validate: " << validate.out);
  CHECK(validate.exit_code == 1);
  const std::set<std::string> expected = error_lines(validate.out);
  REQUIRE_FALSE(expected.empty());
  bool has_rule = false;
  for (const auto& l : expected) has_rule |= l.find("[" + rule + "]") != std::string::npos;
  CHECK(has_rule);
  auto render = run_grovectl("render " + args, input);
  INFO("render: " << render.err);
  CHECK(render.exit_code == 1);
  CHECK(render.out.empty());
  CHECK(error_lines(render.err) == expected);
  auto diff = run_grovectl("diff --to-kube-version 1.36 " + args, input);
  INFO("diff: " << diff.err);
  CHECK(diff.exit_code == 1);
  CHECK(diff.out.empty());
  CHECK(error_lines(diff.err) == expected);
}

std::string with_namespace(const std::string& pcs, const std::string& ns) {
  std::string out = pcs;
  out.insert(out.find("spec:"), "  namespace: " + ns + "\n");
  return out;
}

}  // namespace

TEST_CASE("one verdict: render and diff refuse what validate reports, with its messages") {
  // The API server's namespace rule: a DNS-1123 label (at most 63 characters, lower case).
  SECTION("an invalid namespace") {
    check_one_verdict("-f -", with_namespace(small_podcliqueset("ns"), "Team_A"), "meta/namespace");
  }
  SECTION("a 64-character namespace") {
    check_one_verdict("-f -", with_namespace(small_podcliqueset("ns"), std::string(64, 'n')),
                      "meta/namespace");
  }
}

TEST_CASE("one verdict: the same object twice across inputs is an error naming both locations") {
  const std::string pcs = small_podcliqueset("serving");
  // The same PodCliqueSet in two documents of one stream (line 1 and line 18), as a chart and a copy in
  // deploy/ would give; its name is on line 4 and line 21.
  const std::string twice = pcs + "---\n" + pcs;
  check_one_verdict("-f -", twice, "input/duplicate-object");
  auto r = run_grovectl("validate -f -", twice);
  CHECK(r.out.find(
            "-:21:9: error: PodCliqueSet default/serving is defined twice across the inputs, here and at "
            "-:4:9 (the API server keeps one object per kind, namespace and name) (field: metadata.name) "
            "[input/duplicate-object]") != std::string::npos);
  // Another namespace is another object.
  CHECK(run_grovectl("validate -f -", pcs + "---\n" + with_namespace(pcs, "other")).exit_code == 0);
  // --namespace puts both into one namespace: still one object.
  CHECK(run_grovectl("validate -n team -f -", pcs + "---\n" + with_namespace(pcs, "team")).exit_code == 1);
}
