#include "diff/immutable_fields.hpp"

#include <vector>

#include "diff/json_path.hpp"
#include "diff/object_key.hpp"

namespace grovectl::diff {
namespace {

struct ImmutableRule {
  const char* group;
  std::vector<std::string> versions;  // empty: every version
  const char* kind;
  const char* prefix;               // changes at or under this pattern are immutable...
  std::vector<const char*> except;  // ...unless they are at one of these patterns
  const char* why;
};

// Mutability per version: the +k8s:immutable and +k8s:update markers of kubernetes/api
// scheduling/v1alpha1/types.go (v0.35.0), v1alpha2 (v0.36.0), v1alpha3 and v1beta1 (1.37, 10b39a39; minCount
// mutable from 1.37). The Pod's scheduling membership (core/v1/types.go workloadRef, schedulingGroup) is
// immutable and so is spec.schedulerName (core Pod validation: a pod's spec cannot change after creation
// except images, activeDeadlineSeconds and tolerations); Grove keeps the queue of an existing KAI PodGroup
// (ai-dynamo/grove@fcc3b3bb operator/internal/scheduler/kai/backend.go).
const std::vector<ImmutableRule>& rules() {
  static const std::vector<ImmutableRule> table = {
      {"scheduling.k8s.io", {"v1alpha1", "v1alpha2"}, "Workload", "/spec", {}, "immutable in this version"},
      {"scheduling.k8s.io", {"v1alpha2"}, "PodGroup", "/spec", {}, "immutable in this version"},
      {"scheduling.k8s.io",
       {"v1alpha3", "v1beta1"},
       "Workload",
       "/spec",
       {"/spec/podGroupTemplates/*/schedulingPolicy/gang/minCount",
        "/spec/compositePodGroupTemplates/**/podGroupTemplates/*/schedulingPolicy/gang/minCount"},
       "immutable (only a leaf template's gang.minCount may change)"},
      {"scheduling.k8s.io",
       {"v1alpha3", "v1beta1"},
       "PodGroup",
       "/spec",
       {"/spec/schedulingPolicy/gang/minCount"},
       "immutable (only gang.minCount may change)"},
      {"scheduling.k8s.io", {"v1alpha3"}, "CompositePodGroup", "/spec", {}, "immutable"},
      {"", {}, "Pod", "/spec", {}, "immutable on a pod; the pod is recreated"},
      {"scheduling.run.ai",
       {"v2alpha2"},
       "PodGroup",
       "/spec/queue",
       {},
       "kept from the existing PodGroup by Grove's KAI backend"},
  };
  return table;
}

// Token-wise match with "*" (one token) and "**" (any number of tokens).
bool matches(const std::vector<std::string>& pattern, size_t p, const std::vector<std::string>& path,
             size_t i) {
  if (p == pattern.size()) return i == path.size();
  if (pattern[p] == "**") {
    for (size_t k = i; k <= path.size(); ++k) {
      if (matches(pattern, p + 1, path, k)) return true;
    }
    return false;
  }
  if (i == path.size()) return false;
  return (pattern[p] == "*" || pattern[p] == path[i]) && matches(pattern, p + 1, path, i + 1);
}

bool under(const std::vector<std::string>& prefix, const std::vector<std::string>& path) {
  if (path.size() < prefix.size()) return false;
  return matches(prefix, 0, std::vector<std::string>(path.begin(), path.begin() + prefix.size()), 0);
}

bool applies(const ImmutableRule& r, const Json& object) {
  if (api_group(object) != r.group || object_key(object).kind != r.kind) return false;
  if (r.versions.empty()) return true;
  for (const auto& v : r.versions) {
    if (v == api_version(object)) return true;
  }
  return false;
}

}  // namespace

std::string immutable_reason(const Json& object, const std::string& path) {
  auto tokens = split_pointer(path);
  for (const auto& r : rules()) {
    if (!applies(r, object) || !under(split_pointer(r.prefix), tokens)) continue;
    bool allowed = false;
    for (const char* e : r.except) allowed = allowed || matches(split_pointer(e), 0, tokens, 0);
    if (!allowed) return r.why;
  }
  return "";
}

}  // namespace grovectl::diff
