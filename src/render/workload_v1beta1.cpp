// Kubernetes 1.37 (flat): scheduling.k8s.io/v1beta1 Workload (podGroupTemplates) + one runtime PodGroup per
// template (k8s-workload-api.md §7, §6.2-§6.3; GREP-531 version A naming).
//
// Names: the template is named after the Grove pod group (PodClique FQN, a DNS label); the runtime
// PodGroup is "<gang>-<pod group>" (a DNS subdomain), and pods point at the runtime PodGroup.
#include "render/backend_checks.hpp"
#include "render/backend_mappings.hpp"
#include "render/mapping_util.hpp"
#include "render/workload_common.hpp"

namespace grovectl {
namespace {

const WorkloadTarget kTarget{"scheduling.k8s.io/v1beta1", true, false, false, true};

class WorkloadV1beta1 final : public Mapping {
 public:
  MappingInfo info() const override {
    return {"default-scheduler",
            {37},
            "flat",
            {"scheduling.k8s.io/v1beta1 Workload", "scheduling.k8s.io/v1beta1 PodGroup"},
            {"GenericWorkload", "TopologyAwareWorkloadScheduling"}};
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
    out.push_back(ctx.templates.instantiate("default-scheduler/v1beta1/Workload.yaml", workload));
    for (size_t i = 0; i < gang.groups.size(); ++i) {
      const auto& pg = gang.groups[i];
      Json spec = Json::object();
      spec["workloadRef"] = Json{{"workloadName", gang.name}, {"templateName", pg.name}};
      // Copied from the template, as controllers are expected to.
      for (const char* key : {"schedulingPolicy", "schedulingConstraints", "priorityClassName"}) {
        if (templates[i].contains(key)) spec[key] = templates[i][key];
      }
      Json computed = Json::object();
      computed["metadata"] = object_metadata(group_object_name(gang, pg), gang.ns);
      computed["spec"] = std::move(spec);
      out.push_back(ctx.templates.instantiate("default-scheduler/v1beta1/PodGroup.yaml", computed));
    }
    return out;
  }

  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    return scheduling_group_membership(gang, group);
  }
};

}  // namespace

const Mapping& workload_v1beta1_mapping() {
  static const WorkloadV1beta1 mapping;
  return mapping;
}

}  // namespace grovectl
