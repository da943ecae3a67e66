// Kubernetes 1.36: scheduling.k8s.io/v1alpha2 Workload (podGroupTemplates) + one runtime PodGroup per
// template (k8s-workload-api.md §5; GREP-531 version A, grove.md §9.1).
//
// Names: the template is named after the Grove pod group (PodClique FQN, a DNS label); the runtime
// PodGroup is "<gang>-<pod group>" (a DNS subdomain), and pods point at the runtime PodGroup.
#include "render/backend_checks.hpp"
#include "render/backend_mappings.hpp"
#include "render/mapping_util.hpp"
#include "render/workload_common.hpp"

namespace grovectl {
namespace {

const WorkloadTarget kTarget{"scheduling.k8s.io/v1alpha2", true, false, true, true};

class WorkloadV1alpha2 final : public Mapping {
 public:
  MappingInfo info() const override {
    return {
        "default-scheduler",
        {36},
        "flat",
        {"scheduling.k8s.io/v1alpha2 Workload", "scheduling.k8s.io/v1alpha2 PodGroup"},
        {"GenericWorkload", "GangScheduling", "TopologyAwareWorkloadScheduling", "WorkloadAwarePreemption"}};
  }

  void check(const Gang& gang, const MappingContext& ctx, Diagnostics& diags) const override {
    check_workload_gang(gang, kTarget, ctx, diags);
    check_template_count(gang, "Workload spec.podGroupTemplates", gang.groups.size(),
                         "use kai-scheduler, volcano or koord-scheduler, or split the PodCliqueSet", diags);
    for (const auto& pg : gang.groups) {
      require_dns_subdomain(gang, "PodGroup name", group_object_name(gang, pg),
                            "shorten the PodCliqueSet name", diags);
    }
  }

  std::vector<Json> objects(const Gang& gang, const MappingContext& ctx, Diagnostics&) const override {
    Json priority = priority_class(gang, kTarget, ctx);
    Json templates = Json::array();
    std::vector<Json> out;
    for (const auto& pg : gang.groups) {
      Json t = Json::object();
      t["name"] = pg.name;
      t["schedulingPolicy"] = gang_policy(pg.min_count);
      if (Json c = scheduling_constraints(pg.topology, ctx); !c.is_null()) t["schedulingConstraints"] = c;
      if (!priority.is_null()) t["priorityClassName"] = priority;
      templates.push_back(std::move(t));
    }
    Json workload = Json::object();
    workload["metadata"] = object_metadata(gang.name, gang.ns);
    workload["spec"] = Json{{"podGroupTemplates", templates}};
    out.push_back(ctx.templates.instantiate("default-scheduler/v1alpha2/Workload.yaml", workload));
    for (size_t i = 0; i < gang.groups.size(); ++i) {
      const auto& pg = gang.groups[i];
      Json spec = Json::object();
      spec["podGroupTemplateRef"] =
          Json{{"workload", Json{{"workloadName", gang.name}, {"podGroupTemplateName", pg.name}}}};
      // Copied from the template: 1.36 admission compares them.
      for (const char* key : {"schedulingPolicy", "schedulingConstraints", "priorityClassName"}) {
        if (templates[i].contains(key)) spec[key] = templates[i][key];
      }
      Json computed = Json::object();
      computed["metadata"] = object_metadata(group_object_name(gang, pg), gang.ns);
      computed["spec"] = std::move(spec);
      out.push_back(ctx.templates.instantiate("default-scheduler/v1alpha2/PodGroup.yaml", computed));
    }
    return out;
  }

  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    return scheduling_group_membership(gang, group);
  }
};

}  // namespace

const Mapping& workload_v1alpha2_mapping() {
  static const WorkloadV1alpha2 mapping;
  return mapping;
}

}  // namespace grovectl
