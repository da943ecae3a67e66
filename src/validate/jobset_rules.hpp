#pragma once
// Layer 3 of validate for JobSet inputs: the JobSet CRD CEL rule and webhook rules of jobset.md §1
// that can be checked offline (dependsOn order, name lengths, groupName, coordinator, pod counts).
#include "core/diagnostic.hpp"
#include "yaml/document.hpp"

namespace grovectl {

void check_jobset(const SourceDocument& doc, Diagnostics& diags);

}  // namespace grovectl
