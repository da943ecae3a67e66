#pragma once
// How much expanding a JobSet would produce, estimated before anything is allocated, and taken from the
// render budget of the command (a hostile `replicas × parallelism` of 1e9 must not exhaust memory).
#include "core/budgets.hpp"
#include "core/diagnostic.hpp"
#include "frontend/jobset/types.hpp"
#include "model/options.hpp"

namespace grovectl {

// True when the expansion of `js` fits in what is left of `budget` (and takes it); otherwise reports
// render/too-large at the field that multiplies the expansion most.
bool check_jobset_size(const JobSet& js, const SourceDocument& input, const RenderOptions& options,
                       RenderBudget& budget, Diagnostics& diags);

}  // namespace grovectl
