#pragma once
// Server-side defaults and server-populated fields per kind and API version, so that a field the
// server fills in is never a difference (DESIGN §7). Applied to both sides of a comparison.
#include "core/json.hpp"

namespace grovectl::diff {

// Fills in each absent defaulted field whose parent exists (structural-schema defaulting).
void apply_server_defaults(Json& object);

// Fields whose value comes from cluster state a static render cannot know (operator-maintained pod
// references, the priority number resolved by Priority admission). Removed from `a` and `b` alike;
// a field in the "one-sided" table is removed only when one of the two lacks it.
void drop_server_populated(Json& a, Json& b);

}  // namespace grovectl::diff
