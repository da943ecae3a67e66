#pragma once
// What one Workload API version can express, and the limits and feature gates every version shares
// (k8s-workload-api.md §2, §3, §5-§7).
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
