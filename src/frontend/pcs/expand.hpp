#pragma once
// PodCliqueSet -> gangs, exactly as Grove's PodGang component computes them: with legacy names (ai-dynamo/
// grove main fcc3b3bb, v0.1.0-alpha.11) or from PodGangMap entries with epoch names (PR #778), as the Grove
// version says.
#include <memory>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/pcs/topology.hpp"
#include "frontend/pcs/types.hpp"
#include "model/adopted_epochs.hpp"
#include "model/gang.hpp"
#include "model/grove_names.hpp"

namespace grovectl {

struct PcsExpandInput {
  const PodCliqueSet* pcs = nullptr;              // already defaulted (and its generation hash set)
  std::string scheduler_name;                     // value of the grove.io/scheduler-name label
  TopologySelection topology;                     // default: TAS off
  std::vector<const ReplicaOverride*> overrides;  // live PCSG / PodClique replicas
  const GroveVersion* grove_version = &GroveVersion::newest();
  int64_t anchor_epoch = kDefaultAnchorEpoch;     // replica 0's (epoch naming)
  const AdoptedEpochs* adopted_epochs = nullptr;  // live epochs that win over anchor_epoch per replica
};

// The gangs in the operator's order. A PodGang name its pods cannot carry in a label (over 63 bytes, on a
// Grove version that does not shorten names) is an error in `diags` (render/podgang-name-too-long).
std::vector<Gang> expand_podcliqueset(const PcsExpandInput& input, Diagnostics& diags);
// The PodGangMaps, one per PodCliqueSet replica (epoch naming; none with legacy names).
std::vector<GangMap> podcliqueset_gang_maps(const PcsExpandInput& input);
// What every gang of `pcs` points back to (also when it has no gang: replicas 0).
std::shared_ptr<const GangSource> podcliqueset_gang_source(const PodCliqueSet& pcs);

// The binding Grove would use: the one named by the first explicit topologyName, when the PCS has
// any constraint. Bindings among the inputs mean topology-aware scheduling is on; none means off. Warns
// when constraints will be dropped because no binding applies.
TopologySelection select_topology_binding(const PodCliqueSet& pcs,
                                          const std::vector<const ClusterTopologyBinding*>& bindings,
                                          Diagnostics& diags);

}  // namespace grovectl
