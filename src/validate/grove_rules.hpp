#pragma once
// Layer 3 of validate for Grove inputs (ai-dynamo/grove@fcc3b3bb): the CRD's CEL rules, the webhook's
// spec rules on CREATE (operator/internal/webhook/admission/pcs/validation/), the backends' checks, offline
// part (operator/internal/scheduler/*/backend.go) and MNNVL values, with Grove's field paths and messages.
#include <optional>
#include <string>
#include <vector>

#include "backend/checks.hpp"  // is_dns_label, is_dns_subdomain
#include "core/diagnostic.hpp"
#include "frontend/pcs/types.hpp"
#include "model/options.hpp"

namespace grovectl {

struct GroveCheckContext {
  // TAS is on when a ClusterTopologyBinding is among the inputs or given with --topology.
  std::vector<const ClusterTopologyBinding*> bindings;
  std::optional<Backend> backend;  // resolved backend; nullopt when unknown
  bool strict = false;
  const GroveVersion* grove_version = &GroveVersion::newest();  // whose webhook decides
};

// `raw` is the PodCliqueSet as written, `pcs` the same after Grove's defaults. All but the backend's rules
// (check_backend_rules), which come last.
void check_podcliqueset(const PodCliqueSet& raw, const PodCliqueSet& pcs, const GroveCheckContext& ctx,
                        Diagnostics& diags);

// The CRD CEL rules on topology constraints (x-kubernetes-validations of grove.io_podcliquesets.yaml).
void check_topology_cel(const PodCliqueSet& pcs, Diagnostics& diags);
// topologyconstraints.go: topology constraints on CREATE, TAS on or off.
void check_topology_on_create(const PodCliqueSet& pcs, const GroveCheckContext& ctx, Diagnostics& diags);
// The webhook's metadata and spec rules (podcliqueset.go), including the restartPolicy warning.
void check_pcs_spec(const PodCliqueSet& raw, const PodCliqueSet& pcs, const GroveCheckContext& ctx,
                    Diagnostics& diags);
// resourceClaimTemplates and resourceSharing (podcliqueset.go), with their clique/scaling-group forms.
class FieldErrors;
void check_resource_rules(const PodCliqueSet& pcs, FieldErrors& fe);
// rollingUpdate (ai-dynamo/grove PR #817), on Grove versions that have it.
void check_rolling_update(const PodCliqueSet& pcs, FieldErrors& fe);
// MNNVL annotation values (mnnvl/webhook.go) and the backend's own checks (scheduler/*/backend.go).
void check_mnnvl(const PodCliqueSet& pcs, Diagnostics& diags);
void check_backend_rules(const PodCliqueSet& pcs, const GroveCheckContext& ctx, Diagnostics& diags);

// The ClusterTopologyBinding webhook (admission/clustertopology/validation): duplicate domains and keys.
void check_cluster_topology_binding(const ClusterTopologyBinding& ctb, Diagnostics& diags);

// Go time.ParseDuration, in nanoseconds; nullopt when malformed.
std::optional<long double> parse_go_duration(const std::string& s);

}  // namespace grovectl
