#pragma once
// What Grove's defaulting webhook writes into a PodCliqueSet before the API server checks its schema.
// The webhook is a controller-runtime CustomDefaulter (ai-dynamo/grove operator/internal/webhook/admission/
// pcs/defaulting/register.go, WithCustomDefaulter): it decodes the object into Grove's Go types, defaults
// it, encodes it again and sends the difference as a JSON patch, without its removals. Encoding writes
// every field that has no `omitempty` in its json tag, with its zero value: a clique without roleName gets
// `roleName: ""` (operator/api/core/v1alpha1/podclique.go), so the API server never sees the field missing.
// A list or map field encodes a nil value as null, which the API server drops again, so those stay missing.
#include "core/json.hpp"

namespace grovectl {

// Adds the zero values of the Grove fields without omitempty that `pcs` lacks (or holds as null), under
// the objects it has. Returns whether it added any.
bool add_defaulter_zero_values(Json& pcs);

}  // namespace grovectl
