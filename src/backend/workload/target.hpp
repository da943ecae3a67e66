#pragma once
// What one Workload API version can express, and the limits and feature gates every version shares
// (kubernetes/api scheduling/v1alpha2/types.go @v0.36.0, scheduling/{v1alpha3,v1beta1}/types.go of 1.37
// @10b39a39; the feature gates of KEP-4671).
#include <cstddef>
#include <string>

#include "backend/mapping.hpp"

namespace grovectl {

inline constexpr size_t kWorkloadMaxTemplates = 8;
inline constexpr int kWorkloadMaxTreeDepth = 4;
inline constexpr const char* kTopologyGate = "TopologyAwareWorkloadScheduling";
inline constexpr const char* kPreemptionGate = "WorkloadAwarePreemption";

struct WorkloadTarget {
  std::string api;              // "scheduling.k8s.io/v1beta1"
  bool has_topology = true;     // schedulingConstraints exists (1.36+)
  bool composite = false;       // topology at gang and group-config level via CompositePodGroups
  bool priority_gated = false;  // 1.36: priorityClassName needs WorkloadAwarePreemption
  bool has_priority = true;     // 1.35 has no priorityClassName
  // 1.37: one priority for a whole Workload, equal to its pods' (kubernetes PR #139920)
  bool uniform_priority = false;
};

inline bool topology_gate_on(const MappingContext& ctx) {
  return ctx.options.gates.enabled(kTopologyGate);
}

}  // namespace grovectl
