#include "diff/defaults.hpp"

#include <string>
#include <vector>

#include "diff/json_path.hpp"
#include "diff/object_key.hpp"

namespace grovectl::diff {
namespace {

struct KindRule {
  const char* group;                  // nullptr: every group and kind
  std::vector<std::string> versions;  // empty: every version
  const char* kind;
  const char* path;        // pattern, see json_path.hpp
  const char* value_json;  // the default (unused for populated fields)
};

// Defaults. Sources: k8s-workload-api.md §5.2 (v1alpha2 PodGroupSpec `+default="Pod"`, and defaults.go
// for PodGroupTemplate when WorkloadAwarePreemption is on), §6.2 item 2 and §6.4 (v1alpha3 PodGroupSpec and
// CompositePodGroupSpec `+default={"single": {}}`), §7.2 (v1beta1 identical to v1alpha3); the Volcano
// PodGroup CRD (schemas/volcano, scheduler-crs.md §3.1: queue "default", networkTopology.mode "hard",
// subGroupPolicy[].subGroupSize 1 and minSubGroups 0). The KAI, Koordinator and PodGang CRDs declare none.
const std::vector<KindRule>& default_rules() {
  static const std::vector<KindRule> rules = {
      {"scheduling.k8s.io", {"v1alpha2"}, "PodGroup", "/spec/disruptionMode", R"("Pod")"},
      {"scheduling.k8s.io", {"v1alpha2"}, "Workload", "/spec/podGroupTemplates/*/disruptionMode", R"("Pod")"},
      {"scheduling.k8s.io", {"v1alpha3", "v1beta1"}, "PodGroup", "/spec/disruptionMode", R"({"single":{}})"},
      {"scheduling.k8s.io", {"v1alpha3"}, "CompositePodGroup", "/spec/disruptionMode", R"({"single":{}})"},
      {"scheduling.volcano.sh", {"v1beta1"}, "PodGroup", "/spec/queue", R"("default")"},
      {"scheduling.volcano.sh", {"v1beta1"}, "PodGroup", "/spec/networkTopology/mode", R"("hard")"},
      {"scheduling.volcano.sh", {"v1beta1"}, "PodGroup", "/spec/subGroupPolicy/*/subGroupSize", "1"},
      {"scheduling.volcano.sh", {"v1beta1"}, "PodGroup", "/spec/subGroupPolicy/*/minSubGroups", "0"},
      {"scheduling.volcano.sh",
       {"v1beta1"},
       "PodGroup",
       "/spec/subGroupPolicy/*/networkTopology/mode",
       R"("hard")"},
  };
  return rules;
}

// Always removed: grove.md §1.2/§4.4 (podReferences are the pods that exist, [] before any pod);
// k8s-workload-api.md §5.2 (priority is set by Priority admission from priorityClassName; render never
// writes it).
const std::vector<KindRule>& populated_rules() {
  static const std::vector<KindRule> rules = {
      {"scheduler.grove.io", {}, "PodGang", "/spec/podgroups/*/podReferences", ""},
      {"scheduling.k8s.io", {}, "PodGroup", "/spec/priority", ""},
      {"scheduling.k8s.io", {}, "CompositePodGroup", "/spec/priority", ""},
      {"scheduling.k8s.io", {}, "Workload", "/spec/podGroupTemplates/*/priority", ""},
  };
  return rules;
}

// Removed only when one side lacks it: k8s-workload-api.md §6.2 item 4 (preemptionPolicy is populated by
// Priority admission from the priority class when unset).
const std::vector<KindRule>& one_sided_rules() {
  static const std::vector<KindRule> rules = {
      {"scheduling.k8s.io", {}, "PodGroup", "/spec/preemptionPolicy", ""},
      // grove.md §4.4 / DESIGN §3: a static input has no UID, so render writes no ownerReferences while
      // the live object has the controller's; compared only when both sides carry them.
      {nullptr, {}, "", "/metadata/ownerReferences", ""},
  };
  return rules;
}

bool applies(const KindRule& r, const Json& object) {
  if (r.group == nullptr) return object.is_object();
  if (api_group(object) != r.group || object_key(object).kind != r.kind) return false;
  if (r.versions.empty()) return true;
  std::string v = api_version(object);
  for (const auto& want : r.versions) {
    if (want == v) return true;
  }
  return false;
}

bool has_path(const Json& object, const std::vector<std::string>& tokens) {
  const Json* node = &object;
  for (const auto& t : tokens) {
    if (!node->is_object() || !node->contains(t)) return false;
    node = &(*node)[t];
  }
  return true;
}

}  // namespace

void apply_server_defaults(Json& object) {
  for (const auto& r : default_rules()) {
    if (!applies(r, object)) continue;
    Json value = Json::parse(r.value_json);
    for_each_parent(object, split_pointer(r.path), [&](Json& parent, const std::string& last) {
      if (parent.is_object() && !parent.contains(last)) parent[last] = value;
    });
  }
}

void drop_server_populated(Json& a, Json& b) {
  for (const auto& r : populated_rules()) {
    auto tokens = split_pointer(r.path);
    if (applies(r, a)) erase_matching(a, tokens);
    if (applies(r, b)) erase_matching(b, tokens);
  }
  for (const auto& r : one_sided_rules()) {
    if (!applies(r, a) || !applies(r, b)) continue;
    auto tokens = split_pointer(r.path);
    if (has_path(a, tokens) != has_path(b, tokens)) {
      erase_matching(a, tokens);
      erase_matching(b, tokens);
    }
  }
}

}  // namespace grovectl::diff
