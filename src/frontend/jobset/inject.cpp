#include "frontend/jobset/inject.hpp"

#include <fmt/format.h>

#include <set>

#include "core/json_member.hpp"

namespace grovectl {
namespace {

// Core PodSpec fields that point a pod at a pod group. A template that keeps one the mapping does not
// set would point its pods at a group grovectl does not create.
constexpr const char* kCoreGroupFields[] = {"schedulingGroup", "workloadRef"};

// Pod fields a JobSet CRD knows only in some releases: the CRD is generated from the k8s.io/api of its
// release (go.mod of each kubernetes-sigs/jobset tag) and has no x-kubernetes-preserve-unknown-fields
// (config/components/crd/bases/jobset.x-k8s.io_jobsets.yaml), so the apiserver prunes the field silently
// when the installed CRD was generated from another Kubernetes API.
struct CrdFieldNote {
  const char* field;
  const char* crd_versions;
};
constexpr CrdFieldNote kCrdFieldNotes[] = {
    {"workloadRef",
     "JobSet v0.11.x (built on the Kubernetes 1.35 API); JobSet v0.12 and newer know only "
     "schedulingGroup and prune workloadRef silently"},
};

class Injector {
 public:
  Injector(const SourceDocument& input, Diagnostics& diags) : input_(input), diags_(diags) {}

  // The pod template of replicated job `job`; its pointer is written only for a warning.
  void inject(Json& pod_template, size_t job, const PodMembership& m) {
    const bool adds_metadata = !m.labels.empty() || !m.annotations.empty();
    if (adds_metadata && (!pod_template.contains("metadata") || !pod_template["metadata"].is_object())) {
      Json rebuilt = Json{{"metadata", Json::object()}};
      for (auto it = pod_template.begin(); it != pod_template.end(); ++it) {
        if (it.key() != "metadata") rebuilt[it.key()] = it.value();
      }
      pod_template = std::move(rebuilt);
    }
    if (adds_metadata) {
      merge_map(pod_template["metadata"], "labels", m.labels, job);
      merge_map(pod_template["metadata"], "annotations", m.annotations, job);
    }
    Json& spec = member_or_null_added(pod_template, "spec");
    if (!m.scheduler_name.empty()) set_field(spec, "schedulerName", Json(m.scheduler_name), job);
    for (auto it = m.spec_fields.begin(); it != m.spec_fields.end(); ++it) {
      set_field(spec, it.key(), it.value(), job);
      note_crd_field(it.key());
    }
    for (const char* f : kCoreGroupFields) {
      if (!spec.contains(f) || m.spec_fields.contains(f)) continue;
      warn("jobset/membership-removed",
           fmt::format("spec.{} points the pods at a pod group this backend does not use; removed", f),
           pod_template_pointer(job) + "/spec/" + f);
      spec.erase(f);
      changed_spec_ = true;
    }
  }

  // A live JobSet (it has a uid) cannot change its pod templates (the JobSet webhook's ValidateUpdate,
  // kubernetes-sigs/jobset@08dfbdfd pkg/webhooks/jobset_webhook.go).
  void finish(const Json& jobset) {
    if (!changed_spec_ || !jobset.contains("metadata") || !jobset["metadata"].contains("uid")) return;
    warn("jobset/immutable-template",
         "this JobSet has a metadata.uid (a live object): replicatedJobs pod templates are immutable, so the "
         "injected membership takes effect only when the JobSet is recreated",
         "/metadata/uid");
  }

 private:
  static std::string pod_template_pointer(size_t job) {
    return pointer_append("/spec/replicatedJobs", job) + "/template/spec/template";
  }

  void warn(const std::string& rule, const std::string& message, const std::string& pointer) {
    diags_.warning(rule, message, input_.locate(pointer), pointer_to_field_path(pointer));
  }

  void set_field(Json& spec, const std::string& key, const Json& value, size_t job) {
    auto it = spec.find(key);
    if (it == spec.end()) {
      changed_spec_ = true;
      spec[key] = value;
      return;
    }
    if (*it == value) return;
    warn("jobset/membership-replaced",
         fmt::format("spec.{} is {} in the input; replaced by {} for the rendered gang", key, it->dump(),
                     value.dump()),
         pod_template_pointer(job) + "/spec/" + key);
    changed_spec_ = true;
    *it = value;
  }

  // Sets metadata[name] to its string entries merged with `add`, keys in order.
  void merge_map(Json& metadata, const char* name, const StringMap& add, size_t job) {
    if (add.empty()) return;
    if (auto existing = metadata.find(name); existing == metadata.end() || !existing->is_object()) {
      metadata[name] = string_map_json(add);  // nothing to merge with
      return;
    }
    StringMap merged;
    for (auto it = metadata[name].begin(); it != metadata[name].end(); ++it) {
      if (it.value().is_string()) merged[it.key()] = it.value().get<std::string>();
    }
    for (const auto& [k, v] : add) {
      auto it = merged.find(k);
      if (it != merged.end() && it->second != v) {
        warn("jobset/membership-replaced",
             fmt::format("{} {}={} in the input is replaced by {} for the rendered gang", name, k, it->second,
                         v),
             pointer_append(fmt::format("{}/metadata/{}", pod_template_pointer(job), name), k));
      }
      merged[k] = v;
    }
    metadata[name] = string_map_json(merged);
  }

  void note_crd_field(const std::string& field) {
    for (const auto& n : kCrdFieldNotes) {
      if (field != n.field || noted_.count(field)) continue;
      noted_.insert(field);
      warn("jobset/crd-prunes-field",
           fmt::format("the pod templates get spec.{}, which the JobSet CRD keeps only in {}", field,
                       n.crd_versions),
           "/spec/replicatedJobs");
    }
  }

  const SourceDocument& input_;
  Diagnostics& diags_;
  bool changed_spec_ = false;
  std::set<std::string> noted_;
};

std::pair<const Gang*, const PodGroup*> group_for(const std::vector<Gang>& gangs,
                                                  const std::string& rj_name) {
  for (const auto& g : gangs) {
    for (const auto& pg : g.groups) {
      if (pg.template_name == rj_name) return {&g, &pg};
    }
  }
  return {nullptr, nullptr};
}

}  // namespace

Json inject_jobset_membership(Json jobset, const SourceDocument& input, const std::vector<Gang>& gangs,
                              const MembershipOf& membership, Diagnostics& diags) {
  if (!jobset.is_object()) return jobset;
  jobset.erase("status");
  auto spec = jobset.find("spec");
  if (spec == jobset.end() || !spec->is_object()) return jobset;
  spec->erase("scheduling");
  auto rjs = spec->find("replicatedJobs");
  if (rjs == spec->end() || !rjs->is_array()) return jobset;
  Injector injector(input, diags);
  for (size_t i = 0; i < rjs->size(); ++i) {
    Json& rj = (*rjs)[i];
    const Json* name = member_at(rj, {"name"});
    if (!name || !name->is_string()) continue;
    auto [gang, group] = group_for(gangs, name->get_ref<const std::string&>());
    if (!gang) continue;
    Json& job_spec = member_or_null_added(member_or_null_added(rj, "template"), "spec");
    injector.inject(member_or_null_added(job_spec, "template"), i, membership(*gang, *group));
  }
  injector.finish(jobset);
  return jobset;
}

}  // namespace grovectl
