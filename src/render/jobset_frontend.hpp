#pragma once
// JobSet (jobset.x-k8s.io/v1alpha2) -> gangs, and the JobSet re-emitted with pod-side membership
// injected (DESIGN §5, jobset.md).
#include <vector>

#include "core/diagnostic.hpp"
#include "render/gang.hpp"
#include "render/mapping.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct JobSetExpansion {
  std::vector<Gang> gangs;
  Json defaulted;  // the JobSet after the JobSet webhook's defaults
};

// Returns false (with diagnostics) when the JobSet cannot be expanded or is refused.
bool expand_jobset(const SourceDocument& doc, const RenderOptions& options, Backend backend,
                   JobSetExpansion& out, Diagnostics& diags);

// The JobSet with each replicated job's pod template carrying `mapping`'s membership for its gang.
Json inject_jobset_membership(const JobSetExpansion& expansion, const Mapping& mapping, const MappingContext& ctx);

}  // namespace grovectl
