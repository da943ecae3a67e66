// default-scheduler (Workload API) mappings. Expectations derived by hand from the API types of each release
// (kubernetes/api scheduling/v1alpha1/types.go @v0.35.0, scheduling/v1alpha2/types.go @v0.36.0,
// scheduling/{v1alpha3,v1beta1}/types.go of 1.37 @10b39a39), the feature gates and creation order of KEP-4671
// (https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/) and GREP-531: v1alpha1 =
// version B phase 1 (yankay/grove@5a8035ad), v1alpha2 = version A (ai-dynamo/grove@3cbbea47
// docs/proposals/531-default-scheduler-workload-gang/README.md), composite = version C
// (docs/proposals/531-default-scheduler-hierarchical-scheduling/README.md, ai-dynamo/grove PR #605).
#include <catch2/catch.hpp>

#include "support/backend.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {
const std::string kSimple = "-f " + td("backends/volcano-pcs.yaml") + " --backend default-scheduler";
}  // namespace

TEST_CASE("workload 1.35: v1alpha1 Workload with embedded pod groups, pods use workloadRef") {
  // v1alpha1 types.go; GREP-531 B phase 1: podGroups[i] = {name: podgroup, policy.gang.minCount}.
  // No priorityClassName in v1alpha1, so the PCS priority class is not carried.
  auto objects = render_ok(kSimple + " --kube-version 1.35 --include scheduler,pods");
  auto workloads = of_kind(objects, "Workload");
  REQUIRE(workloads.size() == 2);
  CHECK(workloads[0] == yaml(R"(
apiVersion: scheduling.k8s.io/v1alpha1
kind: Workload
metadata: {name: vj-0, namespace: ns1}
spec:
  podGroups:
  - name: vj-0-ps
    policy: {gang: {minCount: 3}}
  - name: vj-0-sg-0-worker
    policy: {gang: {minCount: 1}}
)"));
  CHECK(workloads[1]["spec"]["podGroups"][0]["name"] == "vj-0-sg-1-worker");
  auto pods = of_kind(objects, "Pod");
  CHECK(pods[0]["spec"] == yaml(R"(
schedulerName: default-scheduler
workloadRef: {name: vj-0, podGroup: vj-0-ps}
)"));
  CHECK(of_kind(objects, "PodGroup").empty());
}

TEST_CASE("workload 1.36: v1alpha2 Workload templates + runtime PodGroups <gang>-<group>") {
  // v1alpha2 types.go, GREP-531 A: template name = pod group name; runtime PodGroup <podgang>-<podgroup> with
  // podGroupTemplateRef.workload and the policy copied; pods point at the runtime PodGroup.
  // priorityClassName is gated by WorkloadAwarePreemption, topology by TopologyAwareWorkloadScheduling.
  auto objects = render_ok("-f " + td("backends/clique-topo-pcs.yaml") + topology_args() +
                           " --backend default-scheduler --kube-version 1.36 --include scheduler,pods"
                           " --feature-gates TopologyAwareWorkloadScheduling=true");
  auto workloads = of_kind(objects, "Workload");
  REQUIRE(workloads.size() == 1);
  CHECK(workloads[0] == yaml(R"(
apiVersion: scheduling.k8s.io/v1alpha2
kind: Workload
metadata: {name: ct-0, namespace: ns1}
spec:
  podGroupTemplates:
  - name: ct-0-a
    schedulingPolicy: {gang: {minCount: 2}}
    schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}
  - name: ct-0-sg-0-b
    schedulingPolicy: {gang: {minCount: 1}}
    schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}
)"));
  auto pgs = of_kind(objects, "PodGroup");
  REQUIRE(pgs.size() == 2);
  CHECK(pgs[1] == yaml(R"(
apiVersion: scheduling.k8s.io/v1alpha2
kind: PodGroup
metadata: {name: ct-0-ct-0-sg-0-b, namespace: ns1}
spec:
  podGroupTemplateRef:
    workload: {workloadName: ct-0, podGroupTemplateName: ct-0-sg-0-b}
  schedulingPolicy: {gang: {minCount: 1}}
  schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}
)"));
  auto pods = of_kind(objects, "Pod");
  CHECK(pods.back()["spec"]["schedulingGroup"] == Json{{"podGroupName", "ct-0-ct-0-sg-0-b"}});

  // With WorkloadAwarePreemption the priority class is emitted on templates and PodGroups.
  auto wap = render_ok(kSimple + " --kube-version 1.36 --feature-gates WorkloadAwarePreemption=true");
  CHECK(of_kind(wap, "Workload")[0]["spec"]["podGroupTemplates"][0]["priorityClassName"] == "high-priority");
  CHECK(of_kind(wap, "PodGroup")[0]["spec"]["priorityClassName"] == "high-priority");
}

TEST_CASE("workload 1.37 flat: v1beta1 Workload + PodGroups with workloadRef{workloadName, templateName}") {
  // v1beta1 types.go (PodGroupTemplateRef renamed WorkloadRef, kubernetes/api afa1144c2); priorityClassName
  // not gated in 1.37 and identical on all templates (kubernetes/kubernetes pkg/apis/scheduling/validation
  // validateWorkloadPriority).
  auto objects = render_ok(kSimple + " --kube-version 1.37");
  auto workloads = of_kind(objects, "Workload");
  REQUIRE(workloads.size() == 2);
  CHECK(workloads[0] == yaml(R"(
apiVersion: scheduling.k8s.io/v1beta1
kind: Workload
metadata: {name: vj-0, namespace: ns1}
spec:
  podGroupTemplates:
  - name: vj-0-ps
    schedulingPolicy: {gang: {minCount: 3}}
    priorityClassName: high-priority
  - name: vj-0-sg-0-worker
    schedulingPolicy: {gang: {minCount: 1}}
    priorityClassName: high-priority
)"));
  auto pgs = of_kind(objects, "PodGroup");
  REQUIRE(pgs.size() == 3);
  CHECK(pgs[0] == yaml(R"(
apiVersion: scheduling.k8s.io/v1beta1
kind: PodGroup
metadata: {name: vj-0-vj-0-ps, namespace: ns1}
spec:
  workloadRef: {workloadName: vj-0, templateName: vj-0-ps}
  schedulingPolicy: {gang: {minCount: 3}}
  priorityClassName: high-priority
)"));
  // Creation order per gang (KEP-4671 "PodGroup Creation Ordering"): Workload, then its PodGroups; then the
  // next gang.
  std::vector<std::string> kinds;
  for (const auto& o : objects) kinds.push_back(o["kind"]);
  CHECK(kinds == std::vector<std::string>{"PodGang", "Workload", "PodGroup", "PodGroup", "PodGang",
                                          "Workload", "PodGroup"});
}

TEST_CASE("workload 1.37 composite: v1alpha3 template tree, CompositePodGroups top-down, leaf PodGroups") {
  // GREP-531 C: root composite = gang (constraint zone), child composite per group config (rack), leaf
  // templates (enc: host); minGroupCount = number of direct children; priorityClassName on every group.
  // Shapes from v1alpha3 types.go and KEP-6012 (CompositePodGroup).
  auto objects = render_ok("-f " + td("backends/topo-required-pcs.yaml") + topology_args() +
                           " --backend default-scheduler --kube-version 1.37 --hierarchy composite"
                           " --feature-gates CompositePodGroup=true,TopologyAwareWorkloadScheduling=true"
                           " --include scheduler");
  std::vector<std::string> order;
  for (const auto& o : objects)
    order.push_back(o["kind"].get<std::string>() + " " + o["metadata"]["name"].get<std::string>());
  CHECK(order == std::vector<std::string>{"Workload tr-0", "CompositePodGroup tr-0",
                                          "CompositePodGroup tr-0-tr-0-dg-0", "PodGroup tr-0-tr-0-enc",
                                          "PodGroup tr-0-tr-0-dg-0-dec",
                                          // the scaled gang: PCSG constraint on its root
                                          "Workload tr-0-dg-0", "CompositePodGroup tr-0-dg-0",
                                          "PodGroup tr-0-dg-0-tr-0-dg-1-dec"});
  CHECK(objects[0]["spec"] == yaml(R"(
compositePodGroupTemplates:
- name: tr-0
  schedulingPolicy: {gang: {minGroupCount: 2}}
  schedulingConstraints: {topology: [{key: topology.kubernetes.io/zone}]}
  priorityClassName: high-priority
  podGroupTemplates:
  - name: tr-0-enc
    schedulingPolicy: {gang: {minCount: 2}}
    schedulingConstraints: {topology: [{key: kubernetes.io/hostname}]}
    priorityClassName: high-priority
  compositePodGroupTemplates:
  - name: tr-0-dg-0
    schedulingPolicy: {gang: {minGroupCount: 1}}
    schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}
    priorityClassName: high-priority
    podGroupTemplates:
    - name: tr-0-dg-0-dec
      schedulingPolicy: {gang: {minCount: 3}}
      priorityClassName: high-priority
)"));
  CHECK(objects[2]["spec"] == yaml(R"(
parentCompositePodGroupName: tr-0
workloadRef: {workloadName: tr-0, templateName: tr-0-dg-0}
schedulingPolicy: {gang: {minGroupCount: 1}}
schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}
priorityClassName: high-priority
)"));
  CHECK(objects[4]["spec"] == yaml(R"(
parentCompositePodGroupName: tr-0-tr-0-dg-0
workloadRef: {workloadName: tr-0, templateName: tr-0-dg-0-dec}
schedulingPolicy: {gang: {minCount: 3}}
priorityClassName: high-priority
)"));
  CHECK_FALSE(objects[1]["spec"].contains("parentCompositePodGroupName"));  // root
  CHECK(objects[6]["spec"]["schedulingConstraints"]["topology"][0]["key"] == "topology.kubernetes.io/rack");
}

TEST_CASE("workload: capability refusals name the object, the limit and the way out") {
  auto refused = [](const std::string& args, const std::string& rule, const std::string& text) {
    auto r = run_grovectl("render " + args);
    INFO(args << "\n" << r.err);
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("[" + rule + "]"));
    CHECK_THAT(r.err, Catch::Contains(text));
  };
  const std::string ct =
      "-f " + td("backends/clique-topo-pcs.yaml") + topology_args() + " --backend default-scheduler";
  SECTION("topology without the TAS gate") {
    refused(ct + " --kube-version 1.37", "capability/topology-gate", "TopologyAwareWorkloadScheduling");
    refused(ct + " --kube-version 1.36", "capability/topology-gate",
            "--feature-gates TopologyAwareWorkloadScheduling=true");
  }
  SECTION("topology on 1.35, which has no topology field") {
    refused(ct + " --kube-version 1.35", "capability/workload-topology", "use --kube-version 1.36 or 1.37");
  }
  SECTION("gang-level topology in a flat Workload; composite is the way out") {
    refused("-f " + td("backends/topo-required-pcs.yaml") + topology_args() +
                " --backend default-scheduler --feature-gates TopologyAwareWorkloadScheduling=true",
            "capability/workload-gang-topology", "--hierarchy composite");
  }
  SECTION("preferred-only topology has no Workload API form (GREP-531 C: fail closed)") {
    refused("-f " + td("backends/topo-pcs.yaml") + topology_args() +
                " --backend default-scheduler --hierarchy composite"
                " --feature-gates CompositePodGroup=true,TopologyAwareWorkloadScheduling=true",
            "capability/preferred-topology", "only a preferred topology key (topology.kubernetes.io/rack)");
  }
  SECTION("composite needs the CompositePodGroup gate") {
    refused(kSimple + " --hierarchy composite", "capability/composite-gate", "CompositePodGroup");
  }
  SECTION("1.36 priorityClassName needs WorkloadAwarePreemption") {
    refused(kSimple + " --kube-version 1.36", "capability/priority-gate", "WorkloadAwarePreemption");
  }
  SECTION("GenericWorkload / GangScheduling explicitly off") {
    refused(kSimple + " --kube-version 1.37 --feature-gates GenericWorkload=false",
            "capability/workload-gate", "GenericWorkload");
    refused(kSimple + " --kube-version 1.35 --feature-gates GangScheduling=false", "capability/workload-gate",
            "GangScheduling");
  }
  SECTION("more than 8 templates (WorkloadMaxPodGroups, WorkloadMaxPodGroupTemplates = 8)") {
    refused("-f " + td("backends/nine-cliques-pcs.yaml") + " --backend default-scheduler",
            "capability/template-count", "9 entries, over the Workload API limit of 8");
  }
  SECTION("template name over the DNS label limit") {
    refused("-f " + td("backends/long-template-pcs.yaml") + " --backend default-scheduler",
            "capability/name-too-long", "over the DNS label limit of 63");
  }
  SECTION("minCount < 1: Grove's webhook refuses minAvailable 0 first (pcs/validation/podcliqueset.go)") {
    refused("-f " + td("backends/zero-min-pcs.yaml") + " --backend default-scheduler",
            "grove/clique-min-available", "minAvailable: Invalid value: 0: must be greater than 0");
  }
}
