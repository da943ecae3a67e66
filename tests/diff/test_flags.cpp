// grovectl diff flags and input hygiene: a table of flag combinations with the exit code and message each
// must give, stdin read once, --context-lines bounds with the exact message, --ignore syntax (usage error)
// and --ignore that matches nothing (warning), -q, and the exit-code table shared with render and validate
// (0 ok, 1 differences (diff) or invalid input (render, validate), 2 usage, 3 I/O, 4 an input diff cannot
// use; docs/exit-codes.md).
// Pinned to Grove v0.1.0-alpha.11 (--grove-version): these expectations and live captures are of Grove's
// legacy PodGang names, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using grovectl::Json;
using namespace grovectl::test;

namespace {

std::string pcs_arg() {
  return quote(testdata("diff/pcs.yaml").string());
}
std::string live(const char* name) {
  return quote(testdata(std::string("diff/") + name).string());
}
// pcs.yaml against live-changed.yaml is one change (test_diff_cli.cpp); against live-noisy.yaml none.
std::string changed() {
  return "diff --grove-version v0.1.0-alpha.11 -f " + pcs_arg() + " --include podgang --live " +
         live("live-changed.yaml") + " ";
}
std::string same() {
  return "diff --grove-version v0.1.0-alpha.11 -f " + pcs_arg() + " --include podgang --live " +
         live("live-noisy.yaml") + " ";
}
std::string preview() {
  return "diff --grove-version v0.1.0-alpha.11 -f " + pcs_arg() + " --include podgang ";
}

struct Case {
  std::string args;
  int exit_code;
  std::string err_contains;  // "" : stderr not checked
};

}  // namespace

TEST_CASE("diff flags: a table of combinations and their exit codes", "[diff][flags]") {
  const std::vector<Case> cases = {
      // modes
      {"diff --grove-version v0.1.0-alpha.11 -f " + pcs_arg(), 2, "diff needs something to compare with"},
      {same() + "--kubectl", 2, "use only one of --live, --kubectl"},
      {same() + "--to-backend volcano", 2, "use only one of"},
      {same() + "--context prod", 2, "--context is a kubectl context and needs --kubectl"},
      {preview() + "--to-backend volcano --show-unrelated", 2, "--show-unrelated is about live objects"},
      {same() + "--show-unrelated", 0, ""},
      // values the parser or the selectors refuse
      {same() + "--color sometimes", 2, "--color"},
      {same() + "-o yaml", 2, "--output"},
      {"diff --grove-version v0.1.0-alpha.11 -f " + pcs_arg() + " --live " + live("live-noisy.yaml") +
           " --include nosuch",
       2, "nosuch"},
      {preview() + "--to-backend nosuch", 2, "unknown backend \"nosuch\""},
      {preview() + "--to-kube-version 1.34", 2, "1.34"},
      {preview() + "--to-hierarchy diagonal", 2, "--to-hierarchy"},
      {preview() + "--to-feature-gates Bogus=true", 2,
       "unrecognized feature gate \"Bogus\" for Kubernetes 1.37"},
      // the target's gates are its own: a 1.36-only gate is refused on a 1.37 target, and carried over
      // from --feature-gates only where the target has it (KEP-4671)
      {preview() + "--to-kube-version 1.37 --to-feature-gates GangScheduling=true", 2,
       "unrecognized feature gate \"GangScheduling\" for Kubernetes 1.37"},
      {preview() + "--kube-version 1.36 --feature-gates GangScheduling=true --to-kube-version 1.37", 0, ""},
      {preview() + "--kube-version 1.36 --to-kube-version 1.37 --to-feature-gates "
                   "TopologyAwareWorkloadScheduling=true",
       0, ""},
      // outputs
      {changed() + "-o brief", 1, ""},
      {changed() + "-o json", 1, ""},
      {changed() + "-q", 1, ""},
      {same() + "-q", 0, ""},
      {changed() + "--color always --context-lines 0", 1, ""},
      // --ignore
      {changed() + "--ignore '/spec/podgroups/*/minReplicas'", 0, ""},
      {changed() + "--ignore 'PodGang/shop-0'", 0, ""},
      {changed() + "--ignore 'Pod*/shop-?'", 0, ""},
      {changed() + "--ignore 'podgang.scheduler.grove.io/shop-*:/spec/podgroups'", 0, ""},
      {changed() + "--ignore 'PodGroup:/spec/queue'", 1, "--ignore \"PodGroup:/spec/queue\" matched nothing"},
      {changed() + "--ignore metadata.labels", 2, "this is a field path"},
      {changed() + "--ignore ''", 2, "empty rule"},
      {changed() + "--ignore ':/spec'", 2, "must start with a kind"},
      {changed() + "--ignore 'PodGang:'", 2, "nothing after ':'"},
      {changed() + "--ignore 'PodGang:spec'", 2, "is not a JSON pointer"},
      {changed() + "--ignore 'Pod Gang:/spec'", 2, "is not a kind"},
      {changed() + "--ignore 'PodGang.:/spec'", 2, "empty API group"},
      {changed() + "--ignore 'PodGang/:/spec'", 2, "empty name"},
      {changed() + "--ignore '/spec//x'", 2, "empty segment"},
      {changed() + "--ignore '/spec/**/x'", 2, "'**' is not supported"},
      // --context-lines
      {changed() + "--context-lines 10000", 1, ""},
      {changed() + "--context-lines 0", 1, ""},
      // stdin once
      {"diff --grove-version v0.1.0-alpha.11 -f - --live -", 2,
       "standard input ('-') can be read only once, but -f and --live both name it"},
      {"diff --grove-version v0.1.0-alpha.11 -f - --topology - --live x.yaml", 2,
       "-f and --topology both name it"},
      {"diff --grove-version v0.1.0-alpha.11 -f " + pcs_arg() + " --live - --live -", 2,
       "--live and --live both name it"},
      // inputs: an invalid input of either side is 4, never 1 (a difference) nor 3 (I/O, which stays 3)
      {"diff --grove-version v0.1.0-alpha.11 -f " + quote(testdata("render/malformed.yaml").string()) +
           " --live " + live("live-noisy.yaml"),
       4, "malformed.yaml:"},
      {"diff --grove-version v0.1.0-alpha.11 -f " + pcs_arg() + " --include podgang --live " +
           live("live-broken.yaml"),
       4, "live-broken.yaml:"},
      {"diff --grove-version v0.1.0-alpha.11 -f " + quote(testdata("render/malformed.yaml").string()) +
           " -n team-a --kubectl --kubectl-path /nonexistent/kubectl",
       4, "malformed.yaml:"},
      {"diff --grove-version v0.1.0-alpha.11 -f /nonexistent/pcs.yaml --live " + live("live-noisy.yaml"), 3,
       ""},
      {"diff --grove-version v0.1.0-alpha.11 -f " + pcs_arg() + " --live /nonexistent/live.yaml", 3, ""},
      {"diff --grove-version v0.1.0-alpha.11 -f " + pcs_arg() +
           " --kubectl --kubectl-path /nonexistent/kubectl",
       3, "cannot run"},
  };
  for (const auto& c : cases) {
    SECTION(c.args) {
      auto r = run_grovectl(c.args, "");
      INFO(r.out << r.err);
      CHECK(r.exit_code == c.exit_code);
      if (!c.err_contains.empty()) CHECK(r.err.find(c.err_contains) != std::string::npos);
    }
  }
}

TEST_CASE("diff flags: --context-lines outside 0..10000 is exactly one usage line, exit 2", "[diff][flags]") {
  for (std::string v : {"-1", "18446744073709551615", "10001", "abc", "", "+3", "1e3"}) {
    SECTION("value [" + v + "]") {
      auto r = run_grovectl(changed() + "--context-lines " + quote(v));
      CHECK(r.exit_code == 2);
      CHECK(r.err == "grovectl: --context-lines must be between 0 and 10000 (got " + v + ")\n");
      CHECK(r.out.empty());
    }
  }
  auto eq = run_grovectl(changed() + "--context-lines=-1");
  CHECK(eq.exit_code == 2);
  CHECK(eq.err == "grovectl: --context-lines must be between 0 and 10000 (got -1)\n");
}

TEST_CASE("diff flags: -f - --live - is a usage error and reads nothing", "[diff][flags]") {
  auto r = run_grovectl("diff --grove-version v0.1.0-alpha.11 -f - --live -",
                        read_file(testdata("diff/pcs.yaml")));
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err ==
        "grovectl: error: standard input ('-') can be read only once, but -f and --live both name it; save "
        "one of the streams to a file [usage/stdin-twice]\n");
}

TEST_CASE("diff flags: -q prints nothing, not even notes", "[diff][flags]") {
  auto r = run_grovectl(changed() + "-q");
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(r.err.empty());
}

TEST_CASE("diff flags: an --ignore that matches nothing is a warning and changes nothing else",
          "[diff][flags]") {
  auto with = run_grovectl(changed() + "--ignore 'Workload:/spec'");
  auto without = run_grovectl(changed());
  CHECK(with.exit_code == without.exit_code);
  CHECK(with.out == without.out);
  CHECK(with.err.find(
            "grovectl: warning: --ignore \"Workload:/spec\" matched nothing in the compared objects\n") !=
        std::string::npos);
}

TEST_CASE("diff flags: -o json is {summary, diffs}, -o brief is one line per changed field",
          "[diff][flags]") {
  auto j = run_grovectl(changed() + "-o json");
  Json out = Json::parse(j.out);
  CHECK(out["summary"] == Json::parse(R"({"added":0,"removed":0,"changed":1,"unchanged":1,"outOfScope":0})"));
  CHECK(out["diffs"].size() == 1);
  CHECK_FALSE(out.contains("plan"));
  auto b = run_grovectl(changed() + "-o brief --color always");
  CHECK(b.out ==
        "~ PodGang.scheduler.grove.io team-a/shop-0\n"
        "    spec.podgroups[name=shop-0-leader].minReplicas: 2 → 1\n"
        "+0 added, -0 removed, ~1 changed, 1 unchanged\n");
}

TEST_CASE("exit codes: an input render and validate refuse with 1 is 4 from diff, never 1", "[diff][flags]") {
  // A KAI render of pcs.yaml is refused (no queue: KAI's pod-grouper needs one, as Grove's KAI backend
  // requires): invalid input, 1 from render and validate, 4 from diff in every mode.
  std::string refused = "-f " + pcs_arg() + " --backend kai-scheduler";
  CHECK(run_grovectl("render " + refused).exit_code == 1);
  CHECK(run_grovectl("validate " + refused).exit_code == 1);
  CHECK(run_grovectl("diff --grove-version v0.1.0-alpha.11 " + refused + " --live " + live("live-noisy.yaml"))
            .exit_code == 4);
  CHECK(run_grovectl("diff --grove-version v0.1.0-alpha.11 " + refused + " --to-backend volcano").exit_code ==
        4);
  CHECK(run_grovectl("diff --grove-version v0.1.0-alpha.11 " + refused +
                     " -n team-a --kubectl --kubectl-path /nonexistent/kubectl")
            .exit_code == 4);
  // YAML that does not parse: 1, and 4 from diff.
  std::string malformed = "-f " + quote(testdata("render/malformed.yaml").string());
  CHECK(run_grovectl("render " + malformed).exit_code == 1);
  CHECK(run_grovectl("validate " + malformed).exit_code == 1);
  CHECK(
      run_grovectl("diff --grove-version v0.1.0-alpha.11 " + malformed + " --to-backend volcano").exit_code ==
      4);
  // A file that cannot be read: 3 everywhere.
  CHECK(run_grovectl("render -f /nonexistent.yaml").exit_code == 3);
  CHECK(run_grovectl("validate -f /nonexistent.yaml").exit_code == 3);
  CHECK(run_grovectl("diff --grove-version v0.1.0-alpha.11 -f /nonexistent.yaml --to-backend volcano")
            .exit_code == 3);
}
