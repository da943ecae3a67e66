#pragma once
// Topology-aware scheduling for PodCliqueSets (grove.md §4.3): choosing the ClusterTopologyBinding and
// translating topology domains to node-label keys.
#include <optional>
#include <string>
#include <vector>

#include "frontend/pcs/types.hpp"
#include "model/gang.hpp"

namespace grovectl {

// The first explicit topologyName in the order PCS, scaling groups, cliques; empty when none.
std::string first_explicit_topology_name(const PodCliqueSet& pcs);
bool has_any_topology_constraint(const PodCliqueSet& pcs);

// Domain -> key translation for one binding; nullptr binding means topology-aware scheduling is off.
class TopologyTranslator {
 public:
  explicit TopologyTranslator(const ClusterTopologyBinding* binding) : binding_(binding) {}
  bool enabled() const { return binding_ != nullptr; }
  std::string binding_name() const { return binding_ ? binding_->name : ""; }
  // T(tc): nil when off, tc absent, or neither domain is a level of the binding.
  std::optional<PackConstraint> translate(const std::optional<TopologyConstraintSpec>& tc) const;

 private:
  std::string key_for(const std::string& domain) const;
  const ClusterTopologyBinding* binding_;
};

}  // namespace grovectl
