#pragma once
// The capability rules every default-scheduler (Workload API) mapping applies: feature gates, topology,
// priority, minCount, template counts and names (kubernetes/api scheduling/*/types.go; KEP-4671; GREP-531).
#include <string>
#include <vector>

#include "backend/mapping.hpp"
#include "backend/workload/builders.hpp"
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
// Refuses a template name that is not a DNS label.
void require_template_name(const Gang& gang, const std::string& name, const std::string& way_out,
                           Diagnostics& diags);

// The templates of a flat Workload (`list` names them): names that are DNS labels, at most 8.
void check_flat_templates(const Gang& gang, const std::string& list,
                          const std::vector<FlatTemplate>& templates, Diagnostics& diags);

// The checks of a flat Workload with runtime PodGroups (1.36 v1alpha2, 1.37 v1beta1): common rules, its
// templates, and PodGroup names within the DNS subdomain limit.
void check_flat_workload(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                         Diagnostics& diags);

}  // namespace grovectl
