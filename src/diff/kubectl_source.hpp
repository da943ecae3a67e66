#pragma once
// Live objects through `kubectl get`, read-only, for exactly the objects a render produced.
// One call per (kind, API version, namespace), names listed, as
//   kubectl [--context C] get <kind>.<version>.<group> NAME... -n NS -o yaml --ignore-not-found
// Asking for the rendered API version makes the server convert, so a stored-version skew is not a
// difference; --ignore-not-found turns NotFound into a missing object instead of an error. Pods, named
// by generateName, are listed by their controller's labels instead: get pod -l part-of=<pcs> -n NS.
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "yaml/document.hpp"

namespace grovectl::diff {

struct KubectlOptions {
  std::string program = "kubectl";
  std::string context;
};

// The argument vectors (without the program) that fetch `objects`; deterministic order.
std::vector<std::vector<std::string>> kubectl_get_calls(const std::vector<Json>& objects,
                                                        const KubectlOptions& options);

// Runs the calls; a failing call or output that does not parse is a "live/kubectl" error.
std::vector<SourceDocument> fetch_live_objects(const std::vector<Json>& objects,
                                               const KubectlOptions& options, Diagnostics& diags);

}  // namespace grovectl::diff
