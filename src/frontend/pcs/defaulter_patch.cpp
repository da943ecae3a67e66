#include "frontend/pcs/defaulter_patch.hpp"

namespace grovectl {
namespace {

// The json tags of ai-dynamo/grove operator/api/core/v1alpha1/{podcliqueset,podclique}.go at v0.1.0-alpha.11
// (unchanged at fcc3b3bb) without omitempty, and the zero value encoding writes for each. PR #817's
// RollingUpdateConfiguration holds pointers only, so it adds none.
class ZeroValues {
 public:
  bool added() const { return added_; }

  void podcliqueset(Json& pcs) {
    Json* spec = object_field(pcs, "spec");  // PodCliqueSet.Spec
    if (!spec) return;
    Json* tmpl = object_field(*spec, "template");  // PodCliqueSetSpec.Template
    if (!tmpl) return;
    for_each_item(*tmpl, "cliques", [&](Json& c) { clique(c); });
    for_each_item(*tmpl, "podCliqueScalingGroups", [&](Json& g) { scaling_group(g); });
    for_each_item(*tmpl, "resourceSharing", [&](Json& r) { resource_sharing(r); });
    for_each_item(*tmpl, "resourceClaimTemplates", [&](Json& t) {
      scalar(t, "name", "");  // ResourceClaimTemplateConfig.Name
      // ResourceClaimTemplateConfig.TemplateSpec: a resource.k8s.io ResourceClaimTemplateSpec, whose Spec
      // has no omitempty and whose Spec.Devices is a struct (never empty to encoding/json).
      if (absent(t, "templateSpec"))
        set(t, "templateSpec", Json{{"spec", Json{{"devices", Json::object()}}}});
    });
  }

 private:
  void clique(Json& c) {
    scalar(c, "name", "");  // PodCliqueTemplateSpec.Name
    for_each_item(c, "resourceSharing", [&](Json& r) { resource_sharing(r); });
    Json* spec = object_field(c, "spec");  // PodCliqueTemplateSpec.Spec
    if (!spec) return;
    scalar(*spec, "roleName", "");   // PodCliqueSpec.RoleName
    scalar(*spec, "replicas", 0);    // PodCliqueSpec.Replicas (the webhook then makes 0 into 1)
    object_field(*spec, "podSpec");  // PodCliqueSpec.PodSpec: a corev1.PodSpec, whose nil containers is null
    autoscaling(*spec, "autoScalingConfig");
  }

  void scaling_group(Json& g) {
    scalar(g, "name", "");  // PodCliqueScalingGroupConfig.Name (CliqueNames is a list: null)
    autoscaling(g, "scaleConfig");
    for_each_item(g, "resourceSharing", [&](Json& r) { resource_sharing(r); });
  }

  void autoscaling(Json& holder, const char* key) {
    auto it = holder.find(key);
    if (it != holder.end() && it->is_object())
      scalar(*it, "maxReplicas", 0);  // AutoScalingConfig.MaxReplicas
  }

  void resource_sharing(Json& r) {
    if (!r.is_object()) return;
    scalar(r, "name", "");   // ResourceSharingSpec.Name
    scalar(r, "scope", "");  // ResourceSharingSpec.Scope
  }

  static bool absent(const Json& holder, const char* key) {
    auto it = holder.find(key);
    return it == holder.end() || it->is_null();
  }

  void set(Json& holder, const char* key, Json value) {
    holder[key] = std::move(value);
    added_ = true;
  }

  template <typename T>
  void scalar(Json& holder, const char* key, T zero) {
    if (holder.is_object() && absent(holder, key)) set(holder, key, Json(zero));
  }

  // The object at `key` (a struct field without omitempty: written as {} when missing); nullptr when the
  // input holds something else there, which the schema reports.
  Json* object_field(Json& holder, const char* key) {
    if (!holder.is_object()) return nullptr;
    if (absent(holder, key)) set(holder, key, Json::object());
    auto it = holder.find(key);
    return it->is_object() ? &*it : nullptr;
  }

  template <typename Visit>
  static void for_each_item(Json& holder, const char* key, Visit visit) {
    auto it = holder.find(key);
    if (it == holder.end() || !it->is_array()) return;
    for (auto& item : *it) {
      if (item.is_object()) visit(item);
    }
  }

  bool added_ = false;
};

}  // namespace

bool add_defaulter_zero_values(Json& pcs) {
  if (!pcs.is_object()) return false;
  ZeroValues zero;
  zero.podcliqueset(pcs);
  return zero.added();
}

}  // namespace grovectl
