#pragma once
// Structural checks render needs before expanding a defaulted PodCliqueSet: things the operator could
// not expand at all (a scaling group naming an unknown clique) and expansions too large to hold in memory.
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/pcs/types.hpp"

namespace grovectl {

// Upper bounds on one PodCliqueSet's expansion (a hostile replicas: 2147483647 must not exhaust memory).
inline constexpr long double kMaxGangsPerSource = 1'000'000;
inline constexpr long double kMaxPodsPerSource = 2'000'000;

// True when `pcs` can be expanded; otherwise reports located errors (render/unknown-clique,
// render/too-large).
bool check_pcs_structure(const PodCliqueSet& pcs, const std::vector<const ReplicaOverride*>& overrides,
                         Diagnostics& diags);

}  // namespace grovectl
