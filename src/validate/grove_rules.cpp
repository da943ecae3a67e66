// The PodCliqueSet check in the order of Grove's ValidateCreate
// (operator/internal/webhook/admission/pcs/validation/handler.go, ai-dynamo/grove fcc3b3bb), whose last step,
// the scheduler backend's rules, is check_backend_rules.
#include "validate/grove_rules.hpp"

#include "backend/grove_admission.hpp"
#include "frontend/pcs/expand.hpp"

namespace grovectl {

void check_backend_rules(const PodCliqueSet& pcs, const GroveCheckContext& ctx, Diagnostics& diags) {
  if (ctx.backend && has_grove_admission(*ctx.backend))
    check_grove_admission(*ctx.backend, *podcliqueset_gang_source(pcs), diags);
}

void check_podcliqueset(const PodCliqueSet& raw, const PodCliqueSet& pcs, const GroveCheckContext& ctx,
                        Diagnostics& diags) {
  check_topology_cel(pcs, diags);
  check_topology_on_create(pcs, ctx, diags);
  check_pcs_spec(raw, pcs, ctx, diags);
  check_mnnvl(pcs, diags);
}

}  // namespace grovectl
