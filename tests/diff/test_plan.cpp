// Migration plans, end to end (issue 16 item 4): the runbook `grovectl diff --to-...` prints before the
// object diff. Each expected text is derived by hand from the upstream source named next to it
// (Grove: ai-dynamo/grove@fcc3b3bb; Kubernetes: kubernetes/api scheduling/*/types.go per release, KEP-4671):
//   gangs          computeExpectedPodGangs, .../components/podgang/syncflow.go (names, pod groups,
//                  minAvailable defaults)
//   gang shapes    operator/internal/scheduler/kai/backend.go (KAI: one PodGroup, minMember = sum),
//                  volcano/backend.go (Volcano: one PodGroup, subGroupPolicy per pod group), GREP-537
//                  (Koordinator: one PodGroup per pod group in a GangGroup); KEP-4671 (Workload API: a
//                  PodGroup per pod group, each its own gang), KEP-6012 and GREP-531 version C (composite:
//                  a CompositePodGroup whose minGroupCount = its children)
//   prerequisites  KEP-4671 and the gates' pages on kubernetes.io (runtime-config, gates and components per
//                  release); GREP-531 RBAC (ai-dynamo/grove PR #605); GREP-537 RBAC (PR #562)
//   edits          podgang.go (backend from the cliques' schedulerName), scheduler/{volcano,kai}/backend.go
//                  (keys each backend reads), core/v1/types.go (membership immutable)
//   order          KEP-4671 "Upgrade / Downgrade Strategy" (v1alpha2 removed in 1.37, objects deleted before
//                  the upgrade, no conversion) and "PodGroup Creation Ordering" (Workload -> PodGroups;
//                  deletion is its reverse)
// Pinned to Grove v0.1.0-alpha.11 (--grove-version): these expectations and live captures are of Grove's
// legacy PodGang names, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using grovectl::Json;
using namespace grovectl::test;

namespace {

std::string migration(const std::string& input, const std::string& flags) {
  return "diff --grove-version v0.1.0-alpha.11 -f " + quote(testdata("diff/migration/" + input).string()) +
         " " + flags;
}

// The plan: everything before the object diff (brief lines start with "~ ", "+ " or "- ").
std::string plan_of(const std::string& out) {
  size_t end = out.find("\nSteps:\n");
  REQUIRE(end != std::string::npos);
  end = out.find("\n\n", end);
  REQUIRE(end != std::string::npos);
  return out.substr(0, end + 2);
}

}  // namespace

TEST_CASE("migration plan: KAI -> default-scheduler 1.37 flat loses whole-gang atomicity", "[diff][plan]") {
  // llm-serve-kai.yaml: base gang llm-serve-0 = router (2 pods), prefill-0-pleader (1), prefill-0-pworker
  // (minAvailable 2), decode-0-dleader (1), decode-0-dworker (2): minMember 8 over 5 subgroups; the scaled
  // gang llm-serve-0-prefill-0 = prefill-1-pleader (1), prefill-1-pworker (2): minMember 3 over 2.
  auto r = run_grovectl(migration("llm-serve-kai.yaml", "--to-backend default-scheduler -o brief"));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 1);
  CHECK(plan_of(r.out) ==
        R"(Migration plan: kai-scheduler on Kubernetes 1.37 → default-scheduler on Kubernetes 1.37 (flat)

Scheduling changes:
  - gang inference/llm-serve-0: whole-gang atomicity is lost: one KAI PodGroup (minMember 8 over 5 subgroups) becomes 5 PodGroups, each admitted on its own, so llm-serve-0-router can be scheduled without llm-serve-0-prefill-0-pleader, llm-serve-0-prefill-0-pworker, llm-serve-0-decode-0-dleader and llm-serve-0-decode-0-dworker; --hierarchy composite keeps the gang whole
  - gang inference/llm-serve-0-prefill-0: whole-gang atomicity is lost: one KAI PodGroup (minMember 3 over 2 subgroups) becomes 2 PodGroups, each admitted on its own, so llm-serve-0-prefill-1-pleader can be scheduled without llm-serve-0-prefill-1-pworker; --hierarchy composite keeps the gang whole
  - PodCliqueSet inference/llm-serve: PodGroups default to disruptionMode {single: {}}: kube-scheduler may preempt their pods one at a time (KEP-5710); with PodGroupPreemptionPolicy, admission fills in preemptionPolicy from the priority class
Prerequisites on the target:
  - kube-apiserver --runtime-config=scheduling.k8s.io/v1beta1=true (beta APIs are not served by default)
  - feature gate GenericWorkload=true on kube-apiserver, kube-scheduler and kube-controller-manager (not in --to-feature-gates)
  - RBAC for whoever creates the objects (the Grove operator, GREP-531, or your pipeline): create, get, list, watch, update, patch and delete on workloads.scheduling.k8s.io, podgroups.scheduling.k8s.io
Edits the inputs need:
  - PodCliqueSet inference/llm-serve: in cliques router, pleader, pworker, dleader and dworker, set spec.podSpec.schedulerName to default-scheduler or remove it (now kai-scheduler); the backend and the pods' scheduler follow it
  - PodCliqueSet inference/llm-serve: label kai.scheduler/queue on the PodCliqueSet is read only by kai-scheduler and is unused afterwards (remove it, or keep it for a way back)
  - PodCliqueSet inference/llm-serve: its pods must be recreated, as spec.schedulerName and the gang membership (afterwards spec.schedulingGroup) cannot change on a running pod; changing the pod templates makes Grove recreate them (updateStrategy RollingRecreate)
Steps:
  1. Prepare the target as listed above.
  2. Edit the inputs as listed above.
  3. Delete, in this order (the reverse of creation):
       PodGroup.scheduling.run.ai inference/llm-serve-0-prefill-0
       PodGroup.scheduling.run.ai inference/llm-serve-0
  4. Create, in this order:
       Workload.scheduling.k8s.io inference/llm-serve-0 (scheduling.k8s.io/v1beta1)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-router (scheduling.k8s.io/v1beta1)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-prefill-0-pleader (scheduling.k8s.io/v1beta1)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-prefill-0-pworker (scheduling.k8s.io/v1beta1)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-decode-0-dleader (scheduling.k8s.io/v1beta1)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-decode-0-dworker (scheduling.k8s.io/v1beta1)
       Workload.scheduling.k8s.io inference/llm-serve-0-prefill-0 (scheduling.k8s.io/v1beta1)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-prefill-0-llm-serve-0-prefill-1-pleader (scheduling.k8s.io/v1beta1)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-prefill-0-llm-serve-0-prefill-1-pworker (scheduling.k8s.io/v1beta1)
  5. Update in place:
       PodGang.scheduler.grove.io inference/llm-serve-0: metadata.labels["grove.io/scheduler-name"], metadata.annotations
       PodGang.scheduler.grove.io inference/llm-serve-0-prefill-0: metadata.labels["grove.io/scheduler-name"], metadata.annotations

)");
  // 7 PodGroups and 2 Workloads created, 2 KAI PodGroups gone, the 2 PodGangs relabelled.
  CHECK(r.out.ends_with("\n+9 added, -2 removed, ~2 changed, 0 unchanged\n"));
}

TEST_CASE("migration plan: KAI -> default-scheduler 1.37 composite keeps the gang whole", "[diff][plan]") {
  auto r = run_grovectl(
      migration("llm-serve-kai.yaml",
                "--to-backend default-scheduler --to-hierarchy composite "
                "--to-feature-gates CompositePodGroup=true,TopologyAwareWorkloadScheduling=true -o brief"));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 1);
  CHECK(plan_of(r.out) ==
        R"(Migration plan: kai-scheduler on Kubernetes 1.37 → default-scheduler on Kubernetes 1.37 (composite)

Scheduling changes:
  - gang inference/llm-serve-0: still admitted whole: one KAI PodGroup (minMember 8 over 5 subgroups) becomes a CompositePodGroup (minGroupCount 5) over 5 PodGroups
  - gang inference/llm-serve-0-prefill-0: still admitted whole: one KAI PodGroup (minMember 3 over 2 subgroups) becomes a CompositePodGroup (minGroupCount 2) over 2 PodGroups
  - PodCliqueSet inference/llm-serve: PodGroups default to disruptionMode {single: {}}: kube-scheduler may preempt their pods one at a time (KEP-5710); with PodGroupPreemptionPolicy, admission fills in preemptionPolicy from the priority class
Prerequisites on the target:
  - kube-apiserver --runtime-config=scheduling.k8s.io/v1beta1=true (beta APIs are not served by default)
  - kube-apiserver --runtime-config=scheduling.k8s.io/v1alpha3=true (alpha APIs are not served by default)
  - feature gate GenericWorkload=true on kube-apiserver, kube-scheduler and kube-controller-manager (not in --to-feature-gates)
  - feature gate TopologyAwareWorkloadScheduling=true on kube-apiserver, kube-scheduler and kube-controller-manager (set in --to-feature-gates)
  - feature gate CompositePodGroup=true on kube-apiserver, kube-scheduler and kube-controller-manager (set in --to-feature-gates)
  - RBAC for whoever creates the objects (the Grove operator, GREP-531, or your pipeline): create, get, list, watch, update, patch and delete on workloads.scheduling.k8s.io, podgroups.scheduling.k8s.io, compositepodgroups.scheduling.k8s.io
Edits the inputs need:
  - PodCliqueSet inference/llm-serve: in cliques router, pleader, pworker, dleader and dworker, set spec.podSpec.schedulerName to default-scheduler or remove it (now kai-scheduler); the backend and the pods' scheduler follow it
  - PodCliqueSet inference/llm-serve: label kai.scheduler/queue on the PodCliqueSet is read only by kai-scheduler and is unused afterwards (remove it, or keep it for a way back)
  - PodCliqueSet inference/llm-serve: its pods must be recreated, as spec.schedulerName and the gang membership (afterwards spec.schedulingGroup) cannot change on a running pod; changing the pod templates makes Grove recreate them (updateStrategy RollingRecreate)
Steps:
  1. Prepare the target as listed above.
  2. Edit the inputs as listed above.
  3. Delete, in this order (the reverse of creation):
       PodGroup.scheduling.run.ai inference/llm-serve-0-prefill-0
       PodGroup.scheduling.run.ai inference/llm-serve-0
  4. Create, in this order:
       Workload.scheduling.k8s.io inference/llm-serve-0 (scheduling.k8s.io/v1alpha3)
       CompositePodGroup.scheduling.k8s.io inference/llm-serve-0 (scheduling.k8s.io/v1alpha3)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-router (scheduling.k8s.io/v1alpha3)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-prefill-0-pleader (scheduling.k8s.io/v1alpha3)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-prefill-0-pworker (scheduling.k8s.io/v1alpha3)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-decode-0-dleader (scheduling.k8s.io/v1alpha3)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-llm-serve-0-decode-0-dworker (scheduling.k8s.io/v1alpha3)
       Workload.scheduling.k8s.io inference/llm-serve-0-prefill-0 (scheduling.k8s.io/v1alpha3)
       CompositePodGroup.scheduling.k8s.io inference/llm-serve-0-prefill-0 (scheduling.k8s.io/v1alpha3)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-prefill-0-llm-serve-0-prefill-1-pleader (scheduling.k8s.io/v1alpha3)
       PodGroup.scheduling.k8s.io inference/llm-serve-0-prefill-0-llm-serve-0-prefill-1-pworker (scheduling.k8s.io/v1alpha3)
  5. Update in place:
       PodGang.scheduler.grove.io inference/llm-serve-0: metadata.labels["grove.io/scheduler-name"], metadata.annotations
       PodGang.scheduler.grove.io inference/llm-serve-0-prefill-0: metadata.labels["grove.io/scheduler-name"], metadata.annotations

)");
  CHECK(r.out.ends_with("\n+11 added, -2 removed, ~2 changed, 0 unchanged\n"));
}

TEST_CASE("migration plan: Volcano -> Koordinator moves the priority off the gang", "[diff][plan]") {
  // train-volcano.yaml: one gang train-0 = [train-0-leader (1), train-0-worker (minAvailable 3)]; priority
  // class high-priority on the PodCliqueSet and the worker pods only; queue gpu-training by annotation.
  auto r = run_grovectl(migration("train-volcano.yaml", "--to-backend koord-scheduler -o brief"));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 1);
  CHECK(r.out == R"(Migration plan: volcano on Kubernetes 1.37 → koord-scheduler on Kubernetes 1.37

Scheduling changes:
  - gang ml/train-0: still admitted whole: one Volcano PodGroup (minMember 4 over 2 subGroupPolicy entries) becomes 2 Koordinator PodGroups joined in one GangGroup
  - PodCliqueSet ml/train: priority class high-priority is no longer on the gang objects (the Koordinator PodGroup has no priorityClassName field), so each pod's own priorityClassName decides; the pod templates of cliques leader set none
Prerequisites on the target:
  - koord-scheduler installed with the scheduling.sigs.k8s.io/v1alpha1 PodGroup CRD
  - RBAC for whoever creates the objects (the Grove operator, GREP-537, or your pipeline): create, get, list, watch, update and delete on podgroups.scheduling.sigs.k8s.io
Edits the inputs need:
  - PodCliqueSet ml/train: in cliques leader and worker, set spec.podSpec.schedulerName to koord-scheduler (now volcano); the backend and the pods' scheduler follow it
  - PodCliqueSet ml/train: annotation scheduling.grove.io/volcano-queue on the PodCliqueSet is read only by volcano and is unused afterwards (remove it, or keep it for a way back)
  - PodCliqueSet ml/train: its pods must be recreated, as spec.schedulerName and the gang membership (afterwards label pod-group.scheduling.sigs.k8s.io) cannot change on a running pod; changing the pod templates makes Grove recreate them (updateStrategy RollingRecreate)
Steps:
  1. Prepare the target as listed above.
  2. Edit the inputs as listed above.
  3. Delete, in this order (the reverse of creation):
       PodGroup.scheduling.volcano.sh ml/train-0
  4. Create, in this order:
       PodGroup.scheduling.sigs.k8s.io ml/train-0-train-0-leader (scheduling.sigs.k8s.io/v1alpha1)
       PodGroup.scheduling.sigs.k8s.io ml/train-0-train-0-worker (scheduling.sigs.k8s.io/v1alpha1)
  5. Update in place:
       PodGang.scheduler.grove.io ml/train-0: metadata.labels["grove.io/scheduler-name"]

~ PodGang.scheduler.grove.io ml/train-0
    metadata.labels["grove.io/scheduler-name"]: volcano → koord-scheduler
+ PodGroup.scheduling.sigs.k8s.io ml/train-0-train-0-leader (added)
+ PodGroup.scheduling.sigs.k8s.io ml/train-0-train-0-worker (added)
- PodGroup.scheduling.volcano.sh ml/train-0 (removed)
+2 added, -1 removed, ~1 changed, 0 unchanged
)");
}

TEST_CASE("migration plan: 1.36 -> 1.37 deletes v1alpha2 objects before the upgrade, never 'changes' them",
          "[diff][plan]") {
  // pcs.yaml (testdata/diff): gangs shop-0 = [shop-0-leader, shop-0-sg-0-worker], shop-0-sg-0 =
  // [shop-0-sg-1-worker]; PodGroups <gang>-<pod group> (GREP-531). Deletion runs against creation
  // (Workload, then its PodGroups; gangs in order), so it starts with the last PodGroup.
  auto r = run_grovectl(
      "diff --grove-version v0.1.0-alpha.11 -f " + quote(testdata("diff/pcs.yaml").string()) +
      " --kube-version 1.36 --feature-gates GangScheduling=true --to-kube-version 1.37 -o brief");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 1);
  CHECK(r.out ==
        R"(Migration plan: default-scheduler on Kubernetes 1.36 → default-scheduler on Kubernetes 1.37 (flat)

Prerequisites on the target:
  - kube-apiserver --runtime-config=scheduling.k8s.io/v1beta1=true (beta APIs are not served by default)
  - feature gate GenericWorkload=true on kube-apiserver, kube-scheduler and kube-controller-manager (not in --to-feature-gates); already needed today
  - RBAC for whoever creates the objects (the Grove operator, GREP-531, or your pipeline): create, get, list, watch, update, patch and delete on workloads.scheduling.k8s.io, podgroups.scheduling.k8s.io; already needed today
  - feature gate GangScheduling does not exist on Kubernetes 1.37 (merged into GenericWorkload, KEP-4671): remove it from the components' --feature-gates
Steps:
  1. On Kubernetes 1.36, before upgrading: stop the pods that use these objects (e.g. scale the PodCliqueSet to 0 replicas), then delete them in this order; objects of an API version the new release no longer serves are not converted and must be gone before the upgrade (KEP-4671 upgrade notes, kubernetes/kubernetes#140184):
       PodGroup.scheduling.k8s.io team-a/shop-0-sg-0-shop-0-sg-1-worker: scheduling.k8s.io/v1alpha2 is not served by Kubernetes 1.37
       Workload.scheduling.k8s.io team-a/shop-0-sg-0: scheduling.k8s.io/v1alpha2 is not served by Kubernetes 1.37
       PodGroup.scheduling.k8s.io team-a/shop-0-shop-0-sg-0-worker: scheduling.k8s.io/v1alpha2 is not served by Kubernetes 1.37
       PodGroup.scheduling.k8s.io team-a/shop-0-shop-0-leader: scheduling.k8s.io/v1alpha2 is not served by Kubernetes 1.37
       Workload.scheduling.k8s.io team-a/shop-0: scheduling.k8s.io/v1alpha2 is not served by Kubernetes 1.37
  2. Upgrade the cluster to Kubernetes 1.37 and prepare it as listed above.
  3. Create, in this order:
       Workload.scheduling.k8s.io team-a/shop-0 (scheduling.k8s.io/v1beta1): replaces scheduling.k8s.io/v1alpha2 (no conversion)
       PodGroup.scheduling.k8s.io team-a/shop-0-shop-0-leader (scheduling.k8s.io/v1beta1): replaces scheduling.k8s.io/v1alpha2 (no conversion)
       PodGroup.scheduling.k8s.io team-a/shop-0-shop-0-sg-0-worker (scheduling.k8s.io/v1beta1): replaces scheduling.k8s.io/v1alpha2 (no conversion)
       Workload.scheduling.k8s.io team-a/shop-0-sg-0 (scheduling.k8s.io/v1beta1): replaces scheduling.k8s.io/v1alpha2 (no conversion)
       PodGroup.scheduling.k8s.io team-a/shop-0-sg-0-shop-0-sg-1-worker (scheduling.k8s.io/v1beta1): replaces scheduling.k8s.io/v1alpha2 (no conversion)

+ Workload.scheduling.k8s.io team-a/shop-0 (added)
+ PodGroup.scheduling.k8s.io team-a/shop-0-shop-0-leader (added)
+ PodGroup.scheduling.k8s.io team-a/shop-0-shop-0-sg-0-worker (added)
+ Workload.scheduling.k8s.io team-a/shop-0-sg-0 (added)
+ PodGroup.scheduling.k8s.io team-a/shop-0-sg-0-shop-0-sg-1-worker (added)
- Workload.scheduling.k8s.io team-a/shop-0 (removed)
- PodGroup.scheduling.k8s.io team-a/shop-0-shop-0-leader (removed)
- PodGroup.scheduling.k8s.io team-a/shop-0-shop-0-sg-0-worker (removed)
- Workload.scheduling.k8s.io team-a/shop-0-sg-0 (removed)
- PodGroup.scheduling.k8s.io team-a/shop-0-sg-0-shop-0-sg-1-worker (removed)
+5 added, -5 removed, ~0 changed, 2 unchanged
)");
  CHECK(r.out.find("(changed)") == std::string::npos);
}

TEST_CASE("migration plan: -o json carries the same plan as data", "[diff][plan]") {
  auto r = run_grovectl(migration("llm-serve-kai.yaml", "--to-backend default-scheduler -o json"));
  REQUIRE(r.exit_code == 1);
  Json out = Json::parse(r.out);
  const Json& plan = out["plan"];
  CHECK(plan["from"]["backend"] == "kai-scheduler");
  CHECK(plan["to"]["backend"] == "default-scheduler");
  CHECK(plan["to"]["kubeVersion"] == "1.37");
  CHECK(plan["to"]["hierarchy"] == "flat");
  CHECK(plan["upgrade"] == false);
  std::vector<std::string> types;
  for (const auto& n : plan["schedulingChanges"]) types.push_back(n["type"]);
  CHECK(types == std::vector<std::string>{"gang-atomicity-lost", "gang-atomicity-lost", "preemption"});
  CHECK(plan["schedulingChanges"][0]["subject"] == "inference/llm-serve-0");
  std::vector<std::string> prereq;
  for (const auto& n : plan["prerequisites"])
    prereq.push_back(n["type"].get<std::string>() + " " + n["subject"].get<std::string>());
  CHECK(prereq == std::vector<std::string>{"runtime-config scheduling.k8s.io/v1beta1",
                                           "feature-gate GenericWorkload",
                                           "rbac workloads.scheduling.k8s.io, podgroups.scheduling.k8s.io"});
  std::vector<std::string> edits;
  for (const auto& n : plan["inputEdits"]) edits.push_back(n["type"]);
  CHECK(edits == std::vector<std::string>{"scheduler-name", "unused-key", "recreate-pods"});
  CHECK(plan["objects"]["delete"].size() == 2);
  CHECK(plan["objects"]["delete"][0]["name"] == "llm-serve-0-prefill-0");
  CHECK(plan["objects"]["create"].size() == 9);
  CHECK(plan["objects"]["create"][0]["kind"] == "Workload");
  CHECK(plan["objects"]["update"].size() == 2);
  CHECK(out["summary"]["added"] == 9);
  // The text runbook says the same: every note's text appears in it.
  auto text = run_grovectl(migration("llm-serve-kai.yaml", "--to-backend default-scheduler"));
  for (const char* section : {"schedulingChanges", "prerequisites", "inputEdits"}) {
    for (const auto& n : plan[section])
      CHECK(text.out.find(n["text"].get<std::string>()) != std::string::npos);
  }
}

TEST_CASE("migration plan: a 1.37 pod priority mismatch refuses the target, naming both places",
          "[diff][plan]") {
  // train-volcano.yaml sets priority class high-priority on the PodCliqueSet (line 17) but the leader pods
  // carry none (clique 0's podSpec key, line 23); Grove gives the PodGroups the PodCliqueSet's class
  // (Grove's podgang.go; the pods keep their own, pod.go) and kube-scheduler 1.37 refuses a PodGroup whose
  // pods' priority differs from its own (kubernetes PR #139920). diff refuses what render refuses.
  auto r = run_grovectl(migration("train-volcano.yaml", "--to-backend default-scheduler"));
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find(
            "train-volcano.yaml:23:9: error: PodCliqueSet ml/train (gang train-0): the pods of leader have "
            "no priorityClassName") != std::string::npos);
  CHECK(r.err.find("(spec.template.priorityClassName at ") != std::string::npos);
  CHECK(r.err.find("train-volcano.yaml:17:5)") != std::string::npos);
  CHECK(r.err.find("(field: spec.template.cliques[0].spec.podSpec.priorityClassName) "
                   "[capability/priority-mismatch]") != std::string::npos);
  // Volcano carries the PodCliqueSet's class too, and does not compare it with the pods' (Grove's
  // volcano/backend.go).
  CHECK(run_grovectl(migration("train-volcano.yaml", "--backend volcano --to-backend kai-scheduler"))
            .err.find("priority-mismatch") == std::string::npos);
}

TEST_CASE("migration plan: topology constraints dropped and taking effect", "[diff][plan]") {
  // tas-kai.yaml: gang tas-0 with pod group tas-0-head (required kubernetes.io/rack, preferred
  // kubernetes.io/hostname) and scaling-group replica tas-0-grp-0 (required kubernetes.io/block). KAI carries
  // both strengths at every level (Grove's kai/backend.go); the Workload API only required keys
  // (schedulingConstraints.topology[].key), at every level with a CompositePodGroup (GREP-531 version C).
  const std::string gates = " --to-feature-gates CompositePodGroup=true,TopologyAwareWorkloadScheduling=true";
  auto to_composite = run_grovectl(
      migration("tas-kai.yaml",
                "--backend kai-scheduler --to-backend default-scheduler --to-hierarchy composite" + gates));
  INFO(to_composite.out << to_composite.err);
  REQUIRE(to_composite.exit_code == 1);
  CHECK(to_composite.out.find("  - gang hpc/tas-0: the preferred topology constraint kubernetes.io/hostname "
                              "on pod group tas-0-head "
                              "is dropped (the Workload API has no preferred form)\n") != std::string::npos);
  CHECK(to_composite.out.find("kubernetes.io/rack on") == std::string::npos);   // kept: both sides have it
  CHECK(to_composite.out.find("kubernetes.io/block on") == std::string::npos);  // kept on the child composite
  // Back again: the preferred key takes effect on KAI, whose Topology object must exist; the target of a
  // move to KAI has no hierarchy of its own, so --hierarchy composite does not carry over.
  auto to_kai = run_grovectl(migration("tas-kai.yaml",
                                       "--backend default-scheduler --hierarchy composite --feature-gates "
                                       "CompositePodGroup=true,TopologyAwareWorkloadScheduling=true "
                                       "--to-backend kai-scheduler"));
  INFO(to_kai.out << to_kai.err);
  REQUIRE(to_kai.exit_code == 1);
  CHECK(to_kai.out.find(
            "  - gang hpc/tas-0: the preferred topology constraint kubernetes.io/hostname on pod group "
            "tas-0-head now takes effect\n") != std::string::npos);
  CHECK(to_kai.out.find("  - KAI Topology grove-topology (the Grove operator creates it from the "
                        "ClusterTopologyBinding grove-topology)\n") != std::string::npos);
  CHECK(to_kai.out.find("  - KAI queue hpc exists\n") != std::string::npos);
}

// A JobSet-wide gang is one gang on every backend, the flat Workload API included (one PodGroup holding every
// pod, as JobSet's Workload integration does: kubernetes-sigs/jobset KEP-969, PR #1250), so a migration
// keeps it whole. testdata/jobset/queued.yaml: leader 1 x 1 + workers 2 x 3 = 7 pods in 2 pod groups.
TEST_CASE("migration plan: a JobSet-wide gang stays whole from KAI to the flat Workload API",
          "[diff][plan]") {
  const std::string input = "diff -f " + quote(testdata("jobset/queued.yaml").string()) + " ";
  auto r = run_grovectl(input + "--backend kai-scheduler --to-backend default-scheduler -o brief");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 1);
  const std::string plan = plan_of(r.out);
  CHECK_THAT(plan,
             Catch::Contains("  - gang default/queued: still admitted whole: one KAI PodGroup (minMember 7 "
                             "over 2 subgroups) becomes one PodGroup (minCount 7) holding every pod\n"));
  CHECK_THAT(plan, !Catch::Contains("atomicity is lost"));
  CHECK_THAT(plan, Catch::Contains(
                       "       Workload.scheduling.k8s.io default/queued (scheduling.k8s.io/v1beta1)\n"
                       "       PodGroup.scheduling.k8s.io default/queued (scheduling.k8s.io/v1beta1)\n"));

  // From flat to composite: still one gang, now a CompositePodGroup over one PodGroup per replicated job.
  auto composite = run_grovectl(input +
                                "--to-hierarchy composite --to-feature-gates "
                                "CompositePodGroup=true,TopologyAwareWorkloadScheduling=true -o brief");
  INFO(composite.out << composite.err);
  REQUIRE(composite.exit_code == 1);
  CHECK_THAT(
      plan_of(composite.out),
      Catch::Contains("  - gang default/queued: still admitted whole: one PodGroup (minCount 7) holding "
                      "every pod becomes a CompositePodGroup (minGroupCount 2) over 2 PodGroups\n"));

  // On 1.35 the one pod group is embedded in the Workload.
  auto v135 = run_grovectl(input +
                           "--backend kai-scheduler --to-backend default-scheduler --to-kube-version 1.35 "
                           "--kube-version 1.35 -o brief");
  INFO(v135.out << v135.err);
  CHECK_THAT(plan_of(v135.out),
             Catch::Contains("becomes one pod group of a Workload (minCount 7) holding every pod"));
}

TEST_CASE("migration plan: gangs of one replicated job each have no atomicity to lose", "[diff][plan]") {
  // testdata/jobset/depends-on.yaml starts its replicated jobs in stages (dependsOn): one gang each, as with
  // --jobset-gang replicated-job for queued.yaml; a gang of one pod group is admitted whole everywhere.
  for (const std::string& args :
       {quote(testdata("jobset/depends-on.yaml").string()),
        quote(testdata("jobset/queued.yaml").string()) + " --jobset-gang replicated-job"}) {
    auto r = run_grovectl("diff -f " + args + " --backend volcano --to-backend default-scheduler -o brief");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 1);
    CHECK_THAT(plan_of(r.out), !Catch::Contains("atomicity"));
  }
}
