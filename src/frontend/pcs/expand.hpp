#pragma once
// PodCliqueSet -> gangs, exactly as Grove's PodGang component computes them (grove.md §4.2-§4.5).
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/pcs/types.hpp"
#include "model/gang.hpp"

namespace grovectl {

struct PcsExpandInput {
  const PodCliqueSet* pcs = nullptr;                 // already defaulted
  std::string scheduler_name;                        // value of the grove.io/scheduler-name label
  const ClusterTopologyBinding* topology = nullptr;  // the selected binding; nullptr: TAS off
  std::vector<const ReplicaOverride*> overrides;     // live PCSG / PodClique replicas
};

std::vector<Gang> expand_podcliqueset(const PcsExpandInput& input);

// The binding Grove would use: the one named by the first explicit topologyName, when the PCS has
// any constraint. Warns when constraints will be dropped because no binding applies.
const ClusterTopologyBinding* select_topology_binding(
    const PodCliqueSet& pcs, const std::vector<const ClusterTopologyBinding*>& bindings, Diagnostics& diags);

}  // namespace grovectl
