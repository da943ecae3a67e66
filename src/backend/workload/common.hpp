#pragma once
// Shared by the default-scheduler (Workload API) mappings: gate and capability checks
// (k8s-workload-api.md §2, §3, §5-§7; grove.md §9) and field builders.
#include <string>

#include "backend/mapping.hpp"
#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "model/gang.hpp"

namespace grovectl {

inline constexpr size_t kWorkloadMaxTemplates = 8;
inline constexpr int kWorkloadMaxTreeDepth = 4;

// What one Workload API version can express.
struct WorkloadTarget {
  std::string api;              // "scheduling.k8s.io/v1beta1"
  bool has_topology = true;     // schedulingConstraints exists (1.36+)
  bool composite = false;       // topology at gang and group-config level via CompositePodGroups
  bool priority_gated = false;  // 1.36: priorityClassName needs WorkloadAwarePreemption
  bool has_priority = true;     // 1.35 has no priorityClassName
};

// GenericWorkload (and GangScheduling up to 1.36) are implied by choosing default-scheduler; refuse
// only when the user set them false.
void check_implied_gates(const Gang& gang, const MappingContext& ctx, Diagnostics& diags);
// Topology, priority, minCount and name rules common to every Workload API version.
void check_workload_gang(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                         Diagnostics& diags);

// Refuses a template list longer than 8 (`list` names it, e.g. "spec.podGroupTemplates").
void check_template_count(const Gang& gang, const std::string& list, size_t count, const std::string& way_out,
                          Diagnostics& diags);

// {gang: {minCount: n}}
Json gang_policy(int32_t min_count);
// {topology: [{key: required}]} when the constraint has a required key and the gate is on, else null.
Json scheduling_constraints(const std::optional<PackConstraint>& pack, const MappingContext& ctx);
// spec.controllerRef {apiGroup, kind, name}: the JobSet for a JobSet source, as JobSet's Workload examples
// and its PR #1250 set it (jobset.md §4). Null for a PodCliqueSet: Grove's designs link the Workload to
// the PodGang by an ownerReference instead (grove.md §9), which needs a uid that offline rendering lacks.
Json workload_controller_ref(const Gang& gang);
// The gang's priorityClassName when the target may carry it, else null.
Json priority_class(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx);

PodMembership scheduling_group_membership(const Gang& gang, const PodGroup& group);

// The checks of a flat Workload (1.36 v1alpha2, 1.37 v1beta1): common rules, at most 8 templates, and
// runtime PodGroup names within the DNS subdomain limit.
void check_flat_workload(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                         Diagnostics& diags);

// How a runtime PodGroup points back at its template: the spec field and its value.
struct TemplateReference {
  std::string field;  // "podGroupTemplateRef" / "workloadRef"
  Json (*value)(const std::string& workload, const std::string& template_name);
};

// A flat Workload (one template per pod group) and one runtime PodGroup per template that copies the
// template's policy, constraints and priority, as controllers are expected to (1.36 admission compares
// them). `version` names the templates/ folder, e.g. "v1beta1".
std::vector<Json> flat_workload_objects(const Gang& gang, const WorkloadTarget& target,
                                        const MappingContext& ctx, const std::string& version,
                                        const TemplateReference& reference);

}  // namespace grovectl
