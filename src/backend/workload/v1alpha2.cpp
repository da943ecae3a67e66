// Kubernetes 1.36: scheduling.k8s.io/v1alpha2 Workload (podGroupTemplates) + one runtime PodGroup per
// template (kubernetes/api@v0.36.0 scheduling/v1alpha2/types.go; GREP-531 version A, ai-dynamo/grove@3cbbea47
// docs/proposals/531-default-scheduler-workload-gang/README.md).
//
// Names: the template is named after the Grove pod group (PodClique FQN, a DNS label); the runtime
// PodGroup is "<gang>-<pod group>" (a DNS subdomain), and pods point at the runtime PodGroup.
#include "backend/builders.hpp"
#include "backend/checks.hpp"
#include "backend/mappings.hpp"
#include "backend/workload/builders.hpp"
#include "backend/workload/checks.hpp"

namespace grovectl {
namespace {

const WorkloadTarget kV1alpha2Target{
    .api = "scheduling.k8s.io/v1alpha2",
    .has_topology = true,
    .composite = false,
    .priority_gated = true,
    .has_priority = true,
};

class WorkloadV1alpha2 final : public Mapping {
 public:
  MappingInfo info() const override {
    return {.backend = "default-scheduler",
            .kube_minors = {36},
            .hierarchy = "flat",
            .kinds = {"scheduling.k8s.io/v1alpha2 Workload", "scheduling.k8s.io/v1alpha2 PodGroup"},
            .gates = {"GenericWorkload", "GangScheduling", "TopologyAwareWorkloadScheduling",
                      "WorkloadAwarePreemption"}};
  }

  // --runtime-config and gates of 1.36 (KEP-4671; the gates' pages on kubernetes.io)
  ClusterRequirements requirements() const override {
    return {.required_gates = {"GenericWorkload", "GangScheduling"},
            .runtime_config = {"scheduling.k8s.io/v1alpha2=true"}};
  }

  void check(const Gang& gang, const MappingContext& ctx, Diagnostics& diags) const override {
    check_flat_workload(gang, kV1alpha2Target, ctx, diags);
  }

  std::vector<Json> objects(const Gang& gang, const MappingContext& ctx, Diagnostics&) const override {
    static const TemplateReference reference{
        "podGroupTemplateRef", [](const std::string& workload, const std::string& name) {
          return Json{{"workload", Json{{"workloadName", workload}, {"podGroupTemplateName", name}}}};
        }};
    return flat_workload_objects(gang, kV1alpha2Target, ctx, "v1alpha2", reference);
  }

  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    return scheduling_group_membership(flat_template_of(gang, group).pod_group_name);
  }
};

}  // namespace

const Mapping& workload_v1alpha2_mapping() {
  static const WorkloadV1alpha2 mapping;
  return mapping;
}

}  // namespace grovectl
