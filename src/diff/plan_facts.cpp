#include "diff/plan_facts.hpp"

#include <fmt/format.h>

#include <set>

namespace grovectl::diff {
namespace {

bool is_default(const PlanSide& s) {
  return s.backend == Backend::kDefaultScheduler;
}
bool composite(const PlanSide& s) {
  return is_default(s) && s.hierarchy == Hierarchy::kComposite;
}

std::string plural(size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

int64_t total_min(const Gang& gang) {
  int64_t sum = 0;
  for (const auto& g : gang.groups) sum += g.min_count;
  return sum;
}

// Direct children of the root CompositePodGroup: one child composite per group config with members,
// plus every pod group outside them (GREP-531 version C, ai-dynamo/grove PR #605).
size_t composite_children(const Gang& gang) {
  std::set<std::string> in_configs;
  size_t configs = 0;
  for (const auto& c : gang.group_configs) {
    if (c.members.empty()) continue;
    ++configs;
    in_configs.insert(c.members.begin(), c.members.end());
  }
  size_t loose = 0;
  for (const auto& g : gang.groups) loose += in_configs.count(g.name) ? 0 : 1;
  return configs + loose;
}

std::string components(int minor, const std::string& gate) {
  // KEP-4671 (kep.yaml components) and the gates' pages on kubernetes.io: GenericWorkload on
  // kube-apiserver and kube-scheduler (and
  // kube-controller-manager from 1.36); GangScheduling on kube-scheduler; the others on the API server
  // (fields) and the scheduler, and from 1.37 the same gates on kube-controller-manager too.
  if (gate == "GangScheduling") return "kube-scheduler";
  if (gate == "GenericWorkload" && minor == 35) return "kube-apiserver and kube-scheduler";
  if (gate == "GenericWorkload" || minor >= 37)
    return "kube-apiserver, kube-scheduler and kube-controller-manager";
  return "kube-apiserver and kube-scheduler";
}

bool any_topology(const std::vector<Gang>& gangs, const PlanSide& side) {
  auto expressed = [&](const std::optional<PackConstraint>& p, TopologyScope scope) {
    return p && ((!p->required.empty() && expresses_topology(side, scope, TopologyStrength::kRequired)) ||
                 (!p->preferred.empty() && expresses_topology(side, scope, TopologyStrength::kPreferred)));
  };
  for (const auto& g : gangs) {
    if (expressed(g.topology, TopologyScope::kGang)) return true;
    for (const auto& c : g.group_configs)
      if (expressed(c.topology, TopologyScope::kGroupConfig)) return true;
    for (const auto& pg : g.groups)
      if (expressed(pg.topology, TopologyScope::kGroup)) return true;
  }
  return false;
}

bool any_priority(const std::vector<Gang>& gangs) {
  for (const auto& g : gangs)
    if (!g.priority_class_name.empty()) return true;
  return false;
}

std::string value_of(const StringMap& m, const std::string& key) {
  auto it = m.find(key);
  return it == m.end() ? "" : it->second;
}

// Grove's queue resolution, enough to name the queue (ai-dynamo/grove@fcc3b3bb
// operator/internal/scheduler/kai/backend.go for KAI: the source's label, then its annotation, then the
// templates' one value; volcano/backend.go for Volcano: the PodGang annotation mirrored from the
// PodCliqueSet, default "default").
std::set<std::string> queues(Backend backend, const std::vector<Gang>& gangs) {
  std::set<std::string> out;
  for (const auto& g : gangs) {
    if (backend == Backend::kVolcano) {
      std::string q = value_of(g.annotations, "scheduling.grove.io/volcano-queue");
      out.insert(q.empty() ? "default" : q);
      continue;
    }
    if (!g.source) continue;
    std::string q = value_of(g.source->labels, "kai.scheduler/queue");
    if (q.empty()) q = value_of(g.source->annotations, "kai.scheduler/queue");
    for (const auto& t : g.source->templates) {
      if (q.empty()) q = value_of(t.labels, "kai.scheduler/queue");
      if (q.empty()) q = value_of(t.annotations, "kai.scheduler/queue");
    }
    if (!q.empty()) out.insert(q);
  }
  return out;
}

// KAI's Topology is named after the ClusterTopologyBinding (ai-dynamo/grove@fcc3b3bb
// operator/internal/scheduler/kai/topology.go).
std::set<std::string> topology_names(const std::vector<Gang>& gangs) {
  std::set<std::string> out;
  for (const auto& g : gangs) {
    if (!g.topology_name.empty()) out.insert(g.topology_name);
  }
  return out;
}

void add(std::vector<Prerequisite>& out, std::string kind, std::string id, std::string text) {
  out.push_back({std::move(kind), std::move(id), std::move(text)});
}

// Whoever creates the backend's objects (the Grove operator, or a pipeline applying the render) needs
// these verbs on them.
void add_rbac(std::vector<Prerequisite>& out, const std::string& resources, const std::string& verbs,
              const std::string& who) {
  add(out, "rbac", resources,
      fmt::format("RBAC for whoever creates the objects{}: {} on {}", who, verbs, resources));
}

constexpr const char* kAllVerbs = "create, get, list, watch, update, patch and delete";

void workload_api_prerequisites(const PlanSide& side, const std::vector<Gang>& gangs,
                                std::vector<Prerequisite>& out) {
  const int minor = side.version.minor;
  // --runtime-config per release (https://kubernetes.io/docs/concepts/workloads/workload-api/): v1alpha3 for
  // CompositePodGroup, and v1beta1 as well because kube-scheduler 1.37 lists v1beta1 PodGroups.
  std::vector<std::string> versions;
  if (minor == 35) versions = {"v1alpha1"};
  if (minor == 36) versions = {"v1alpha2"};
  if (minor >= 37)
    versions = composite(side) ? std::vector<std::string>{"v1beta1", "v1alpha3"}
                               : std::vector<std::string>{"v1beta1"};
  for (const auto& v : versions) {
    std::string why =
        v == "v1beta1" ? "beta APIs are not served by default" : "alpha APIs are not served by default";
    add(out, "runtime-config", "scheduling.k8s.io/" + v,
        fmt::format("kube-apiserver --runtime-config=scheduling.k8s.io/{}=true ({})", v, why));
  }
  // The gates each release needs for gang scheduling, and those the rendered fields need (KEP-4671).
  std::vector<std::string> gates = {"GenericWorkload"};
  if (minor <= 36) gates.push_back("GangScheduling");
  if (any_topology(gangs, side) || composite(side)) gates.push_back("TopologyAwareWorkloadScheduling");
  if (minor == 36 && any_priority(gangs)) gates.push_back("WorkloadAwarePreemption");
  if (composite(side)) gates.push_back("CompositePodGroup");
  for (const auto& g : gates) {
    add(out, "feature-gate", g, fmt::format("feature gate {}=true on {}", g, components(minor, g)));
  }
  // GREP-531 (ai-dynamo/grove PR #605, versions A and B): the operator's RBAC on the Workload API resources.
  std::string resources = minor == 35 ? "workloads.scheduling.k8s.io"
                                      : "workloads.scheduling.k8s.io, podgroups.scheduling.k8s.io";
  if (composite(side)) resources += ", compositepodgroups.scheduling.k8s.io";
  add_rbac(out, resources, kAllVerbs, " (the Grove operator, GREP-531, or your pipeline)");
}

}  // namespace

std::string side_label(const PlanSide& side) {
  std::string label = fmt::format("{} on Kubernetes {}", backend_name(side.backend), side.version.text());
  if (is_default(side) && side.version.minor >= 37) label += composite(side) ? " (composite)" : " (flat)";
  return label;
}

bool admits_gang_whole(const PlanSide& side, const Gang& gang) {
  // KAI and Volcano get one PodGroup with the summed minMember, Koordinator one GangGroup over its PodGroups
  // (Grove's scheduler backends, GREP-537); a Workload API pod group is a gang of its own (KEP-4671) unless
  // a CompositePodGroup holds it (KEP-6012) or it holds every pod of the gang (one_group_on_flat_workload).
  return !is_default(side) || composite(side) || gang.one_group_on_flat_workload;
}

std::string gang_shape(const PlanSide& side, const Gang& gang) {
  const size_t n = gang.groups.size();
  switch (side.backend) {
    case Backend::kKaiScheduler:
      return fmt::format("one KAI PodGroup (minMember {} over {})", total_min(gang),
                         plural(n, "subgroup", "subgroups"));
    case Backend::kVolcano:
      return fmt::format("one Volcano PodGroup (minMember {} over {})", total_min(gang),
                         plural(n, "subGroupPolicy entry", "subGroupPolicy entries"));
    case Backend::kKoordScheduler:
      return n == 1 ? "one Koordinator PodGroup"
                    : fmt::format("{} Koordinator PodGroups joined in one GangGroup", n);
    case Backend::kLpxScheduler:  // ai-dynamo/grove PR #663: the scheduler reads the PodGang itself
      return fmt::format("the Grove PodGang itself ({})", plural(n, "pod group", "pod groups"));
    case Backend::kDefaultScheduler:
      break;
  }
  if (composite(side)) {
    return fmt::format("a CompositePodGroup (minGroupCount {}) over {}", composite_children(gang),
                       plural(n, "PodGroup", "PodGroups"));
  }
  if (gang.one_group_on_flat_workload) {
    return fmt::format("one {} (minCount {}) holding every pod",
                       side.version.minor == 35 ? "pod group of a Workload" : "PodGroup", total_min(gang));
  }
  if (side.version.minor == 35)
    return fmt::format("{} of one Workload, each admitted on its own", plural(n, "pod group", "pod groups"));
  return fmt::format("{}, each admitted on its own", plural(n, "PodGroup", "PodGroups"));
}

bool expresses_topology(const PlanSide& side, TopologyScope scope, TopologyStrength strength) {
  switch (side.backend) {
    case Backend::kKaiScheduler:
      return true;  // Grove's kai/backend.go: PodGroup, group-config and subgroup levels, both strengths
    case Backend::kVolcano:
      return false;  // Grove's volcano/backend.go: rejected at admission
    case Backend::kKoordScheduler:
      return scope != TopologyScope::kGroupConfig;  // GREP-537 (ai-dynamo/grove PR #562): no PCSG level
    case Backend::kLpxScheduler:
      return false;  // ai-dynamo/grove PR #663: every topology constraint is refused at admission
    case Backend::kDefaultScheduler:
      break;
  }
  // No topology in v1alpha1 (kubernetes/api@v0.35.0); schedulingConstraints.topology[].key only, a required
  // key (v1alpha2+ types.go); GREP-531 version C: flat PodGroups carry their own, a composite hierarchy every
  // level.
  if (side.version.minor == 35 || strength == TopologyStrength::kPreferred) return false;
  return composite(side) || scope == TopologyScope::kGroup;
}

bool carries_priority(const PlanSide& side) {
  switch (side.backend) {
    case Backend::kKaiScheduler:
    case Backend::kVolcano:
      return true;  // spec.priorityClassName (Grove's kai/backend.go, volcano/backend.go)
    case Backend::kLpxScheduler:
      return true;  // it reads the PodGang, whose spec.priorityClassName Grove sets (podgang.go
                    // buildResource)
    case Backend::kKoordScheduler:
      return false;  // the PodGroup CRD has no priorityClassName (koordinator-sh/koordinator@v1.8.0)
    case Backend::kDefaultScheduler:
      break;
  }
  // kubernetes/api scheduling/*/types.go: none in 1.35, gated by WorkloadAwarePreemption in 1.36, always in
  // 1.37.
  if (side.version.minor == 35) return false;
  if (side.version.minor == 36) return side.gates.enabled("WorkloadAwarePreemption");
  return true;
}

std::string pod_scheduler_name(Backend backend) {
  return backend_name(backend);  // what each backend's PreparePod sets (Grove's scheduler/*/backend.go)
}

std::string pod_membership(const PlanSide& side) {
  switch (side.backend) {
    case Backend::kKaiScheduler:
      return "annotation pod-group-name and label kai.scheduler/subgroup-name";
    case Backend::kVolcano:
      return "annotations scheduling.k8s.io/group-name and scheduling.volcano.sh/group-name";
    case Backend::kKoordScheduler:
      return "label pod-group.scheduling.sigs.k8s.io";
    case Backend::kLpxScheduler:
      return "schedulerName alone";  // lpx/backend.go PreparePod; the scheduler reads the PodGang
    case Backend::kDefaultScheduler:
      break;
  }
  return side.version.minor == 35 ? "spec.workloadRef" : "spec.schedulingGroup";
}

std::vector<InputKey> keys_read(Backend backend) {
  switch (backend) {
    case Backend::kKaiScheduler:  // Grove's kai/backend.go queue resolution and topology conversion
      return {{"kai.scheduler/queue", true, true},
              {"kai.scheduler/queue", false, true},
              {"kai.scheduler/topology", false, false}};
    case Backend::kVolcano:  // Grove's volcano/backend.go
      return {{"scheduling.grove.io/volcano-queue", false, true}};
    case Backend::kKoordScheduler:
    case Backend::kLpxScheduler:
    case Backend::kDefaultScheduler:
      break;
  }
  return {};
}

std::vector<Prerequisite> prerequisites(const PlanSide& side, const std::vector<Gang>& gangs) {
  std::vector<Prerequisite> out;
  switch (side.backend) {
    case Backend::kDefaultScheduler:
      workload_api_prerequisites(side, gangs, out);
      break;
    case Backend::kKaiScheduler:
      add(out, "scheduler", "kai-scheduler",
          "KAI Scheduler installed with its scheduling.run.ai/v2alpha2 PodGroup CRD (Grove builds against "
          "KAI v0.15.2)");
      for (const auto& q : queues(side.backend, gangs))
        add(out, "queue", "kai:" + q, fmt::format("KAI queue {} exists", q));
      if (any_topology(gangs, side)) {
        for (const auto& name : topology_names(gangs))
          add(out, "topology", "kai:" + name,
              fmt::format(
                  "KAI Topology {} (the Grove operator creates it from the ClusterTopologyBinding {})", name,
                  name));
      }
      add_rbac(out, "podgroups.scheduling.run.ai", kAllVerbs, "");
      break;
    case Backend::kVolcano:
      add(out, "scheduler", "volcano",
          "Volcano 1.14 or later (its PodGroup CRD must have spec.subGroupPolicy; Grove's Volcano backend "
          "checks this when it starts)");
      for (const auto& q : queues(side.backend, gangs))
        add(out, "queue", "volcano:" + q,
            fmt::format("Volcano queue {} exists and is Open (Grove's admission checks it)", q));
      add_rbac(out, "podgroups.scheduling.volcano.sh", kAllVerbs, "");
      break;
    case Backend::kKoordScheduler:
      add(out, "scheduler", "koord-scheduler",
          "koord-scheduler installed with the scheduling.sigs.k8s.io/v1alpha1 PodGroup CRD");
      if (any_topology(gangs, side))
        add(out, "topology", "koord-topology",
            "a ClusterNetworkTopology named default with the layers used, koord-scheduler "
            "--enable-network-topology-manager and the Coscheduling argument awareNetworkTopology: true "
            "(both are off by default)");
      add_rbac(out, "podgroups.scheduling.sigs.k8s.io", "create, get, list, watch, update and delete",
               " (the Grove operator, GREP-537, or your pipeline)");
      break;
    case Backend::kLpxScheduler:
      add(out, "scheduler", "lpx-scheduler",
          "lpx-scheduler installed and reading Grove's scheduler.grove.io/v1alpha1 PodGangs, and the Grove "
          "operator's scheduler profile lpx-scheduler enabled (ai-dynamo/grove PR #663)");
      break;
  }
  return out;
}

std::vector<Prerequisite> removed_gates(const PlanSide& from, const PlanSide& to) {
  std::set<std::string> used;
  for (const auto& [gate, value] : from.gates.values()) used.insert(gate);
  if (is_default(from)) {
    for (const auto& p : prerequisites(from, {}))
      if (p.kind == "feature-gate") used.insert(p.id);
  }
  std::vector<Prerequisite> out;
  for (const auto& gate : used) {
    if (gate_exists(gate, to.version) || !gate_exists(gate, from.version)) continue;
    // GangScheduling and WorkloadAwarePreemption merged into GenericWorkload in 1.37 (KEP-4671).
    std::string why = gate == "GangScheduling" || gate == "WorkloadAwarePreemption"
                          ? " (merged into GenericWorkload, KEP-4671)"
                          : "";
    add(out, "gate-removed", gate,
        fmt::format("feature gate {} does not exist on Kubernetes {}{}: remove it from the components' "
                    "--feature-gates",
                    gate, to.version.text(), why));
  }
  return out;
}

}  // namespace grovectl::diff
