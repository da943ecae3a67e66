#include "frontend/pcs/topology.hpp"

namespace grovectl {

std::string first_explicit_topology_name(const PodCliqueSet& pcs) {
  if (pcs.topology && !pcs.topology->topology_name.empty()) return pcs.topology->topology_name;
  for (const auto& g : pcs.scaling_groups) {
    if (g.topology && !g.topology->topology_name.empty()) return g.topology->topology_name;
  }
  for (const auto& c : pcs.cliques) {
    if (c.topology && !c.topology->topology_name.empty()) return c.topology->topology_name;
  }
  return "";
}

bool has_any_topology_constraint(const PodCliqueSet& pcs) {
  return first_topology_constraint(pcs).has_value();
}

std::optional<TopologyPlace> first_topology_constraint(const PodCliqueSet& pcs) {
  if (pcs.topology) return TopologyPlace{"PodCliqueSet", "", pcs.topology->pointer};
  for (const auto& c : pcs.cliques) {
    if (c.topology) return TopologyPlace{"PodClique", c.name, c.topology->pointer};
  }
  for (const auto& g : pcs.scaling_groups) {
    if (g.topology) return TopologyPlace{"PodCliqueScalingGroup", g.name, g.topology->pointer};
  }
  return std::nullopt;
}

std::string TopologyTranslator::key_for(const std::string& domain) const {
  if (domain.empty()) return "";
  for (const auto& level : binding_->levels) {
    if (level.domain == domain) return level.key;
  }
  return "";
}

std::optional<PackConstraint> TopologyTranslator::translate(
    const std::optional<TopologyConstraintSpec>& tc) const {
  if (!binding_ || !tc) return std::nullopt;
  PackConstraint pack{key_for(tc->required_domain()), key_for(tc->preferred_domain())};
  if (pack.empty()) return std::nullopt;
  return pack;
}

}  // namespace grovectl
