// volcano mapping. Expectations derived by hand from Grove's Volcano backend and its tests
// (ai-dynamo/grove@fcc3b3bb operator/internal/scheduler/volcano/{backend.go,queue.go,backend_test.go}) and
// the PodGroup type (volcano-sh/apis@v1.14.1 pkg/apis/scheduling/v1beta1/types.go).
#include <catch2/catch.hpp>

#include "backend/mappings.hpp"
#include "support/backend.hpp"

using namespace grovectl;
using namespace grovectl::test;

TEST_CASE("volcano: PodGroup with subGroupPolicy for a PCS with a scaling group") {
  // testdata/backends/volcano-pcs.yaml: base gang vj-0 = vj-0-ps (min 3) + vj-0-sg-0-worker (min 1);
  // scaled gang vj-0-sg-0 = vj-0-sg-1-worker. Labels only (no annotations), queue trimmed from the
  // mirrored annotation, minMember = Σ minReplicas (SyncPodGang in volcano/backend.go).
  auto objects = render_ok("-f " + td("backends/volcano-pcs.yaml") + " --backend volcano");
  auto pgs = of_kind(objects, "PodGroup", "scheduling.volcano.sh/v1beta1");
  REQUIRE(pgs.size() == 2);
  CHECK(pgs[0] == yaml(R"(
apiVersion: scheduling.volcano.sh/v1beta1
kind: PodGroup
metadata:
  name: vj-0
  namespace: ns1
  labels:
    app.kubernetes.io/component: podgang
    app.kubernetes.io/managed-by: grove-operator
    app.kubernetes.io/part-of: vj
    grove.io/scheduler-name: volcano
spec:
  minMember: 4
  queue: gpu-training
  priorityClassName: high-priority
  subGroupPolicy:
  - name: vj-0-ps
    labelSelector: {matchLabels: {grove.io/podclique: vj-0-ps}}
    matchLabelKeys: [grove.io/podclique]
    subGroupSize: 3
    minSubGroups: 1
  - name: vj-0-sg-0-worker
    labelSelector: {matchLabels: {grove.io/podclique: vj-0-sg-0-worker}}
    matchLabelKeys: [grove.io/podclique]
    subGroupSize: 1
    minSubGroups: 1
)"));
  CHECK(pgs[1]["metadata"]["name"] == "vj-0-sg-0");
  CHECK(pgs[1]["spec"]["minMember"] == 1);
  CHECK(pgs[1]["spec"]["subGroupPolicy"][0]["name"] == "vj-0-sg-1-worker");
}

TEST_CASE("volcano: Grove's TestBackend_SyncPodGang example, default queue and zero minReplicas") {
  RenderOptions options;
  TemplateSet templates;
  MappingContext ctx{options, templates};
  Gang g;
  g.name = "pg-1";
  g.ns = "default";
  g.labels = {{"app.kubernetes.io/managed-by", "grove-operator"}};
  g.annotations = {{"scheduling.grove.io/volcano-queue", "gpu-training"}};
  g.priority_class_name = "high-priority";
  g.groups.resize(2);
  g.groups[0].name = "worker";
  g.groups[0].min_count = 2;
  g.groups[1].name = "ps";
  g.groups[1].min_count = 3;
  Diagnostics diags;
  auto objects = volcano_v1beta1_mapping().objects(g, ctx, diags);
  REQUIRE(objects.size() == 1);
  // ownerReferences left out: no PodGang UID offline.
  CHECK(objects[0] == yaml(R"(
apiVersion: scheduling.volcano.sh/v1beta1
kind: PodGroup
metadata:
  name: pg-1
  namespace: default
  labels: {app.kubernetes.io/managed-by: grove-operator}
spec:
  minMember: 5
  queue: gpu-training
  priorityClassName: high-priority
  subGroupPolicy:
  - name: worker
    labelSelector: {matchLabels: {grove.io/podclique: worker}}
    matchLabelKeys: [grove.io/podclique]
    subGroupSize: 2
    minSubGroups: 1
  - name: ps
    labelSelector: {matchLabels: {grove.io/podclique: ps}}
    matchLabelKeys: [grove.io/podclique]
    subGroupSize: 3
    minSubGroups: 1
)"));
  // TestBackend_SyncPodGangDefaultQueue: no annotation -> "default"; all-zero minReplicas -> 1 and 1.
  g.annotations.clear();
  g.groups[0].min_count = 0;
  g.groups[1].min_count = 0;
  auto zero = volcano_v1beta1_mapping().objects(g, ctx, diags);
  CHECK(zero[0]["spec"]["queue"] == "default");
  CHECK(zero[0]["spec"]["minMember"] == 1);
  CHECK(zero[0]["spec"]["subGroupPolicy"][1]["subGroupSize"] == 1);
  PodMembership m = volcano_v1beta1_mapping().membership(g, g.groups[0], ctx);
  CHECK(m.scheduler_name == "volcano");
  CHECK(m.annotations ==
        StringMap{{"scheduling.k8s.io/group-name", "pg-1"}, {"scheduling.volcano.sh/group-name", "pg-1"}});
  CHECK(m.labels.empty());
}

TEST_CASE("volcano: any topology is refused") {
  // The volcano backend's ValidatePodCliqueSet rejects topologyConstraint at every level.
  auto r = run_grovectl("render -f " + td("backends/clique-topo-pcs.yaml") + " --topology " +
                        td("backends/topology.yaml") + " --backend volcano");
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains("volcano scheduler backend does not support topologyConstraint"));
  CHECK_THAT(r.err, Catch::Contains("[grove/volcano-topology]"));
  // At the first topologyConstraint key (clique a, line 13), where validate points.
  CHECK_THAT(r.err, Catch::Contains("clique-topo-pcs.yaml:13:9"));
  // Grove rejects it at admission even when no ClusterTopologyBinding is given (constraints dropped).
  auto without = run_grovectl("render -f " + td("backends/clique-topo-pcs.yaml") + " --backend volcano");
  CHECK(without.exit_code == 1);
  CHECK_THAT(without.err, Catch::Contains("[grove/volcano-topology]"));
}

TEST_CASE("volcano: a JobSet's subGroupPolicy selects a label its pods and emitted pod templates carry") {
  // testdata/jobset/mixed-priority.yaml: replicated jobs a and b, 1 pod each, one JobSet-wide gang "mixed".
  // A JobSet's pods carry no Grove labels; the JobSet controller labels every pod with
  // jobset.sigs.k8s.io/replicatedjob-name = the replicated job (labelAndAnnotateObject), the pod group name
  // here. So the selector uses that label, and the emitted pod templates carry it next to Volcano's
  // group-name annotations (volcano-sh/apis@v1.14.1 pkg/apis/scheduling/v1beta1/labels.go) so that the
  // emitted JobSet visibly matches.
  auto objects = render_ok("-f " + td("jobset/mixed-priority.yaml") + " --backend volcano");
  auto pgs = of_kind(objects, "PodGroup", "scheduling.volcano.sh/v1beta1");
  REQUIRE(pgs.size() == 1);
  CHECK(pgs[0]["spec"] == yaml(R"(
minMember: 2
queue: default
priorityClassName: high
subGroupPolicy:
- name: a
  labelSelector: {matchLabels: {jobset.sigs.k8s.io/replicatedjob-name: a}}
  matchLabelKeys: [jobset.sigs.k8s.io/replicatedjob-name]
  subGroupSize: 1
  minSubGroups: 1
- name: b
  labelSelector: {matchLabels: {jobset.sigs.k8s.io/replicatedjob-name: b}}
  matchLabelKeys: [jobset.sigs.k8s.io/replicatedjob-name]
  subGroupSize: 1
  minSubGroups: 1
)"));
  auto jobsets = of_kind(objects, "JobSet");
  REQUIRE(jobsets.size() == 1);
  CHECK(jobsets[0]["spec"]["replicatedJobs"][1]["template"]["spec"]["template"]["metadata"] == yaml(R"(
labels: {jobset.sigs.k8s.io/replicatedjob-name: b}
annotations: {scheduling.k8s.io/group-name: mixed, scheduling.volcano.sh/group-name: mixed}
)"));
}
