#pragma once
// Grove's defaulting (grove.md §1.3 CRD defaults, then §2 the defaulting webhook), applied before expansion.
#include "frontend/pcs/types.hpp"

namespace grovectl {

inline constexpr const char* kDefaultTerminationDelay = "4h0m0s";

// Returns the PodCliqueSet as the API server would store it. `namespace_override` (from --namespace)
// fills an empty namespace; the webhook then defaults the rest to "default".
PodCliqueSet apply_grove_defaults(PodCliqueSet pcs, const std::string& namespace_override = "");

}  // namespace grovectl
