#pragma once
// What each backend x Kubernetes version means for a gang, and what a cluster needs before it can run
// one: the facts a migration plan is made of. Pure lookups.
#include <string>
#include <vector>

#include "model/gang.hpp"
#include "model/options.hpp"

namespace grovectl::diff {

// One side of a migration.
struct PlanSide {
  Backend backend = Backend::kDefaultScheduler;
  KubeVersion version;
  Hierarchy hierarchy = Hierarchy::kFlat;
  FeatureGates gates;
  std::string grove_version;  // the Grove release rendered for ("v0.1.0-alpha.13")
};

// "kai-scheduler on Kubernetes 1.37", "default-scheduler on Kubernetes 1.37 (composite)".
std::string side_label(const PlanSide& side);

// Whether all pod groups of `gang` are admitted together on the side (one gang object, a GangGroup, a
// CompositePodGroup over them, or one Workload API pod group holding every pod), rather than each on its own.
bool admits_gang_whole(const PlanSide& side, const Gang& gang);

// How the side expresses one gang: "one KAI PodGroup (minMember 8 over 5 subgroups)".
std::string gang_shape(const PlanSide& side, const Gang& gang);

enum class TopologyScope { kGang, kGroupConfig, kGroup };
enum class TopologyStrength { kRequired, kPreferred };
// Whether the side's objects carry a topology constraint of this scope and strength.
bool expresses_topology(const PlanSide& side, TopologyScope scope, TopologyStrength strength);

// Whether the side's gang objects carry the PodCliqueSet's priorityClassName.
bool carries_priority(const PlanSide& side);

// The pods' spec.schedulerName for a backend.
std::string pod_scheduler_name(Backend backend);

// The pod field that ties a pod to its gang ("spec.schedulingGroup", a label, annotations).
std::string pod_membership(const PlanSide& side);

// Labels and annotations of the inputs that a backend reads (Grove's scheduler/{volcano,kai}/backend.go).
struct InputKey {
  std::string key;
  bool label = false;         // false: annotation
  bool on_templates = false;  // also read from the pod templates
};
std::vector<InputKey> keys_read(Backend backend);

// One thing the target cluster must have. `id` identifies it across both sides (the same id on the
// current side means it is already needed today).
struct Prerequisite {
  std::string kind;  // runtime-config, feature-gate, scheduler, queue, topology, rbac, gate-removed
  std::string id;
  std::string text;
};

// What the side needs for these gangs.
std::vector<Prerequisite> prerequisites(const PlanSide& side, const std::vector<Gang>& gangs);

// Gates set on `from` that `to`'s Kubernetes version no longer has.
std::vector<Prerequisite> removed_gates(const PlanSide& from, const PlanSide& to);

}  // namespace grovectl::diff
