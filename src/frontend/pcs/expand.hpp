#pragma once
// PodCliqueSet -> gangs, exactly as Grove's PodGang component computes them (grove.md §4.2-§4.5).
#include <memory>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/pcs/topology.hpp"
#include "frontend/pcs/types.hpp"
#include "model/gang.hpp"

namespace grovectl {

struct PcsExpandInput {
  const PodCliqueSet* pcs = nullptr;              // already defaulted
  std::string scheduler_name;                     // value of the grove.io/scheduler-name label
  TopologySelection topology;                     // default: TAS off
  std::vector<const ReplicaOverride*> overrides;  // live PCSG / PodClique replicas
};

std::vector<Gang> expand_podcliqueset(const PcsExpandInput& input);
// What every gang of `pcs` points back to (also when it has no gang: replicas 0).
std::shared_ptr<const GangSource> podcliqueset_gang_source(const PodCliqueSet& pcs);

// The binding Grove would use: the one named by the first explicit topologyName, when the PCS has
// any constraint. Bindings among the inputs mean topology-aware scheduling is on; none means off. Warns
// when constraints will be dropped because no binding applies.
TopologySelection select_topology_binding(const PodCliqueSet& pcs,
                                          const std::vector<const ClusterTopologyBinding*>& bindings,
                                          Diagnostics& diags);

}  // namespace grovectl
