#pragma once
// The PodGangMap entries Grove's operator keeps for one PodCliqueSet replica (ai-dynamo/grove PR #778,
// operator/internal/controller/podcliqueset/components/podgangmap/steadystate.go): bootstrapped from the
// template (an Anchor with every standalone clique and each scaling group's replicas below minAvailable; a
// Tail with the replicas above it, when there are any; an empty ScaleOut when there is a scaling group),
// then reconciled to the live replicas (a scale-out appends to ScaleOut, a scale-in drains ScaleOut, then
// Tail, then Anchor).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "frontend/pcs/types.hpp"
#include "model/gang.hpp"
#include "model/grove_names.hpp"

namespace grovectl {

// Live replica counts of one PodCliqueSet replica's objects (HPA-scaled PodCliques and
// PodCliqueScalingGroups among the inputs), by clique and scaling-group config name.
struct LiveReplicas {
  std::map<std::string, int32_t> standalone_cliques;
  std::map<std::string, int32_t> scaling_groups;
};

// `pcs` is defaulted (scaling groups have replicas and minAvailable). Entries by epoch ascending.
std::vector<GangMapEntry> plan_gang_map_entries(const PodCliqueSet& pcs, const ReplicaEpochs& epochs,
                                                const std::string& generation_hash, const LiveReplicas& live);

}  // namespace grovectl
