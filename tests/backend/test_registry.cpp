// grovectl backends: the support matrix (backend x Kubernetes version -> kinds).
#include <catch2/catch.hpp>

#include "support/backend.hpp"

using namespace grovectl;
using namespace grovectl::test;

TEST_CASE("backends -o json lists every backend x version with kinds and gates") {
  auto r = run_grovectl("backends -o json");
  REQUIRE(r.exit_code == 0);
  Json rows = Json::parse(r.out);
  // 3 versions x (kai, volcano, koord, lpx, default flat) + 1.37 composite (the README's backend table;
  // lpx-scheduler from ai-dynamo/grove PR #663, on every Kubernetes version).
  REQUIRE(rows.size() == 16);
  auto find = [&](const std::string& backend, const std::string& kube, const std::string& hierarchy) {
    for (const auto& row : rows) {
      if (row["backend"] == backend && row["kubeVersion"] == kube && row["hierarchy"] == hierarchy)
        return row;
    }
    FAIL("no row " << backend << " " << kube << " " << hierarchy);
    return Json();
  };
  CHECK(find("kai-scheduler", "1.35", "flat")["kinds"] ==
        Json::array({"scheduler.grove.io/v1alpha1 PodGang", "scheduling.run.ai/v2alpha2 PodGroup"}));
  CHECK(find("default-scheduler", "1.35", "flat")["kinds"][1] == "scheduling.k8s.io/v1alpha1 Workload");
  // Gates per KEP-4671: GangScheduling exists up to 1.36, WorkloadAwarePreemption only in 1.36.
  CHECK(find("default-scheduler", "1.36", "flat")["gates"] ==
        Json::array({"GenericWorkload", "GangScheduling", "TopologyAwareWorkloadScheduling",
                     "WorkloadAwarePreemption"}));
  CHECK(find("default-scheduler", "1.37", "flat")["kinds"][1] == "scheduling.k8s.io/v1beta1 Workload");
  CHECK(find("default-scheduler", "1.37", "composite")["kinds"][2] ==
        "scheduling.k8s.io/v1alpha3 CompositePodGroup");
  CHECK(find("default-scheduler", "1.37", "composite")["gates"] ==
        Json::array({"GenericWorkload", "TopologyAwareWorkloadScheduling", "CompositePodGroup"}));
  CHECK(find("koord-scheduler", "1.37", "flat")["kinds"][1] == "scheduling.sigs.k8s.io/v1alpha1 PodGroup");
  // lpx-scheduler reads the PodGangs: nothing of its own.
  CHECK(find("lpx-scheduler", "1.35", "flat")["kinds"] ==
        Json::array({"scheduler.grove.io/v1alpha1 PodGang"}));
  // Every backend is in both supported Grove releases (lpx merged before the v0.1.0-alpha.11 tag).
  for (const auto& row : rows)
    CHECK(row["groveVersions"] == Json::array({"v0.1.0-alpha.11", "v0.1.0-alpha.13"}));
}

TEST_CASE("backends prints a text table by default, composite on 1.36 is refused naming what exists") {
  auto r = run_grovectl("backends");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("BACKEND"));
  CHECK_THAT(r.out, Catch::Contains("volcano"));
  auto c = run_grovectl("render -f " + td("backends/volcano-pcs.yaml") +
                        " --backend default-scheduler --kube-version 1.36 --hierarchy composite");
  CHECK(c.exit_code == 1);
  // The default scheduler's rows of the table above, sorted: flat on every version, composite on 1.37.
  CHECK_THAT(c.err, Catch::Contains("backend default-scheduler has no mapping for Kubernetes 1.36 with "
                                    "--hierarchy composite (available: 1.35 flat, 1.36 flat, 1.37 composite, "
                                    "1.37 flat)"));
}
