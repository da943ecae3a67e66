#pragma once
// Which API versions of the Kubernetes Workload API a release serves, and which versions convert into
// each other (none: KEP-4671 "Upgrade / Downgrade Strategy"). Scheduler CRDs (KAI, Volcano, Koordinator) and
// Grove's PodGang are installed with their scheduler, not with Kubernetes: one version each, on every
// release.
#include <string>
#include <vector>

namespace grovectl::diff {

// True when `group` is an API group whose versions come and go with the Kubernetes release.
bool versioned_by_release(const std::string& group);

// The versions of `group` that Kubernetes 1.`minor` serves (empty when it serves none).
std::vector<std::string> served_versions(const std::string& group, int minor);

// Whether an object of `kind` stored through `from` is the same object read through `to`: the same
// version, or two versions one release serves side by side (the API server converts between them).
// Across releases the alpha versions have no conversion: objects must be deleted and created.
bool versions_convert(const std::string& group, const std::string& kind, const std::string& from,
                      const std::string& to);

}  // namespace grovectl::diff
