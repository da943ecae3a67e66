#include "frontend/pcs/defaults.hpp"

namespace grovectl {
namespace {

// CRD structural defaults (applied by the API server before any webhook).
void apply_crd_defaults(PodCliqueSet& pcs) {
  if (!pcs.startup_type) pcs.startup_type = "CliqueStartupTypeAnyOrder";
  for (auto& g : pcs.scaling_groups) {
    if (!g.replicas) g.replicas = 1;
    if (!g.min_available) g.min_available = 1;
  }
}

// The defaulting webhook. It reads the original clique values, so replicas 0 becomes 1 while an
// unset minAvailable becomes the original 0 (which validation then rejects).
void apply_webhook_defaults(PodCliqueSet& pcs, const std::string& namespace_override) {
  if (pcs.ns.empty()) pcs.ns = namespace_override.empty() ? "default" : namespace_override;
  if (!pcs.termination_delay) pcs.termination_delay = kDefaultTerminationDelay;
  for (auto& c : pcs.cliques) {
    int32_t original_replicas = c.replicas;
    if (c.restart_policy.empty()) c.restart_policy = "Always";
    if (c.replicas == 0) c.replicas = 1;
    if (!c.min_available) c.min_available = original_replicas;
    if (c.auto_scaling && !c.auto_scaling->min_replicas) c.auto_scaling->min_replicas = original_replicas;
  }
  for (auto& g : pcs.scaling_groups) {
    if (g.scale_config && !g.scale_config->min_replicas) g.scale_config->min_replicas = *g.replicas;
  }
}

}  // namespace

PodCliqueSet apply_grove_defaults(PodCliqueSet pcs, const std::string& namespace_override) {
  apply_crd_defaults(pcs);
  apply_webhook_defaults(pcs, namespace_override);
  return pcs;
}

}  // namespace grovectl
