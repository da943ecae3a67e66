#pragma once
// The defaults a JobSet gets on CREATE: the CRD's structural defaults and the JobSet mutating webhook
// (kubernetes-sigs/jobset@08dfbdfd api/jobset/v1alpha2/jobset_types.go, pkg/webhooks/jobset_webhook.go
// Default). parallelism and completions are not defaulted by JobSet (the Job API does that when the child Job
// is created), so they stay as written.
#include <string>

#include "core/json.hpp"
#include "frontend/jobset/types.hpp"

namespace grovectl {

// `input` with the defaults applied and metadata.namespace set to `ns`. Nodes of the wrong type are
// left alone (the parser reports them).
Json apply_jobset_defaults(const Json& input, const std::string& ns);
// The same defaults on the parsed JobSet, where the expander reads them: the namespace `ns` and each
// replicated job's completionMode.
void apply_jobset_defaults(JobSet& js, const std::string& ns);

}  // namespace grovectl
