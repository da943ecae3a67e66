// Migration preview: render the same input for two backends / versions and diff them.
// Expected objects derived by hand: gangs of testdata/diff/pcs-kai.yaml from Grove's
// computeExpectedPodGangs (shop-0 with podgroups shop-0-leader and shop-0-sg-0-worker; shop-0-sg-0 with
// shop-0-sg-1-worker); kai-scheduler emits a scheduling.run.ai PodGroup named after each gang (Grove's
// kai/backend.go); default-scheduler on 1.37 flat emits a scheduling.k8s.io Workload per gang and a
// PodGroup per pod group named "<gang>-<podgroup>" (GREP-531 version A). PodGangs change only in their
// grove.io/scheduler-name label.
// Pinned to Grove v0.1.0-alpha.11 (--grove-version): these expectations and live captures are of Grove's
// legacy PodGang names, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>
#include <set>

#include "support/test_support.hpp"

using grovectl::Json;
using namespace grovectl::test;

namespace {

using Ids = std::set<std::string>;  // "Kind.group name"

Ids ids_with_op(const Json& diff, const std::string& op) {
  Ids out;
  for (const auto& d : diff) {
    if (d["op"] != op) continue;
    out.insert(d["object"]["kind"].get<std::string>() + "." + d["object"]["group"].get<std::string>() + " " +
               d["object"]["name"].get<std::string>());
  }
  return out;
}

}  // namespace

TEST_CASE("diff migration preview: kai-scheduler -> default-scheduler 1.37", "[diff][migration]") {
  auto r =
      run_grovectl("diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs-kai.yaml").string() +
                   "' --backend kai-scheduler --kube-version 1.37 --to-backend default-scheduler -o json");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 1);
  Json j = Json::parse(r.out).at("diffs");
  CHECK(ids_with_op(j, "removed") ==
        Ids{"PodGroup.scheduling.run.ai shop-0", "PodGroup.scheduling.run.ai shop-0-sg-0"});
  CHECK(ids_with_op(j, "added") == Ids{"Workload.scheduling.k8s.io shop-0",
                                       "Workload.scheduling.k8s.io shop-0-sg-0",
                                       "PodGroup.scheduling.k8s.io shop-0-shop-0-leader",
                                       "PodGroup.scheduling.k8s.io shop-0-shop-0-sg-0-worker",
                                       "PodGroup.scheduling.k8s.io shop-0-sg-0-shop-0-sg-1-worker"});
  CHECK(ids_with_op(j, "changed") ==
        Ids{"PodGang.scheduler.grove.io shop-0", "PodGang.scheduler.grove.io shop-0-sg-0"});
  bool label_change = false;
  for (const auto& d : j) {
    if (d["op"] != "changed") continue;
    for (const auto& c : d["changes"]) {
      if (c["path"] == "/metadata/labels/grove.io~1scheduler-name") {
        label_change = c["old"] == "kai-scheduler" && c["new"] == "default-scheduler";
      }
    }
  }
  CHECK(label_change);

  auto text =
      run_grovectl("diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs-kai.yaml").string() +
                   "' --backend kai-scheduler --to-backend default-scheduler");
  CHECK(text.exit_code == 1);
  CHECK(text.out.ends_with("+5 added, -2 removed, ~2 changed, 0 unchanged\n"));
  CHECK(text.out.find("--- kai-scheduler on Kubernetes 1.37 ") != std::string::npos);
  CHECK(text.out.find("+++ default-scheduler on Kubernetes 1.37 (flat) ") != std::string::npos);
}

TEST_CASE("diff migration preview: same backend and version is no difference", "[diff][migration]") {
  auto r = run_grovectl("diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs.yaml").string() +
                        "' --include podgang --kube-version 1.36 --to-kube-version 1.37");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.ends_with("\n+0 added, -0 removed, ~0 changed, 2 unchanged\n"));
}

TEST_CASE("diff migration preview: PodGangs change their scheduler-name label between backends",
          "[diff][migration]") {
  // Only PodGangs (available on every branch): label grove.io/scheduler-name: <backend> (Grove's podgang.go).
  auto r = run_grovectl("diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs-kai.yaml").string() +
                        "' --include podgang --backend kai-scheduler --to-backend volcano -o json");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 1);
  Json j = Json::parse(r.out).at("diffs");
  REQUIRE(j.size() == 2);
  CHECK(j[0]["op"] == "changed");
  bool found = false;
  for (const auto& c : j[0]["changes"]) {
    if (c["path"] == "/metadata/labels/grove.io~1scheduler-name") {
      found = true;
      CHECK(c["old"] == "kai-scheduler");
      CHECK(c["new"] == "volcano");
    }
  }
  CHECK(found);
}
