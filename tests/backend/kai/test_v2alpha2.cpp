// kai-scheduler mapping. Expectations derived by hand from Grove's KAI backend and its tests
// (ai-dynamo/grove@fcc3b3bb operator/internal/scheduler/kai/{backend.go,backend_test.go,topology.go}) and the
// KAI PodGroup type (kai-scheduler/KAI-Scheduler@v0.15.2 pkg/apis/scheduling/v2alpha2/podgroup_types.go).
#include <catch2/catch.hpp>

#include "backend/mappings.hpp"
#include "support/backend.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

// The PodGang and PCS of Grove's kai/backend_test.go TestBackend_SyncPodGang_CreateAndUpdate.
Gang worked_example_gang(int32_t encoder_min) {
  auto src = std::make_shared<GangSource>();
  src->kind = "PodCliqueSet";
  src->name = "test-pcs";
  src->ns = "default";
  src->labels = {{"kai.scheduler/queue", "team-a"}};
  for (const char* name : {"encoder-template", "decoder-template"}) {
    TemplateMeta t;
    t.name = name;
    t.labels = {{"kai.scheduler/queue", "team-a"}};
    src->templates.push_back(t);
  }
  Gang g;
  g.name = "test-podgang";
  g.ns = "default";
  g.labels = {{"grove.io/scheduler-name", "kai-scheduler"}, {"kai.scheduler/queue", "legacy-queue"}};
  g.annotations = {{"grove.io/topology-name", "cluster-topology"}};
  g.priority_class_name = "high-priority";
  g.topology = PackConstraint{"zone", ""};
  g.group_configs = {{"decoder-group", {"decoder"}, PackConstraint{"", "rack"}}};
  PodGroup enc;
  enc.name = "encoder";
  enc.min_count = encoder_min;
  enc.topology = PackConstraint{"host", ""};
  enc.template_name = "encoder-template";
  PodGroup dec;
  dec.name = "decoder";
  dec.min_count = 3;
  dec.template_name = "decoder-template";
  g.groups = {enc, dec};
  g.topology_name = "cluster-topology";
  g.source = src;
  return g;
}

}  // namespace

TEST_CASE("kai: Grove's TestBackend_SyncPodGang_CreateAndUpdate") {
  RenderOptions options;
  TemplateSet templates;
  MappingContext ctx{options, templates};
  const Mapping& kai = kai_v2alpha2_mapping();
  Diagnostics diags;
  Gang gang = worked_example_gang(2);
  kai.check(gang, ctx, diags);
  REQUIRE_FALSE(diags.has_errors());
  auto objects = kai.objects(gang, ctx, diags);
  REQUIRE(objects.size() == 1);
  // That test's output; ownerReferences are left out: offline there is no PodGang UID to point at.
  // Labels cloned from the PodGang, queue from the PCS.
  CHECK(objects[0] == yaml(R"(
apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata:
  name: test-podgang
  namespace: default
  labels: {grove.io/scheduler-name: kai-scheduler, kai.scheduler/queue: legacy-queue}
  annotations: {grove.io/topology-name: cluster-topology, kai.scheduler/skip-podgrouper: "true"}
spec:
  minMember: 5
  queue: team-a
  priorityClassName: high-priority
  topologyConstraint: {topology: cluster-topology, requiredTopologyLevel: zone}
  subGroups:
  - name: decoder-group
    minSubGroup: 1
    topologyConstraint: {topology: cluster-topology, preferredTopologyLevel: rack}
  - name: encoder
    minMember: 2
    topologyConstraint: {topology: cluster-topology, requiredTopologyLevel: host}
  - name: decoder
    minMember: 3
    parent: decoder-group
)"));

  // The test's update of encoder.minReplicas to 4: minMember 7, subGroups[1].minMember 4, queue team-a.
  auto updated = kai.objects(worked_example_gang(4), ctx, diags);
  CHECK(updated[0]["spec"]["minMember"] == 7);
  CHECK(updated[0]["spec"]["subGroups"][1]["minMember"] == 4);
  CHECK(updated[0]["spec"]["queue"] == "team-a");

  // SyncPodGang's first step: the PodGang gets the skip-podgrouper annotation.
  CHECK(kai.podgang_annotations(gang) == StringMap{{"kai.scheduler/skip-podgrouper", "true"}});
  // A matching pod: what PreparePod sets.
  PodMembership m = kai.membership(gang, gang.groups[0], ctx);
  CHECK(m.scheduler_name == "kai-scheduler");
  CHECK(m.labels == StringMap{{"kai.scheduler/subgroup-name", "encoder"}});
  CHECK(m.annotations ==
        StringMap{{"kai.scheduler/skip-podgrouper", "true"}, {"pod-group-name", "test-podgang"}});
}

TEST_CASE("kai: PCS with a scaling group and topology renders base and scaled PodGroups") {
  // testdata/backends/topo-pcs.yaml: base gang tp-0 = clique tp-0-enc (2, required host) + PCSG replica 0
  // (tp-0-dg-0-dec, 3) packed preferred rack; scaled gang tp-0-dg-0 = PCSG replica 1 with the PCSG constraint
  // on top (Grove's computeExpectedPodGangs, syncflow.go). KAI shape per Grove's kai/backend.go.
  auto objects = render_ok("-f " + td("backends/topo-pcs.yaml") + " --topology " +
                           td("backends/topology.yaml") + " --backend kai-scheduler");
  auto podgangs = of_kind(objects, "PodGang");
  REQUIRE(podgangs.size() == 2);
  CHECK(podgangs[0]["metadata"]["annotations"]["kai.scheduler/skip-podgrouper"] == "true");
  auto pgs = of_kind(objects, "PodGroup", "scheduling.run.ai/v2alpha2");
  REQUIRE(pgs.size() == 2);
  CHECK(pgs[0]["spec"] == yaml(R"(
minMember: 5
queue: team-a
priorityClassName: high-priority
topologyConstraint: {topology: cluster-topology, requiredTopologyLevel: topology.kubernetes.io/zone}
subGroups:
- name: tp-0-dg-0
  minSubGroup: 1
  topologyConstraint: {topology: cluster-topology, preferredTopologyLevel: topology.kubernetes.io/rack}
- name: tp-0-enc
  minMember: 2
  topologyConstraint: {topology: cluster-topology, requiredTopologyLevel: kubernetes.io/hostname}
- name: tp-0-dg-0-dec
  minMember: 3
  parent: tp-0-dg-0
)"));
  CHECK(pgs[1]["metadata"]["name"] == "tp-0-dg-0");
  CHECK(pgs[1]["spec"] == yaml(R"(
minMember: 3
queue: team-a
priorityClassName: high-priority
topologyConstraint: {topology: cluster-topology, preferredTopologyLevel: topology.kubernetes.io/rack}
subGroups:
- {name: tp-0-dg-1-dec, minMember: 3}
)"));
}

TEST_CASE("kai: pods carry what PreparePod sets") {
  // PreparePod of Grove's kai/backend.go.
  auto objects = render_ok("-f " + td("backends/topo-pcs.yaml") + " --backend kai-scheduler --include pods");
  auto pods = of_kind(objects, "Pod");
  REQUIRE(pods.size() == 8);  // enc 2 + dec 3 (base) + dec 3 (scaled)
  const Json& p = pods[0];
  CHECK(p["metadata"]["name"] == "tp-0-enc-0");
  CHECK(p["spec"]["schedulerName"] == "kai-scheduler");
  CHECK(p["metadata"]["annotations"]["pod-group-name"] == "tp-0");
  CHECK(p["metadata"]["annotations"]["kai.scheduler/skip-podgrouper"] == "true");
  CHECK(p["metadata"]["labels"]["kai.scheduler/subgroup-name"] == "tp-0-enc");
  CHECK(pods[7]["metadata"]["annotations"]["pod-group-name"] == "tp-0-dg-0");
}

TEST_CASE("kai: a JobSet without a queue is refused once, in JobSet terms") {
  // depends-on.yaml has two replicated jobs: with --jobset-gang replicated-job, two gangs.
  auto r = run_grovectl("render -f " + td("jobset/depends-on.yaml") +
                        " --backend kai-scheduler --jobset-gang replicated-job");
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK_THAT(r.err,
             Catch::Contains("no KAI queue is configured on JobSet default/staged or its replicated job "
                             "templates (set the label kai.scheduler/queue on the JobSet)"));
  CHECK(count_occurrences(r.err, "[grove/kai-queue]") == 1);
}

TEST_CASE("kai: a missing or conflicting queue is refused with Grove's message") {
  // resolveQueueNameForPodCliqueSet of Grove's kai/backend.go.
  auto r = run_grovectl("render -f " + td("backends/no-queue-pcs.yaml") + " --backend kai-scheduler");
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK_THAT(r.err,
             Catch::Contains("no KAI queue is configured on PodCliqueSet ns1/nq or its PodClique templates"));
  CHECK_THAT(r.err, Catch::Contains("[grove/kai-queue]"));
  CHECK_THAT(r.err, Catch::Contains("no-queue-pcs.yaml:5:1"));  // no labels: its metadata key
  CHECK(count_occurrences(r.err, "[grove/kai-queue]") == 1);    // three gangs, one PodCliqueSet

  auto c =
      run_grovectl("render -f " + td("backends/conflicting-queue-pcs.yaml") + " --backend kai-scheduler");
  CHECK(c.exit_code == 1);
  CHECK_THAT(c.err,
             Catch::Contains("conflicting KAI queues on PodCliqueSet ns1/cq PodClique templates: [q1 q2]"));

  auto m = run_grovectl("render -f " + td("backends/mismatched-queue-pcs.yaml") + " --backend kai-scheduler");
  CHECK(m.exit_code == 1);
  CHECK_THAT(m.err, Catch::Contains("KAI queue on PodCliqueSet ns1/mq is \"q1\" but PodClique template \"b\" "
                                    "resolves to \"q2\""));
}

TEST_CASE("kai: the queue is required also when the PodCliqueSet has replicas 0") {
  // The KAI backend's ValidatePodCliqueSet requires the queue regardless of replicas; render refuses what
  // validate reports, although such a PodCliqueSet has no gang.
  for (const std::string command : {"render", "validate"}) {
    auto r = run_grovectl(command + " -f " + td("backends/zero-replicas-no-queue-pcs.yaml"));
    INFO(command << "\n" << r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK_THAT(
        r.out + r.err,
        Catch::Contains("no KAI queue is configured on PodCliqueSet ns1/idle or its PodClique templates"));
  }
}
