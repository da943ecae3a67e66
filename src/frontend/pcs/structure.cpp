#include "frontend/pcs/structure.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace grovectl {
namespace {

Location where(const PodCliqueSet& pcs, const std::string& pointer) {
  return pcs.doc ? pcs.doc->locate(pointer) : Location{};
}

bool check_clique_names(const PodCliqueSet& pcs, Diagnostics& diags) {
  bool ok = true;
  for (const auto& g : pcs.scaling_groups) {
    for (size_t j = 0; j < g.clique_names.size(); ++j) {
      if (pcs.clique(g.clique_names[j])) continue;
      std::string pointer = pointer_append(g.pointer + "/cliqueNames", j);
      diags.error("render/unknown-clique",
                  fmt::format("podCliqueScalingGroup \"{}\" lists clique \"{}\", which is not among "
                              "spec.template.cliques; the operator cannot expand it",
                              g.name, g.clique_names[j]),
                  where(pcs, pointer), pointer_to_field_path(pointer));
      ok = false;
    }
  }
  return ok;
}

// The largest live replica count for a PodCliqueScalingGroup of this PCS named `<pcs>-<r>-<group>`.
long double live_group_replicas(const PodCliqueSet& pcs, const ScalingGroupConfig& g,
                                const std::vector<const ReplicaOverride*>& overrides) {
  long double most = *g.replicas;
  std::string prefix = pcs.name + "-";
  std::string suffix = "-" + g.name;
  for (const auto* o : overrides) {
    if (o->kind == "PodCliqueScalingGroup" && o->name.starts_with(prefix) && o->name.ends_with(suffix)) {
      most = std::max<long double>(most, o->replicas);
    }
  }
  return most;
}

bool check_size(const PodCliqueSet& pcs, const std::vector<const ReplicaOverride*>& overrides,
                Diagnostics& diags) {
  long double replicas = std::max(0, pcs.replicas);
  long double gangs_per_replica = 1;
  long double pods_per_replica = 0;
  for (const auto& c : pcs.cliques) {
    if (!pcs.group_of(c.name)) pods_per_replica += std::max(0, c.replicas);
  }
  for (const auto& g : pcs.scaling_groups) {
    long double group_replicas = std::max<long double>(0, live_group_replicas(pcs, g, overrides));
    gangs_per_replica += std::max<long double>(0, group_replicas - *g.min_available);
    long double pods_per_group_replica = 0;
    for (const auto& cn : g.clique_names) {
      if (const auto* c = pcs.clique(cn)) pods_per_group_replica += std::max(0, c->replicas);
    }
    pods_per_replica += std::max<long double>(group_replicas, *g.min_available) * pods_per_group_replica;
  }
  long double gangs = replicas * gangs_per_replica;
  long double pods = replicas * pods_per_replica;
  for (const auto* o : overrides) {
    if (o->kind == "PodClique" && o->name.starts_with(pcs.name + "-")) pods += std::max(0, o->replicas);
  }
  if (gangs <= kMaxGangsPerSource && pods <= kMaxPodsPerSource) return true;
  diags.error(
      "render/too-large",
      fmt::format("PodCliqueSet {} would expand to {:.0f} gangs and {:.0f} pods; grovectl renders at most "
                  "{:.0f} gangs and {:.0f} pods per PodCliqueSet",
                  pcs.name, static_cast<double>(gangs), static_cast<double>(pods),
                  static_cast<double>(kMaxGangsPerSource), static_cast<double>(kMaxPodsPerSource)),
      where(pcs, "/spec/replicas"), "spec.replicas");
  return false;
}

}  // namespace

bool check_pcs_structure(const PodCliqueSet& pcs, const std::vector<const ReplicaOverride*>& overrides,
                         Diagnostics& diags) {
  bool names_ok = check_clique_names(pcs, diags);
  return names_ok && check_size(pcs, overrides, diags);
}

}  // namespace grovectl
