#pragma once
// Pods are matched by what their controller stamps on them, never by name: a real pod is named from
// generateName (`<clique>-x7k2p`), its stub `<clique>-<index>`.
#include <optional>
#include <string>

#include "core/json.hpp"
#include "diff/object_key.hpp"

namespace grovectl::diff {

// The stub-form name of a pod: `<podclique>-<pod index>` from the Grove labels grove.io/podclique and
// grove.io/podclique-pod-index, or `<job name>-<completion index>` for a JobSet's Job pod, else its
// spec.hostname (both controllers set it to that same name); nullopt when none is there.
std::optional<std::string> pod_identity(const Json& pod);

// The identity objects are matched by: object_key, with a core Pod's name replaced by pod_identity.
ObjectKey match_key(const Json& object);
// Whether a match key is a core Pod's, whose name may differ from the object's own.
bool is_pod(const ObjectKey& key);

}  // namespace grovectl::diff
