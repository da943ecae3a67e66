#include "diff/server_fields.hpp"

#include <map>
#include <set>

#include "diff/json_path.hpp"
#include "diff/object_key.hpp"

namespace grovectl::diff {
namespace {

using K = FieldRuleKind;

constexpr const char* kWorkloadApi = "scheduling.k8s.io";
constexpr const char* kKai = "scheduling.run.ai";
constexpr const char* kVolcano = "scheduling.volcano.sh";
constexpr const char* kGrove = "scheduler.grove.io";
constexpr const char* kJobSet = "jobset.x-k8s.io";

const std::vector<std::string> kWorkloadApi137 = {"v1alpha3", "v1beta1"};
const std::vector<std::string> kWorkloadApiWithPriority = {"v1alpha2", "v1alpha3", "v1beta1"};

// The pod-side membership keys every backend's PreparePod sets (ai-dynamo/grove
// operator/internal/scheduler/{kai,volcano}/backend.go PreparePod; GREP-537 for Koordinator). The keys are
// defined upstream in kai-scheduler/KAI-Scheduler pkg/common/constants/constants.go, volcano-sh/apis
// pkg/apis/scheduling/v1beta1 labels.go and koordinator-sh/koordinator apis/extension/coscheduling.go. A
// live pod keeps these even when its stub has none, so a membership of another backend is a difference.
const std::set<std::string>& membership_labels() {
  static const std::set<std::string> keys = {"kai.scheduler/subgroup-name",
                                             "pod-group.scheduling.sigs.k8s.io"};
  return keys;
}
const std::set<std::string>& membership_annotations() {
  static const std::set<std::string> keys = {
      "pod-group-name", "kai.scheduler/skip-podgrouper", "scheduling.k8s.io/group-name",
      "scheduling.volcano.sh/group-name", "gang.scheduling.koordinator.sh/name"};
  return keys;
}
// The pod spec fields a stub carries: the scheduler and the Workload API membership field of each
// Kubernetes version (k8s.io/api core/v1 types.go PodSpec.WorkloadRef in 1.35, PodSpec.SchedulingGroup
// from 1.36; KEP-4671).
const std::vector<std::string>& membership_spec_fields() {
  static const std::vector<std::string> fields = {"schedulerName", "schedulingGroup", "workloadRef"};
  return fields;
}

}  // namespace

const std::vector<FieldRule>& server_field_rules() {
  // One rule per row reads as a table.
  // clang-format off
  static const std::vector<FieldRule> rules = {
    // --- Written by the API server or controllers on every object; a render never has them.
    {nullptr, {}, "", "/status", K::kServerWritten, "",
     "Kubernetes docs, Object spec and status (kubernetes.io/docs/concepts/overview/working-with-objects/): "
     "status is written by controllers and schedulers (status subresource or not)"},
    {nullptr, {}, "", "/metadata/uid", K::kServerWritten, "", "apimachinery ObjectMeta: system-populated"},
    {nullptr, {}, "", "/metadata/resourceVersion", K::kServerWritten, "", "apimachinery ObjectMeta"},
    {nullptr, {}, "", "/metadata/generation", K::kServerWritten, "", "apimachinery ObjectMeta"},
    {nullptr, {}, "", "/metadata/creationTimestamp", K::kServerWritten, "", "apimachinery ObjectMeta"},
    {nullptr, {}, "", "/metadata/deletionTimestamp", K::kServerWritten, "", "apimachinery ObjectMeta"},
    {nullptr, {}, "", "/metadata/deletionGracePeriodSeconds", K::kServerWritten, "", "apimachinery ObjectMeta"},
    {nullptr, {}, "", "/metadata/managedFields", K::kServerWritten, "", "server-side apply bookkeeping"},
    {nullptr, {}, "", "/metadata/selfLink", K::kServerWritten, "", "apimachinery ObjectMeta (deprecated)"},
    {nullptr, {}, "", "/metadata/generateName", K::kServerWritten, "",
     "pods are created with generateName by their controller: ai-dynamo/grove "
     "operator/internal/controller/podclique/components/pod/pod.go buildResource; for JobSet's Jobs, "
     "kubernetes/kubernetes pkg/controller/job/indexed_job_utils.go podGenerateNameWithIndex"},
    {nullptr, {}, "", "/metadata/finalizers", K::kServerWritten, "",
     "grovectl never renders a finalizer; live ones come from the API server and controllers: "
     "scheduling.k8s.io/podgroup-protection on every 1.37 PodGroup (kubernetes/kubernetes#137641, KEP-4671 "
     "PodGroup Deletion Protection), scheduling.k8s.io/compositepodgroup-protection from 1.38 "
     "(kubernetes/kubernetes#141021), the Job controller's pod finalizer (k8s.io/api batch/v1 types.go "
     "JobTrackingFinalizer), those of the KAI, Volcano and Koordinator controllers"},
    {nullptr, {}, "", "/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration", K::kServerWritten, "",
     "written by client-side kubectl apply (k8s.io/api core/v1 annotation_key_constants.go "
     "LastAppliedConfigAnnotation)"},
    {nullptr, {}, "", "/metadata/ownerReferences/*/uid", K::kServerWritten, "",
     "apimachinery OwnerReference.uid is the live owner's UID: a static input has no owner UID to point at"},

    // --- Nulls.
    {nullptr, {}, "", "/**", K::kNullIsAbsent, "",
     "a JSON tag without omitempty makes the API server store and print null for an unset field: k8s.io/api "
     "scheduling/v1beta1 types.go (PodGroupTemplate.schedulingConstraints, WorkloadSpec.podGroupTemplates on a "
     "composite Workload), scheduling/v1alpha2 types.go (PodGroupSpec.podGroupTemplateRef, "
     "PodGroupTemplateReference.workload); pod templates' metadata.creationTimestamp: null; the API server "
     "treats a null as absent (Kubernetes docs, Extend the Kubernetes API with CustomResourceDefinitions: "
     "Defaulting and nullable)"},

    // --- Value-typed structs and maps printed as {} when unset.
    {kKai, {"v2alpha2"}, "PodGroup", "/spec/topologyConstraint", K::kEmptyIsAbsent, "",
     "kai-scheduler/KAI-Scheduler pkg/apis/scheduling/v2alpha2 podgroup_types.go: "
     "PodGroupSpec.TopologyConstraint is a value, not a pointer: {} when unset"},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/template/metadata", K::kEmptyIsAbsent, "",
     "batch/v1 JobTemplateSpec embeds ObjectMeta by value: {} (or {creationTimestamp: null})"},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/template/spec/template/metadata", K::kEmptyIsAbsent, "",
     "core/v1 PodTemplateSpec embeds ObjectMeta by value"},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/template/spec/template/spec/containers/*/resources",
     K::kEmptyIsAbsent, "", "core/v1 Container.resources is a value (ResourceRequirements): {} when unset"},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/template/spec/template/spec/initContainers/*/resources",
     K::kEmptyIsAbsent, "", "core/v1 Container.resources is a value (ResourceRequirements): {} when unset"},
    {nullptr, {}, "", "/metadata/labels", K::kEmptyIsAbsent, "", "apimachinery ObjectMeta: labels is an omitempty map"},
    {nullptr, {}, "", "/metadata/annotations", K::kEmptyIsAbsent, "",
     "apimachinery ObjectMeta: annotations is an omitempty map (also emptied by the last-applied rule)"},

    // --- Defaults, filled in on both sides of a pair.
    {kWorkloadApi, {"v1alpha2"}, "PodGroup", "/spec/disruptionMode", K::kDefault, R"("Pod")",
     "k8s.io/api scheduling/v1alpha2 types.go PodGroupSpec.DisruptionMode +default=\"Pod\""},
    {kWorkloadApi, {"v1alpha2"}, "Workload", "/spec/podGroupTemplates/*/disruptionMode", K::kDefault, R"("Pod")",
     "kubernetes/kubernetes pkg/apis/scheduling/v1alpha2/defaults.go: PodGroupTemplate.disruptionMode "
     "defaults to Pod"},
    {kWorkloadApi, kWorkloadApi137, "PodGroup", "/spec/disruptionMode", K::kDefault, R"({"single":{}})",
     "k8s.io/api scheduling/v1alpha3 and v1beta1 types.go PodGroupSpec.DisruptionMode "
     "+default={\"single\": {}}"},
    {kWorkloadApi, {"v1alpha3"}, "CompositePodGroup", "/spec/disruptionMode", K::kDefault, R"({"single":{}})",
     "k8s.io/api scheduling/v1alpha3 types.go CompositePodGroupSpec.DisruptionMode +default={\"single\": {}}"},
    {kVolcano, {"v1beta1"}, "PodGroup", "/spec/queue", K::kDefault, R"("default")",
     "volcano-sh/apis pkg/apis/scheduling/v1beta1 types.go PodGroupSpec.Queue and the Volcano PodGroup CRD: "
     "default \"default\""},
    {kVolcano, {"v1beta1"}, "PodGroup", "/spec/networkTopology/mode", K::kDefault, R"("hard")",
     "volcano-sh/apis pkg/apis/scheduling/v1beta1 types.go NetworkTopologySpec.Mode: default hard"},
    {kVolcano, {"v1beta1"}, "PodGroup", "/spec/subGroupPolicy/*/subGroupSize", K::kDefault, "1",
     "volcano-sh/apis pkg/apis/scheduling/v1beta1 types.go SubGroupPolicySpec.SubGroupSize: default 1"},
    {kVolcano, {"v1beta1"}, "PodGroup", "/spec/subGroupPolicy/*/minSubGroups", K::kDefault, "0",
     "volcano-sh/apis pkg/apis/scheduling/v1beta1 types.go SubGroupPolicySpec.MinSubGroups: default 0"},
    {kVolcano, {"v1beta1"}, "PodGroup", "/spec/subGroupPolicy/*/networkTopology/mode", K::kDefault, R"("hard")",
     "volcano-sh/apis pkg/apis/scheduling/v1beta1 types.go NetworkTopologySpec.Mode: default hard"},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/failurePolicy/restartStrategy", K::kDefault, R"("Recreate")",
     "kubernetes-sigs/jobset api/jobset/v1alpha2 jobset_types.go FailurePolicy.RestartStrategy "
     "+kubebuilder:default=Recreate (CRD structural default)"},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/replicas", K::kDefault, "1",
     "kubernetes-sigs/jobset api/jobset/v1alpha2 jobset_types.go ReplicatedJob.Replicas "
     "+kubebuilder:default=1 (CRD structural default)"},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/groupName", K::kDefault, R"("default")",
     "kubernetes-sigs/jobset api/jobset/v1alpha2 jobset_types.go ReplicatedJob.GroupName "
     "+kubebuilder:default=default (CRD structural default)"},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/volumeClaimPolicies/*/retentionPolicy/whenDeleted", K::kDefault,
     R"("Delete")",
     "kubernetes-sigs/jobset api/jobset/v1alpha2 jobset_types.go VolumeRetentionPolicy.WhenDeleted "
     "+kubebuilder:default=Delete"},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/template/spec/template/spec/**/ports/*/protocol",
     K::kDefault, R"("TCP")",
     "JobSet CRD (kubernetes-sigs/jobset config/components/crd/bases/jobset.x-k8s.io_jobsets.yaml) structural "
     "default: containerPort protocol TCP (every container list)"},
    {kJobSet, {"v1alpha2"}, "JobSet",
     "/spec/replicatedJobs/*/template/spec/template/spec/**/valueFrom/configMapKeyRef/name", K::kDefault, R"("")",
     "JobSet CRD structural default: configMapKeyRef.name \"\""},
    {kJobSet, {"v1alpha2"}, "JobSet",
     "/spec/replicatedJobs/*/template/spec/template/spec/**/valueFrom/secretKeyRef/name", K::kDefault, R"("")",
     "JobSet CRD structural default: secretKeyRef.name \"\""},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/template/spec/template/spec/**/envFrom/*/configMapRef/name",
     K::kDefault, R"("")", "JobSet CRD structural default: envFrom configMapRef.name \"\""},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/template/spec/template/spec/**/envFrom/*/secretRef/name",
     K::kDefault, R"("")", "JobSet CRD structural default: envFrom secretRef.name \"\""},
    {kJobSet, {"v1alpha2"}, "JobSet", "/spec/replicatedJobs/*/template/spec/template/spec/volumes/*/configMap/name",
     K::kDefault, R"("")", "JobSet CRD structural default: configMap volume name \"\""},

    // --- Values only the running cluster knows, removed from both sides.
    {kGrove, {}, "PodGang", "/spec/podgroups/*/podReferences", K::kRuntime, "",
     "ai-dynamo/grove scheduler/api/core/v1alpha1/podgang.go PodGroup.PodReferences, filled by "
     "operator/internal/controller/podcliqueset/components/podgang: the operator lists the pods that exist "
     "([] before any pod)"},
    {kWorkloadApi, {}, "PodGroup", "/spec/priority", K::kRuntime, "",
     "k8s.io/api scheduling/v1alpha2, v1alpha3 and v1beta1 types.go PodGroupSpec.Priority: the Priority "
     "admission controller fills it from priorityClassName (KEP-5710)"},
    {kWorkloadApi, {}, "CompositePodGroup", "/spec/priority", K::kRuntime, "",
     "k8s.io/api scheduling/v1alpha3 types.go CompositePodGroupSpec.Priority: admission fills priority on "
     "composite groups too (KEP-6012)"},
    {kWorkloadApi, {}, "Workload", "/spec/podGroupTemplates/*/priority", K::kRuntime, "",
     "k8s.io/api scheduling/v1alpha2, v1alpha3 and v1beta1 types.go PodGroupTemplate.Priority: admission fills "
     "priority on every template"},
    {kWorkloadApi, {}, "Workload", "/spec/compositePodGroupTemplates/**/priority", K::kRuntime, "",
     "k8s.io/api scheduling/v1alpha3 and v1beta1 types.go CompositePodGroupTemplate.Priority: on composite "
     "templates and the templates below them too (KEP-6012)"},
    {kKai, {"v2alpha2"}, "PodGroup", "/spec/markUnschedulable", K::kRuntime, "",
     "kai-scheduler/KAI-Scheduler pkg/apis/scheduling/v2alpha2 podgroup_types.go "
     "PodGroupSpec.MarkUnschedulable: managed at runtime by KAI"},
    {kKai, {"v2alpha2"}, "PodGroup", "/spec/schedulingBackoff", K::kRuntime, "",
     "kai-scheduler/KAI-Scheduler pkg/apis/scheduling/v2alpha2 podgroup_types.go "
     "PodGroupSpec.SchedulingBackoff: set by KAI, inherited by Grove on update (ai-dynamo/grove "
     "operator/internal/scheduler/kai/backend.go), never rendered"},

    // --- Filled in when a request leaves them out; compared only when the rendered object has them.
    {kWorkloadApi, kWorkloadApi137, "PodGroup", "/spec/preemptionPolicy", K::kFilledWhenUnset, "",
     "k8s.io/api scheduling/v1alpha3 and v1beta1 types.go PodGroupSpec.PreemptionPolicy: with "
     "PodGroupPreemptionPolicy, Priority admission fills preemptionPolicy from the priority class"},
    {kWorkloadApi, kWorkloadApi137, "CompositePodGroup", "/spec/preemptionPolicy", K::kFilledWhenUnset, "",
     "k8s.io/api scheduling/v1alpha3 types.go CompositePodGroupSpec.PreemptionPolicy: filled like a PodGroup's"},
    {kWorkloadApi, kWorkloadApi137, "Workload", "/spec/podGroupTemplates/*/preemptionPolicy", K::kFilledWhenUnset, "",
     "k8s.io/api scheduling/v1alpha3 and v1beta1 types.go PodGroupTemplate.PreemptionPolicy: every template"},
    {kWorkloadApi, kWorkloadApi137, "Workload", "/spec/compositePodGroupTemplates/**/preemptionPolicy",
     K::kFilledWhenUnset, "",
     "k8s.io/api scheduling/v1alpha3 and v1beta1 types.go CompositePodGroupTemplate.PreemptionPolicy: "
     "composite templates included"},
    {kWorkloadApi, kWorkloadApiWithPriority, "PodGroup", "/spec/priorityClassName", K::kFilledWhenUnset, "",
     "k8s.io/api scheduling/v1alpha2 types.go PodGroupSpec.PriorityClassName: without a class, admission can "
     "set the global default priority class"},
    {kWorkloadApi, kWorkloadApi137, "CompositePodGroup", "/spec/priorityClassName", K::kFilledWhenUnset, "",
     "k8s.io/api scheduling/v1alpha3 types.go CompositePodGroupSpec.PriorityClassName: admission can set the "
     "global default priority class"},
    {kWorkloadApi, kWorkloadApiWithPriority, "Workload", "/spec/podGroupTemplates/*/priorityClassName",
     K::kFilledWhenUnset, "",
     "k8s.io/api scheduling/v1alpha2 types.go PodGroupTemplate.PriorityClassName: admission can set the global "
     "default priority class"},
    {kWorkloadApi, kWorkloadApi137, "Workload", "/spec/compositePodGroupTemplates/**/priorityClassName",
     K::kFilledWhenUnset, "",
     "k8s.io/api scheduling/v1alpha3 types.go CompositePodGroupTemplate.PriorityClassName: admission can set "
     "the global default priority class"},
    {kKai, {"v2alpha2"}, "PodGroup", "/metadata/labels/kai.scheduler~1node-pool", K::kFilledWhenUnset, "",
     "ai-dynamo/grove operator/internal/scheduler/kai/backend.go: labels a KAI PodGroup may carry, kept by "
     "Grove on update"},
    {kKai, {"v2alpha2"}, "PodGroup", "/metadata/labels/kai.scheduler~1queue", K::kFilledWhenUnset, "",
     "ai-dynamo/grove operator/internal/scheduler/kai/backend.go: kept by Grove on update"},
    {nullptr, {}, "", "/metadata/ownerReferences", K::kFilledWhenUnset, "",
     "the controller's reference on a live object (ai-dynamo/grove "
     "operator/internal/controller/podcliqueset/components/podgang/podgang.go buildResource and "
     "operator/internal/scheduler/{kai,volcano}/backend.go; KEP-4671 Ownership and Object Relationship); "
     "apimachinery OwnerReference.uid is required and a static input has no UID, so grovectl writes none"},
  };
  // clang-format on
  return rules;
}

namespace {

// The rules with their patterns split and defaults parsed once.
struct CompiledRule {
  const FieldRule* rule;
  std::vector<std::string> tokens;
  Json value;
};

const std::vector<CompiledRule>& compiled_rules() {
  static const std::vector<CompiledRule> compiled = [] {
    std::vector<CompiledRule> out;
    for (const auto& r : server_field_rules()) {
      out.push_back({&r, split_pointer(r.path), r.rule == K::kDefault ? Json::parse(r.value_json) : Json()});
    }
    return out;
  }();
  return compiled;
}

// What a rule is matched against, read once per object (apiVersion and kind only: no metadata lookups).
struct ObjectType {
  std::string group, kind, version;
  explicit ObjectType(const Json& o) {
    auto av = o.find("apiVersion");
    auto k = o.find("kind");
    if (k != o.end() && k->is_string()) kind = k->get<std::string>();
    if (av == o.end() || !av->is_string()) return;
    const auto& text = av->get_ref<const std::string&>();
    auto slash = text.find('/');
    group = slash == std::string::npos ? "" : text.substr(0, slash);
    version = slash == std::string::npos ? text : text.substr(slash + 1);
  }
};

using RuleList = std::vector<const CompiledRule*>;

// Per (group, kind) the rules that can apply, in table order (every-object rules included), so an
// object is checked against its own few rules rather than the whole table.
const RuleList& rules_for(const ObjectType& t) {
  static const auto index = [] {
    std::pair<RuleList, std::map<std::pair<std::string, std::string>, RuleList>> out;
    auto& [generic, by_kind] = out;
    for (const auto& c : compiled_rules()) {
      if (c.rule->group) by_kind[{c.rule->group, c.rule->kind}];
    }
    for (const auto& c : compiled_rules()) {
      if (!c.rule->group) generic.push_back(&c);
      for (auto& [key, list] : by_kind) {
        if (!c.rule->group || (key.first == c.rule->group && key.second == c.rule->kind)) list.push_back(&c);
      }
    }
    return out;
  }();
  auto it = index.second.find({t.group, t.kind});
  return it == index.second.end() ? index.first : it->second;
}

bool version_applies(const FieldRule& r, const ObjectType& t) {
  if (r.versions.empty()) return true;
  for (const auto& want : r.versions) {
    if (want == t.version) return true;
  }
  return false;
}

void drop_nulls(Json& node) {
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end();) {
      if (it->is_null()) {
        it = node.erase(it);
      } else {
        if (it->is_structured()) drop_nulls(*it);
        ++it;
      }
    }
  } else if (node.is_array()) {
    for (auto& item : node) {
      if (item.is_structured()) drop_nulls(item);
    }
  }
}

void apply_rule(const CompiledRule& c, Json& object) {
  const auto& tokens = c.tokens;
  switch (c.rule->rule) {
    case K::kServerWritten:
    case K::kRuntime:
      erase_matching(object, tokens);
      break;
    case K::kNullIsAbsent:
      drop_nulls(object);
      break;
    case K::kEmptyIsAbsent:
      for_each_parent(object, tokens, [&](Json& parent, const std::string& last) {
        if (!parent.is_object()) return;
        auto it = parent.find(last);
        if (it != parent.end() && (it->is_object() || it->is_array()) && it->empty()) parent.erase(it);
      });
      break;
    case K::kDefault:
      for_each_parent(object, tokens, [&](Json& parent, const std::string& last) {
        if (parent.is_object() && !parent.contains(last)) parent[last] = c.value;
      });
      break;
    case K::kFilledWhenUnset:
      break;  // needs both sides: normalize_pair
  }
}

Json kept_keys(const Json& live_map, const Json& stub_map, const std::set<std::string>& membership) {
  Json out = Json::object();
  if (!live_map.is_object()) return out;
  for (auto it = live_map.begin(); it != live_map.end(); ++it) {
    bool in_stub = stub_map.is_object() && stub_map.contains(it.key());
    if (in_stub || membership.count(it.key())) out[it.key()] = it.value();
  }
  return out;
}

const Json& member_or_null(const Json& object, const char* key) {
  static const Json null_value;
  if (!object.is_object()) return null_value;
  auto it = object.find(key);
  return it == object.end() ? null_value : *it;
}

}  // namespace

void normalize_alone(Json& object) {
  if (!object.is_object()) return;
  const ObjectType type(object);
  for (const CompiledRule* c : rules_for(type)) {
    if (c->rule->rule != K::kDefault && version_applies(*c->rule, type)) apply_rule(*c, object);
  }
}

void normalize_pair(Json& old_side, Origin old_origin, Json& new_side) {
  // No rule and no projection changes apiVersion or kind, so each side's type is read once.
  const ObjectType old_type(old_side), new_type(new_side);
  if (old_origin == Origin::kLive && old_type.kind == "Pod" && old_type.group.empty()) {
    project_live_pod(old_side, new_side);
  }
  for (const auto& [side, type] : {std::pair{&old_side, &old_type}, std::pair{&new_side, &new_type}}) {
    if (!side->is_object()) continue;
    for (const CompiledRule* c : rules_for(*type)) {
      if (version_applies(*c->rule, *type)) apply_rule(*c, *side);
    }
  }
  if (old_origin != Origin::kLive || !old_side.is_object() || !new_side.is_object()) return;
  if (old_type.group != new_type.group || old_type.kind != new_type.kind) return;
  for (const CompiledRule* c : rules_for(old_type)) {
    if (c->rule->rule != K::kFilledWhenUnset || !version_applies(*c->rule, old_type) ||
        !version_applies(*c->rule, new_type))
      continue;
    for (const auto& path : matching_paths(old_side, c->tokens)) {
      if (!find_path(new_side, path)) erase_path(old_side, path);
    }
  }
}

void project_live_pod(Json& live_pod, const Json& stub) {
  if (!live_pod.is_object()) return;
  const Json& live_meta = member_or_null(live_pod, "metadata");
  const Json& stub_meta = member_or_null(stub, "metadata");
  Json meta = Json::object();
  // Matched by identity (pod_identity.hpp), so the generated name is not compared: the stub's stands in.
  for (const char* key : {"name", "namespace"}) {
    const Json& v = member_or_null(std::string(key) == "name" ? stub_meta : live_meta, key);
    if (!v.is_null()) meta[key] = v;
  }
  Json labels = kept_keys(member_or_null(live_meta, "labels"), member_or_null(stub_meta, "labels"),
                          membership_labels());
  if (!labels.empty()) meta["labels"] = std::move(labels);
  Json annotations = kept_keys(member_or_null(live_meta, "annotations"),
                               member_or_null(stub_meta, "annotations"), membership_annotations());
  if (!annotations.empty()) meta["annotations"] = std::move(annotations);
  Json spec = Json::object();
  const Json& live_spec = member_or_null(live_pod, "spec");
  for (const auto& field : membership_spec_fields()) {
    if (const Json& v = member_or_null(live_spec, field.c_str()); !v.is_null()) spec[field] = v;
  }
  Json projected = Json::object();
  for (const char* key : {"apiVersion", "kind"}) {
    if (const Json& v = member_or_null(live_pod, key); !v.is_null()) projected[key] = v;
  }
  projected["metadata"] = std::move(meta);
  projected["spec"] = std::move(spec);
  live_pod = std::move(projected);
}

}  // namespace grovectl::diff
