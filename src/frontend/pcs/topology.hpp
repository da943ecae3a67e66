#pragma once
// Topology-aware scheduling for PodCliqueSets (createTopologyPackConstraint, Grove's syncflow.go):
// choosing the ClusterTopologyBinding and translating topology domains to node-label keys.
#include <optional>
#include <string>
#include <vector>

#include "frontend/pcs/types.hpp"
#include "model/gang.hpp"

namespace grovectl {

// The first explicit topologyName in the order PCS, scaling groups, cliques; empty when none.
std::string first_explicit_topology_name(const PodCliqueSet& pcs);
bool has_any_topology_constraint(const PodCliqueSet& pcs);
// The first topologyConstraint in the order Grove's scheduler backends look (the PodCliqueSet, its cliques,
// its scaling groups: ValidatePodCliqueSet in operator/internal/scheduler/{volcano,lpx}/backend.go,
// ai-dynamo/grove fcc3b3bb); nullopt when it sets none.
std::optional<TopologyPlace> first_topology_constraint(const PodCliqueSet& pcs);

// What the operator works with (Grove's prepareSyncFlow): whether topology-aware scheduling is on,
// and the binding it found. On without a binding (the PodCliqueSet names none, or one that is not there),
// every constraint translates to nil but the scaling groups' topologyConstraintGroupConfigs entries are kept.
struct TopologySelection {
  const ClusterTopologyBinding* binding = nullptr;
  bool tas_on = false;
};

// Domain -> key translation for one selection.
class TopologyTranslator {
 public:
  explicit TopologyTranslator(TopologySelection selection)
      : binding_(selection.binding), on_(selection.tas_on) {}
  bool enabled() const { return on_; }
  std::string binding_name() const { return binding_ ? binding_->name : ""; }
  // T(tc): nil when off, tc absent, or neither domain is a level of the binding.
  std::optional<PackConstraint> translate(const std::optional<TopologyConstraintSpec>& tc) const;

 private:
  std::string key_for(const std::string& domain) const;
  const ClusterTopologyBinding* binding_;
  bool on_;
};

}  // namespace grovectl
