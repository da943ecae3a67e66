#pragma once
// Reads PodCliqueSet, ClusterTopologyBinding and live replica-override documents into typed values.
#include <optional>

#include "core/diagnostic.hpp"
#include "frontend/pcs/types.hpp"

namespace grovectl {

std::optional<PodCliqueSet> parse_podcliqueset(const SourceDocument& doc, Diagnostics& diags);
std::optional<ClusterTopologyBinding> parse_cluster_topology(const SourceDocument& doc, Diagnostics& diags);
std::optional<ReplicaOverride> parse_replica_override(const SourceDocument& doc, Diagnostics& diags);

}  // namespace grovectl
