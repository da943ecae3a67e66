#pragma once
// Reading a JobSet document into the typed JobSet, with the JobSet API's own validation rules that
// decide whether it can be expanded at all (kubernetes-sigs/jobset@08dfbdfd
// api/jobset/v1alpha2/jobset_types.go and pkg/webhooks/jobset_webhook.go). Defaults are applied afterwards
// (defaults.hpp).
#include <optional>

#include "core/diagnostic.hpp"
#include "frontend/jobset/types.hpp"

namespace grovectl {

// The result points at `doc`.
std::optional<JobSet> parse_jobset(const SourceDocument& doc, Diagnostics& diags);

}  // namespace grovectl
