#pragma once
// Removes what the API server and controllers write into an object but a user never declares
// (DESIGN §7; cli-anchors.md §1 kubectl-neat, §8.1, §9 "Normalize both sides"). Applied to both sides.
#include "core/json.hpp"

namespace grovectl::diff {

// Drops status, metadata.{uid, resourceVersion, generation, creationTimestamp, managedFields, selfLink},
// the kubectl last-applied annotation and ownerReferences[].uid. Never deletes a user's empty {} or [].
void strip_server_fields(Json& object);

}  // namespace grovectl::diff
