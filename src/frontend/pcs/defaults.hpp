#pragma once
// Grove's defaulting, applied before expansion: the CRD's `default:` values, then the defaulting webhook
// (ai-dynamo/grove@fcc3b3bb operator/api/core/v1alpha1/crds/grove.io_podcliquesets.yaml, then
// operator/internal/webhook/admission/pcs/defaulting/podcliqueset.go).
#include "frontend/pcs/types.hpp"

namespace grovectl {

inline constexpr const char* kDefaultTerminationDelay = "4h0m0s";

// Returns the PodCliqueSet as the API server would store it. `namespace_override` (from --namespace)
// fills an empty namespace; the webhook then defaults the rest to "default".
PodCliqueSet apply_grove_defaults(PodCliqueSet pcs, const std::string& namespace_override = "");

}  // namespace grovectl
