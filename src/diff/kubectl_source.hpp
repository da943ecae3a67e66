#pragma once
// Live objects through `kubectl get`, read-only: every object of the kinds a render produces that its
// controller labels as the inputs', in the inputs' namespaces, so that stale objects (a replica scaled
// away, a PodGang of another epoch) are read too, not only the rendered names. One call per (kind, API
// version, namespace):
//   kubectl [--kubeconfig K] [--context C] get <kind>.<version>.<group> -l <selector> -n NS -o yaml
//   --ignore-not-found
// where the selector is the label the controller puts on every object of the kind
// (app.kubernetes.io/part-of=<PodCliqueSet>, jobset.sigs.k8s.io/jobset-name=<JobSet>; several sources
// as `key in (a,b)`); a kind whose objects carry no such label (a Workload) is listed whole in the
// namespace, and the scope (scope.hpp) sets the others' objects apart. Asking for the rendered API version
// makes the server convert, so a stored-version skew is not a difference. A kind the cluster does not
// serve has no live objects (a warning), not an error.
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

// The argument vectors (without the program) that list the live counterparts of `objects`; deterministic
// order (the objects' order of kinds).
std::vector<std::vector<std::string>> kubectl_get_calls(const std::vector<Json>& objects,
                                                        const KubectlOptions& options);

// Runs the calls; a failing call or output that does not parse is a "live/kubectl" error.
std::vector<SourceDocument> fetch_live_objects(const std::vector<Json>& objects,
                                               const KubectlOptions& options, Diagnostics& diags);

}  // namespace grovectl::diff
