#pragma once
// A backend mapping turns one gang into the objects a scheduler needs for one API version, and says
// what the backend's PreparePod puts on each pod. Adding a backend or a Kubernetes version is one new
// mapping file registered in backend/registry.cpp, plus its templates/ entries and tests.
#include <string>
#include <vector>

#include "backend/templates.hpp"
#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "model/gang.hpp"
#include "model/membership.hpp"
#include "model/options.hpp"

namespace grovectl {

struct MappingContext {
  const RenderOptions& options;
  const TemplateSet& templates;
};

struct MappingInfo {
  std::string backend;             // "kai-scheduler"
  std::vector<int> kube_minors;    // Kubernetes 1.x minors it serves
  std::string hierarchy;           // "flat" or "composite"
  std::vector<std::string> kinds;  // "scheduling.run.ai/v2alpha2 PodGroup", ...
  std::vector<std::string> gates;  // feature gates it needs or can use
};

// What the cluster must switch on before the objects of a mapping can exist (built-in APIs only).
struct ClusterRequirements {
  // Of MappingInfo::gates, those without which the objects cannot be created or scheduled as gangs; the
  // others are needed only by the fields that use them (topology, priority).
  std::vector<std::string> required_gates;
  // kube-apiserver --runtime-config entries that serve the API versions it emits.
  std::vector<std::string> runtime_config;
};

class Mapping {
 public:
  virtual ~Mapping() = default;
  virtual MappingInfo info() const = 0;
  // Nothing for CRD-based backends: installing the scheduler installs its CRDs.
  virtual ClusterRequirements requirements() const { return {}; }
  // Capability rules (docs/rules.md): errors refuse rendering; validate reports the same diagnostics.
  virtual void check(const Gang& gang, const MappingContext& ctx, Diagnostics& diags) const = 0;
  // Objects for one gang, in creation order.
  virtual std::vector<Json> objects(const Gang& gang, const MappingContext& ctx,
                                    Diagnostics& diags) const = 0;
  // What the backend's PreparePod sets on a pod of `group`.
  virtual PodMembership membership(const Gang& gang, const PodGroup& group,
                                   const MappingContext& ctx) const = 0;
  // Annotations the backend adds to the Grove PodGang (KAI: kai.scheduler/skip-podgrouper).
  virtual StringMap podgang_annotations(const Gang&) const { return {}; }
};

// `mapping`'s membership for the pods of a gang's pod group, as a frontend injects it into its input.
inline MembershipOf membership_of(const Mapping& mapping, const MappingContext& ctx) {
  return [&mapping, &ctx](const Gang& gang, const PodGroup& group) {
    return mapping.membership(gang, group, ctx);
  };
}

// The mapping for a backend on a Kubernetes version and hierarchy, or nullptr (with a diagnostic
// naming what is supported) when there is none.
const Mapping* find_scheduler_mapping(Backend backend, const RenderOptions& options, Diagnostics& diags);
// Every registered scheduler mapping (for `grovectl backends`).
std::vector<const Mapping*> all_scheduler_mappings();
// Grove's own PodGang (scheduler.grove.io/v1alpha1).
const Mapping& podgang_mapping();
// Grove's PodGangMap (grove.io/v1alpha1) of one PodCliqueSet replica.
std::vector<Json> podgang_map_objects(const GangMap& map, const MappingContext& ctx);

}  // namespace grovectl
