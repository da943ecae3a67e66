#pragma once
// Structural checks render needs before expanding a defaulted PodCliqueSet: things the operator could
// not expand at all (a scaling group naming an unknown clique) and expansions too large to hold in memory.
#include <vector>

#include "core/budgets.hpp"
#include "core/diagnostic.hpp"
#include "frontend/pcs/types.hpp"
#include "model/options.hpp"

namespace grovectl {

// True when `pcs` can be expanded within what is left of `budget` (a hostile replicas: 2147483647 must
// not exhaust memory; the estimate is taken from the budget); otherwise reports located errors
// (render/unknown-clique, render/too-large at the field that multiplies the expansion most).
bool check_pcs_structure(const PodCliqueSet& pcs, const std::vector<const ReplicaOverride*>& overrides,
                         const RenderOptions& options, RenderBudget& budget, Diagnostics& diags);

}  // namespace grovectl
