#pragma once
// Live objects through `kubectl get`, read-only, for exactly the objects a render produced.
// One call per (kind, API version, namespace), names listed, as
//   kubectl [--kubeconfig K] [--context C] get <kind>.<version>.<group> NAME... -n NS -o yaml
//   --ignore-not-found
// Asking for the rendered API version makes the server convert, so a stored-version skew is not a
// difference; --ignore-not-found turns NotFound into a missing object instead of an error. Pods, named
// by generateName, are listed by their controller's labels instead: get pod -l part-of=<pcs> -n NS.
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "yaml/document.hpp"

namespace grovectl::diff {

struct KubectlOptions {
  std::string program = "kubectl";
  std::string kubeconfig;
  std::string context;
};

// The flags that pick the cluster, placed before kubectl's verb: [--kubeconfig K] [--context C].
std::vector<std::string> kubectl_cluster_args(const KubectlOptions& options);

// The namespace of the kubeconfig's current (or --context) context, as kubectl uses it when -n is absent:
//   kubectl [--kubeconfig K] [--context C] config view --minify -o jsonpath={..namespace}
// "default" when the context names none; nullopt (a "live/kubectl" error) when kubectl fails.
std::optional<std::string> current_namespace(const KubectlOptions& options, Diagnostics& diags);

// The argument vectors (without the program) that fetch `objects`; deterministic order.
std::vector<std::vector<std::string>> kubectl_get_calls(const std::vector<Json>& objects,
                                                        const KubectlOptions& options);

// Runs the calls; a failing call or output that does not parse is a "live/kubectl" error.
std::vector<SourceDocument> fetch_live_objects(const std::vector<Json>& objects,
                                               const KubectlOptions& options, Diagnostics& diags);

}  // namespace grovectl::diff
