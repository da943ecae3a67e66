// koord-scheduler mapping. Expectations derived by hand from Koordinator's gang API
// (koordinator-sh/koordinator@v1.8.0 apis/extension/coscheduling.go, network_topology.go,
// config/crd/bases/scheduling.sigs.k8s.io_podgroups.yaml) and GREP-537 (ai-dynamo/grove PR #562
// docs/proposals/537-koordinator-scheduler-backend/README.md; code shinedays/grove@2d2252c4).
// Pinned to Grove v0.1.0-alpha.11 (--grove-version) where the expectations are Grove's legacy PodGang names
// or object counts, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>

#include "backend/mappings.hpp"
#include "support/backend.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {}

TEST_CASE("koord: one PodGroup per pod group in one GangGroup, with topology and a scaling group") {
  // testdata/backends/clique-topo-pcs.yaml: gang ct-0 = ct-0-a (2 pods, min 2) + ct-0-sg-0-b (1 pod, min 1),
  // both required rack -> rackLayer (GREP-537 built-in table), MustGather. Names <gang>-<group>,
  // groups list in PodGang order, Strict, once-satisfied, total-number = pods, timeout 30, label
  // grove.io/podgang, no priorityClassName (the CRD has none).
  auto objects =
      render_ok("-f " + td("backends/clique-topo-pcs.yaml") + topology_args() + " --backend koord-scheduler");
  auto pgs = of_kind(objects, "PodGroup", "scheduling.sigs.k8s.io/v1alpha1");
  REQUIRE(pgs.size() == 2);
  const std::string groups = R"(["ns1/ct-0-ct-0-a","ns1/ct-0-ct-0-sg-0-b"])";
  const std::string spec = R"({"gatherStrategy":[{"layer":"rackLayer","strategy":"MustGather"}]})";
  Json first = yaml(R"(
apiVersion: scheduling.sigs.k8s.io/v1alpha1
kind: PodGroup
metadata:
  name: ct-0-ct-0-a
  namespace: ns1
  labels: {grove.io/podgang: ct-0}
  annotations: {}
spec:
  minMember: 2
  scheduleTimeoutSeconds: 30
)");
  first["metadata"]["annotations"] = Json{{"gang.scheduling.koordinator.sh/groups", groups},
                                          {"gang.scheduling.koordinator.sh/match-policy", "once-satisfied"},
                                          {"gang.scheduling.koordinator.sh/mode", "Strict"},
                                          {"gang.scheduling.koordinator.sh/network-topology-spec", spec},
                                          {"gang.scheduling.koordinator.sh/total-number", "2"}};
  CHECK(pgs[0] == first);
  CHECK(pgs[1]["metadata"]["name"] == "ct-0-ct-0-sg-0-b");
  CHECK(pgs[1]["metadata"]["annotations"]["gang.scheduling.koordinator.sh/groups"] == groups);
  CHECK(pgs[1]["metadata"]["annotations"]["gang.scheduling.koordinator.sh/total-number"] == "1");
  CHECK(pgs[1]["spec"]["minMember"] == 1);
}

TEST_CASE("koord: GREP-537's translation of a gang-level required rack") {
  RenderOptions options;
  TemplateSet templates;
  MappingContext ctx{options, templates};
  Gang g;
  g.name = "demo-0";
  g.ns = "ns1";
  g.topology = PackConstraint{"topology.kubernetes.io/rack", ""};
  g.groups.resize(2);
  g.groups[0].name = "demo-0-pleader";
  g.groups[0].min_count = 1;
  g.groups[0].pod_count = 1;
  g.groups[1].name = "demo-0-pworker";
  g.groups[1].min_count = 2;
  g.groups[1].pod_count = 2;
  Diagnostics diags;
  koord_v1alpha1_mapping().check(g, ctx, diags);
  REQUIRE_FALSE(diags.has_errors());
  auto objects = koord_v1alpha1_mapping().objects(g, ctx, diags);
  REQUIRE(objects.size() == 2);
  const Json& a = objects[0]["metadata"]["annotations"];
  CHECK(objects[0]["metadata"]["name"] == "demo-0-demo-0-pleader");
  CHECK(a["gang.scheduling.koordinator.sh/groups"] ==
        R"(["ns1/demo-0-demo-0-pleader","ns1/demo-0-demo-0-pworker"])");
  CHECK(a["gang.scheduling.koordinator.sh/total-number"] == "1");
  CHECK(a["gang.scheduling.koordinator.sh/network-topology-spec"] ==
        R"({"gatherStrategy":[{"layer":"rackLayer","strategy":"MustGather"}]})");
  CHECK(objects[1]["spec"] == Json{{"minMember", 2}, {"scheduleTimeoutSeconds", 30}});
  CHECK(objects[1]["metadata"]["annotations"]["gang.scheduling.koordinator.sh/total-number"] == "2");
  // Pod: schedulerName koord-scheduler; label pod-group.scheduling.sigs.k8s.io: <gang>-<group>.
  PodMembership m = koord_v1alpha1_mapping().membership(g, g.groups[0], ctx);
  CHECK(m.scheduler_name == "koord-scheduler");
  CHECK(m.labels == StringMap{{"pod-group.scheduling.sigs.k8s.io", "demo-0-demo-0-pleader"}});
  CHECK(m.annotations.empty());

  // Required + preferred: Required rule first, then PreferGather (GREP-537 buildTopologyAnnotation);
  // --koord-layer-map overrides the built-in table.
  g.topology = PackConstraint{"topology.kubernetes.io/block", "topology.kubernetes.io/rack"};
  options.koord_layer_map["topology.kubernetes.io/rack"] = "spineLayer";
  auto both = koord_v1alpha1_mapping().objects(g, ctx, diags);
  CHECK(
      both[0]["metadata"]["annotations"]["gang.scheduling.koordinator.sh/network-topology-spec"] ==
      R"({"gatherStrategy":[{"layer":"blockLayer","strategy":"MustGather"},{"layer":"spineLayer","strategy":"PreferGather"}]})");
}

TEST_CASE("koord: pods carry the pod-group label") {
  auto objects =
      render_ok("-f " + td("backends/clique-topo-pcs.yaml") + " --backend koordinator --include pods");
  auto pods = of_kind(objects, "Pod");
  REQUIRE(pods.size() == 3);
  CHECK(pods[0]["spec"]["schedulerName"] == "koord-scheduler");
  CHECK(pods[0]["metadata"]["labels"]["pod-group.scheduling.sigs.k8s.io"] == "ct-0-ct-0-a");
  CHECK(pods[2]["metadata"]["labels"]["pod-group.scheduling.sigs.k8s.io"] == "ct-0-ct-0-sg-0-b");
}

TEST_CASE("koord: a PodGroup name too long for the label joins pods by annotation, with a warning") {
  // koord-scheduler's lookup order (label, then annotation gang.scheduling.koordinator.sh/name;
  // GetGangNameByPod, pkg/scheduler/plugins/coscheduling/util/gang_helper.go) and a label value's 63 limit.
  auto r = run_grovectl("render --grove-version v0.1.0-alpha.11 -o json --include pods -f " +
                        td("backends/long-names-pcs.yaml") + " --backend koord-scheduler");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.err, Catch::Contains("[capability/koord-label-length]"));
  Json pod = Json::parse(r.out);
  const std::string name =
      "inference-pipeline-long-0-inference-pipeline-long-0-prefill-worker-with-a-long-name";
  CHECK(pod["metadata"]["annotations"]["gang.scheduling.koordinator.sh/name"] == name);
  CHECK_FALSE(pod["metadata"]["labels"].contains("pod-group.scheduling.sigs.k8s.io"));
}

TEST_CASE("koord: refusals") {
  SECTION("unmappable required key; --koord-layer-map is the way out") {
    // topology.kubernetes.io/zone is not in the GREP-537 table: hard error (GREP-537).
    auto r = run_grovectl("render --grove-version v0.1.0-alpha.11 -f " + td("backends/topo-pcs.yaml") +
                          topology_args() + " --backend koord-scheduler");
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::Contains("[capability/koord-topology-layer]"));
    CHECK_THAT(r.err, Catch::Contains("--koord-layer-map topology.kubernetes.io/zone=<layer>"));
    // Scaling-group topology (a group config) is refused too (GREP-537 admission rejections).
    CHECK_THAT(r.err, Catch::Contains("[capability/koord-pcsg-topology]"));
  }
  SECTION("MNNVL") {
    auto r = run_grovectl("render --grove-version v0.1.0-alpha.11 -f " + td("backends/mnnvl-pcs.yaml") +
                          " --backend koord-scheduler");
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::Contains("MNNVL"));
    CHECK_THAT(r.err, Catch::Contains("[capability/koord-mnnvl]"));
    // "none" opts out (Grove's operator/internal/mnnvl/webhook.go): the other clique of the same file alone
    // is fine.
    auto ok = run_grovectl("render --grove-version v0.1.0-alpha.11 -f " + td("backends/mnnvl-none-pcs.yaml") +
                           " --backend koord-scheduler");
    CHECK(ok.exit_code == 0);
  }
  SECTION("PodGroup name over 253 characters") {
    auto r = run_grovectl("render --grove-version v0.1.0-alpha.11 -f " +
                          td("backends/long-subdomain-pcs.yaml") + " --backend koord-scheduler");
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::Contains("over the DNS subdomain limit of 253"));
    CHECK_THAT(r.err, Catch::Contains("[capability/name-too-long]"));
  }
}
