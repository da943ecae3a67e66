#pragma once
// Reading a (defaulted) JobSet document into the typed JobSet, with the JobSet API's own validation
// rules that decide whether it can be expanded at all (jobset.md §1).
#include <optional>

#include "core/diagnostic.hpp"
#include "frontend/jobset/types.hpp"

namespace grovectl {

// `doc` holds the defaulted JobSet (apply_jobset_defaults); the result points at it.
std::optional<JobSet> parse_jobset(const SourceDocument& doc, Diagnostics& diags);

}  // namespace grovectl
