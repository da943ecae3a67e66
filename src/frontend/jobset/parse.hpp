#pragma once
// Reading a JobSet document into the typed JobSet, with the JobSet API's own validation rules that
// decide whether it can be expanded at all (jobset.md §1). Defaults are applied afterwards (defaults.hpp).
#include <optional>

#include "core/diagnostic.hpp"
#include "frontend/jobset/types.hpp"

namespace grovectl {

// The result points at `doc`.
std::optional<JobSet> parse_jobset(const SourceDocument& doc, Diagnostics& diags);

}  // namespace grovectl
