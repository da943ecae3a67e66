// lpx-scheduler's admission rule (ValidatePodCliqueSet in operator/internal/scheduler/lpx/backend.go,
// ai-dynamo/grove PR #663): the backend has no topology support, so any topologyConstraint refuses the
// PodCliqueSet, the first in the operator's order (PodCliqueSet, cliques, scaling groups), with one message.
#include "backend/grove_admission.hpp"

namespace grovectl {

void lpx_admission(const GangSource& source, Diagnostics& diags) {
  refuse_first_topology_constraint(
      source, "grove/lpx-topology",
      [](const TopologyPlace&) {
        return std::string(
            "lpx-scheduler does not support Grove topology constraints; placement topology must be expressed "
            "through the LPX workload contract");
      },
      diags);
}

}  // namespace grovectl
