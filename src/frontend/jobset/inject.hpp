#pragma once
// The emitted JobSet: the defaulted input with each replicated job's pod template carrying the backend's
// pod-side membership (docs/design.md "JobSet gangs"). Generic over the backend; nothing here knows one.
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "model/gang.hpp"
#include "model/membership.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// `jobset` (the JobSet after its defaults), taken over and returned without status and without the
// unmerged spec.scheduling, with each replicated job's pod template carrying `membership` of its pod group
// in `gangs`. A membership field the template already sets with another value is replaced, with a
// warning; a core pod-group reference the membership does not set (spec.schedulingGroup,
// spec.workloadRef) is removed, with a warning. Warnings point into `input`.
Json inject_jobset_membership(Json jobset, const SourceDocument& input, const std::vector<Gang>& gangs,
                              const MembershipOf& membership, Diagnostics& diags);

}  // namespace grovectl
