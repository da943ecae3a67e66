#pragma once
// JobSet (jobset.x-k8s.io/v1alpha2) -> gangs, and the JobSet re-emitted with pod-side membership
// injected (DESIGN §5, jobset.md). Stages: jobset_defaults (webhook + CRD defaults), jobset_parse,
// jobset_checks (refusals and warnings), jobset_expand (gangs), jobset_inject (membership).
#include <vector>

#include "core/budgets.hpp"
#include "core/diagnostic.hpp"
#include "render/gang.hpp"
#include "render/mapping.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct JobSetExpansion {
  std::vector<Gang> gangs;
  Json defaulted;                       // the JobSet after the JobSet webhook's and CRD defaults
  const SourceDocument* doc = nullptr;  // the input, to locate warnings; may be null
};

// Returns false (with diagnostics) when the JobSet cannot be expanded or is refused, including when its
// expansion does not fit in what is left of `budget` (render/too-large, estimated before expanding).
bool expand_jobset(const SourceDocument& doc, const RenderOptions& options, Backend backend,
                   RenderBudget& budget, JobSetExpansion& out, Diagnostics& diags);
// The same with a budget of its own.
bool expand_jobset(const SourceDocument& doc, const RenderOptions& options, Backend backend,
                   JobSetExpansion& out, Diagnostics& diags);

// The JobSet (defaulted, without status and without the unmerged spec.scheduling) with each replicated
// job's pod template carrying `mapping`'s membership for its pod group. A membership field the template
// already sets with another value is replaced, with a warning; a core pod-group reference the mapping
// does not set (spec.schedulingGroup, spec.workloadRef) is removed, with a warning.
Json inject_jobset_membership(const JobSetExpansion& expansion, const Mapping& mapping,
                              const MappingContext& ctx, Diagnostics& diags);

}  // namespace grovectl
