// Kubernetes 1.37 (flat): scheduling.k8s.io/v1beta1 Workload (podGroupTemplates) + one runtime PodGroup per
// template (kubernetes/api@10b39a39 (1.37) scheduling/v1beta1/types.go; GREP-531 version A naming).
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

const WorkloadTarget kV1beta1Target{
    .api = "scheduling.k8s.io/v1beta1",
    .has_topology = true,
    .composite = false,
    .priority_gated = false,
    .has_priority = true,
    .uniform_priority = true,
};

class WorkloadV1beta1 final : public Mapping {
 public:
  MappingInfo info() const override {
    return {.backend = "default-scheduler",
            .kube_minors = {37},
            .hierarchy = "flat",
            .kinds = {"scheduling.k8s.io/v1beta1 Workload", "scheduling.k8s.io/v1beta1 PodGroup"},
            .gates = {"GenericWorkload", "TopologyAwareWorkloadScheduling"}};
  }

  // --runtime-config and gates of 1.37 (KEP-4671; v1beta1 is off by default, kubernetes PR #140184)
  ClusterRequirements requirements() const override {
    return {.required_gates = {"GenericWorkload"}, .runtime_config = {"scheduling.k8s.io/v1beta1=true"}};
  }

  void check(const Gang& gang, const MappingContext& ctx, Diagnostics& diags) const override {
    check_flat_workload(gang, kV1beta1Target, ctx, diags);
  }

  std::vector<Json> objects(const Gang& gang, const MappingContext& ctx, Diagnostics&) const override {
    static const TemplateReference reference{"workloadRef",
                                             [](const std::string& workload, const std::string& name) {
                                               Json ref = Json::object();
                                               ref["workloadName"] = workload;
                                               ref["templateName"] = name;
                                               return ref;
                                             }};
    return flat_workload_objects(gang, kV1beta1Target, ctx, "v1beta1", reference);
  }

  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    return scheduling_group_membership(flat_template_of(gang, group).pod_group_name);
  }
};

}  // namespace

const Mapping& workload_v1beta1_mapping() {
  static const WorkloadV1beta1 mapping;
  return mapping;
}

}  // namespace grovectl
