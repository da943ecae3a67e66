#pragma once
// The fields and objects every default-scheduler (Workload API) mapping builds (kubernetes/api
// scheduling/*/types.go of each release; GREP-531, ai-dynamo/grove PR #605).
#include <optional>
#include <string>
#include <vector>

#include "backend/mapping.hpp"
#include "backend/workload/target.hpp"
#include "core/json.hpp"
#include "model/gang.hpp"
#include "model/membership.hpp"

namespace grovectl {

// {gang: {minCount: n}}
Json gang_policy(int32_t min_count);
// {topology: [{key: required}]} when the constraint has a required key and the gate is on, else null.
Json scheduling_constraints(const std::optional<PackConstraint>& pack, const MappingContext& ctx);
// spec.controllerRef {apiGroup, kind, name}: the JobSet for a JobSet source, as JobSet's Workload examples
// and its PR #1250 set it (kubernetes-sigs/jobset
// site/static/examples/workload-aware-scheduling/workload.yaml). Null for a PodCliqueSet: Grove's designs
// link the Workload to the PodGang by an ownerReference instead (GREP-531), which needs a uid that offline
// rendering lacks.
Json workload_controller_ref(const Gang& gang);
// The gang's priorityClassName when the target may carry it, else null.
Json priority_class(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx);

// Pods join the runtime PodGroup `pod_group_name` (spec.schedulingGroup, 1.36+).
PodMembership scheduling_group_membership(const std::string& pod_group_name);

// One template of a flat Workload (1.35-1.37 flat) and its runtime PodGroup (1.36+): one per pod group, or
// one holding every pod when the gang is admitted whole there (Gang::one_group_on_flat_workload).
struct FlatTemplate {
  std::string name;  // the pod group's name, or the gang's
  std::string
      pod_group_name;     // "<gang>-<pod group>", or the gang's name (as JobSet PR #1250 names its one group)
  int32_t min_count = 0;  // the pod group's, or the sum over the gang (the frontend keeps it in int32)
  std::optional<PackConstraint> topology;
};
std::vector<FlatTemplate> flat_templates(const Gang& gang);
// The template whose PodGroup the pods of `group` join.
FlatTemplate flat_template_of(const Gang& gang, const PodGroup& group);

// How a runtime PodGroup points back at its template: the spec field and its value.
struct TemplateReference {
  std::string field;  // "podGroupTemplateRef" / "workloadRef"
  Json (*value)(const std::string& workload, const std::string& template_name);
};

// A flat Workload (flat_templates) and one runtime PodGroup per template that copies the template's policy,
// constraints and priority, as controllers are expected to (1.36 admission compares them). `version` names
// the templates/ folder, e.g. "v1beta1".
std::vector<Json> flat_workload_objects(const Gang& gang, const WorkloadTarget& target,
                                        const MappingContext& ctx, const std::string& version,
                                        const TemplateReference& reference);

}  // namespace grovectl
