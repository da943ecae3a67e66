#pragma once
// The capability rules every default-scheduler (Workload API) mapping applies: feature gates, topology,
// priority, minCount, template counts and names (k8s-workload-api.md §2, §3, §5-§7; grove.md §9).
#include <string>

#include "backend/mapping.hpp"
#include "backend/workload/target.hpp"
#include "core/diagnostic.hpp"
#include "model/gang.hpp"

namespace grovectl {

// GenericWorkload (and GangScheduling up to 1.36) are implied by choosing default-scheduler; refuse
// only when the user set them false.
void check_implied_gates(const Gang& gang, const MappingContext& ctx, Diagnostics& diags);
// Topology, priority, minCount and name rules common to every Workload API version.
void check_workload_gang(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                         Diagnostics& diags);

// Refuses a template list longer than 8 (`list` names it, e.g. "spec.podGroupTemplates").
void check_template_count(const Gang& gang, const std::string& list, size_t count, const std::string& way_out,
                          Diagnostics& diags);

// The checks of a flat Workload (1.36 v1alpha2, 1.37 v1beta1): common rules, at most 8 templates, and
// runtime PodGroup names within the DNS subdomain limit.
void check_flat_workload(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                         Diagnostics& diags);

}  // namespace grovectl
