#pragma once
// What a JobSet gang cannot express, refused with the reason and the way out, and what deserves a
// warning (docs/design.md, "JobSet gangs"). Rule ids start with "jobset/".
#include "core/diagnostic.hpp"
#include "frontend/jobset/types.hpp"
#include "model/options.hpp"

namespace grovectl {

// Errors refuse the JobSet; warnings do not.
void check_jobset(const JobSet& js, JobSetGangMode mode, Diagnostics& diags);

}  // namespace grovectl
