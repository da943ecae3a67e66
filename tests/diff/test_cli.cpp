// grovectl diff against live files. Inputs: testdata/diff/ (hand-written). Expected gangs of pcs.yaml
// derived by hand from Grove's computeExpectedPodGangs (see the comment in pcs.yaml); exit codes from
// docs/exit-codes.md (0 none, 1 differences, 2 usage, 3 input/I/O; an error is never 1, as kubectl diff).
// Pinned to Grove v0.1.0-alpha.11 (--grove-version): these expectations and live captures are of Grove's
// legacy PodGang names, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using grovectl::Json;
using namespace grovectl::test;

namespace {

std::string diff_args(const std::string& live_file, const std::string& extra = "") {
  return "diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs.yaml").string() +
         "' --include podgang --live '" + testdata("diff/" + live_file).string() + "' " + extra;
}

// The "diffs" array of `-o json` ({summary, diffs}).
Json json_out(const CommandResult& r) {
  INFO(r.out << r.err);
  return Json::parse(r.out).at("diffs");
}

}  // namespace

TEST_CASE("diff: live copy with server noise, shuffled objects and shuffled podgroups is no difference",
          "[diff]") {
  auto r = run_grovectl(diff_args("live-noisy.yaml"));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "+0 added, -0 removed, ~0 changed, 2 unchanged\n");
  // The PodCliqueSet in the dump is not compared, and the user is told so.
  CHECK(r.err.find("not compared") != std::string::npos);
  CHECK(r.err.find("PodCliqueSet.grove.io (1)") != std::string::npos);
  auto j = run_grovectl(diff_args("live-noisy.yaml", "-o json"));
  CHECK(j.exit_code == 0);
  CHECK(json_out(j) == Json::array());
}

TEST_CASE("diff: live from stdin", "[diff]") {
  auto r = run_grovectl("diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs.yaml").string() +
                            "' --include podgang --live -",
                        read_file(testdata("diff/live-noisy.yaml")));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
}

TEST_CASE("diff: a changed minReplicas is one change at the keyed path, exit 1", "[diff]") {
  auto r = run_grovectl(diff_args("live-changed.yaml", "-o json"));
  CHECK(r.exit_code == 1);
  Json j = json_out(r);
  REQUIRE(j.size() == 1);
  CHECK(j[0]["op"] == "changed");
  CHECK(j[0]["object"]["kind"] == "PodGang");
  CHECK(j[0]["object"]["name"] == "shop-0");
  CHECK(j[0]["object"]["namespace"] == "team-a");
  REQUIRE(j[0]["changes"].size() == 1);
  CHECK(j[0]["changes"][0]["path"] == "/spec/podgroups/name=shop-0-leader/minReplicas");
  CHECK(j[0]["changes"][0]["old"] == 2);
  CHECK(j[0]["changes"][0]["new"] == 1);

  auto t = run_grovectl(diff_args("live-changed.yaml"));
  CHECK(t.exit_code == 1);
  CHECK(t.out.find("diff PodGang.scheduler.grove.io team-a/shop-0 (changed)\n") != std::string::npos);
  CHECK(t.out.find("\n-    minReplicas: 2\n+    minReplicas: 1\n") != std::string::npos);
  CHECK(t.out.find("\x1b[") == std::string::npos);  // NO_COLOR and not a terminal
  CHECK(t.out.ends_with("+0 added, -0 removed, ~1 changed, 1 unchanged\n"));
}

TEST_CASE("diff: a missing live object is added, exit 1", "[diff]") {
  auto r = run_grovectl(diff_args("live-missing.yaml", "-o json"));
  CHECK(r.exit_code == 1);
  Json j = json_out(r);
  REQUIRE(j.size() == 1);
  CHECK(j[0]["op"] == "added");
  CHECK(j[0]["object"]["name"] == "shop-0-sg-0");
  auto t = run_grovectl(diff_args("live-missing.yaml"));
  CHECK(t.out.ends_with("+1 added, -0 removed, ~0 changed, 1 unchanged\n"));
}

TEST_CASE("diff: an extra live object is removed, exit 1", "[diff]") {
  auto r = run_grovectl(diff_args("live-extra.yaml", "-o json"));
  CHECK(r.exit_code == 1);
  Json j = json_out(r);
  REQUIRE(j.size() == 1);
  CHECK(j[0]["op"] == "removed");
  CHECK(j[0]["object"]["name"] == "shop-0-sg-1");
  CHECK(j[0]["changes"][0]["new"].is_null());
}

// A live input that does not parse is an input diff cannot use (4), not a difference (1); one that cannot be
// read is an I/O error (3), as everywhere (docs/exit-codes.md).
TEST_CASE("diff: a broken live input exits 4, an unreadable one 3", "[diff]") {
  auto broken = run_grovectl(diff_args("live-broken.yaml"));
  CHECK(broken.exit_code == 4);
  CHECK(broken.err.find("live-broken.yaml:") != std::string::npos);
  CHECK(broken.out.empty());
  auto absent = run_grovectl(diff_args("no-such-file.yaml"));
  CHECK(absent.exit_code == 3);
}

TEST_CASE("diff: usage errors exit 2", "[diff]") {
  std::string f = "diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs.yaml").string() +
                  "' --include podgang ";
  CHECK(run_grovectl(f).exit_code == 2);  // nothing to compare with
  std::string live = "--live '" + testdata("diff/live-noisy.yaml").string() + "' ";
  CHECK(run_grovectl(f + live + "--kubectl").exit_code == 2);
  CHECK(run_grovectl(f + live + "--color sometimes").exit_code == 2);
  CHECK(run_grovectl(f + live + "--ignore metadata.labels").exit_code == 2);
  CHECK(run_grovectl(f + "--to-backend nosuch").exit_code == 2);
  CHECK(run_grovectl(f + live + "--context prod").exit_code == 2);  // --context needs --kubectl
}

TEST_CASE("diff: --ignore removes a field from the output and from the exit code", "[diff]") {
  auto r = run_grovectl(diff_args("live-changed.yaml", "--ignore '/spec/podgroups/*/minReplicas'"));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  auto scoped = run_grovectl(
      diff_args("live-changed.yaml", "--ignore 'PodGang/shop-0:/spec/podgroups/name=shop-0-leader'"));
  CHECK(scoped.exit_code == 0);
  auto other_kind = run_grovectl(diff_args("live-changed.yaml", "--ignore 'PodGroup:/spec/podgroups'"));
  CHECK(other_kind.exit_code == 1);
  auto other_name = run_grovectl(diff_args("live-changed.yaml", "--ignore 'PodGang/shop-0-sg-0:/spec'"));
  CHECK(other_name.exit_code == 1);
}

TEST_CASE("diff: --color always colors, --context-lines limits context", "[diff]") {
  auto colored = run_grovectl(diff_args("live-changed.yaml", "--color always"));
  CHECK(colored.out.find("\x1b[31m-    minReplicas: 2\x1b[0m") != std::string::npos);
  CHECK(colored.out.find("\x1b[32m+    minReplicas: 1\x1b[0m") != std::string::npos);
  auto zero = run_grovectl(diff_args("live-changed.yaml", "--context-lines 0"));
  // With no context, the hunk is exactly the two changed lines. Canonical YAML of shop-0: apiVersion, kind,
  // metadata, name, namespace, labels (6 lines) + 5 labels + spec, podgroups, "- name: shop-0-leader"
  // (podReferences dropped) -> minReplicas is line 15.
  CHECK(zero.out.find("@@ -15 +15 @@\n-    minReplicas: 2\n+    minReplicas: 1\n+0 added") !=
        std::string::npos);
}

TEST_CASE("diff: default-scheduler 1.37 live objects with server defaults, a changed minCount", "[diff]") {
  // The live PodGroups carry disruptionMode {single: {}}, which the server fills in and render leaves out
  // (+default in kubernetes/api 1.37 scheduling/v1beta1/types.go): not a difference. Templates are matched by
  // name.
  std::string base = "diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs.yaml").string() +
                     "' --backend default-scheduler --kube-version 1.37 --include scheduler --live '";
  auto same = run_grovectl(base + testdata("diff/live-workload-1.37.yaml").string() + "'");
  INFO(same.out << same.err);
  CHECK(same.exit_code == 0);
  CHECK(same.out == "+0 added, -0 removed, ~0 changed, 5 unchanged\n");
  auto changed =
      run_grovectl(base + testdata("diff/live-workload-1.37-mincount.yaml").string() + "' -o json");
  REQUIRE(changed.exit_code == 1);
  Json j = json_out(changed);
  REQUIRE(j.size() == 1);
  CHECK(j[0]["object"]["kind"] == "Workload");
  CHECK(j[0]["object"]["name"] == "shop-0");
  REQUIRE(j[0]["changes"].size() == 1);
  CHECK(j[0]["changes"][0]["path"] ==
        "/spec/podGroupTemplates/name=shop-0-sg-0-worker/schedulingPolicy/gang/minCount");
  CHECK(j[0]["changes"][0]["old"] == 3);
  CHECK(j[0]["changes"][0]["new"] == 2);
}
