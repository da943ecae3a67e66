// Kubernetes 1.35: scheduling.k8s.io/v1alpha1 Workload with embedded pod groups
// (kubernetes/api@v0.35.0 scheduling/v1alpha1/types.go; GREP-531 version B phase 1, yankay/grove@5a8035ad
// docs/proposals/531-default-scheduler-workload-gang/README.md).
// Pods join with spec.workloadRef{name, podGroup}.
#include "backend/builders.hpp"
#include "backend/checks.hpp"
#include "backend/mappings.hpp"
#include "backend/workload/builders.hpp"
#include "backend/workload/checks.hpp"

namespace grovectl {
namespace {

const WorkloadTarget kV1alpha1Target{
    .api = "scheduling.k8s.io/v1alpha1",
    .has_topology = false,
    .composite = false,
    .priority_gated = false,
    .has_priority = false,
};

class WorkloadV1alpha1 final : public Mapping {
 public:
  MappingInfo info() const override {
    return {.backend = "default-scheduler",
            .kube_minors = {35},
            .hierarchy = "flat",
            .kinds = {"scheduling.k8s.io/v1alpha1 Workload"},
            .gates = {"GenericWorkload", "GangScheduling"}};
  }

  // --runtime-config and gates of 1.35 (KEP-4671; the gates' pages on kubernetes.io)
  ClusterRequirements requirements() const override {
    return {.required_gates = {"GenericWorkload", "GangScheduling"},
            .runtime_config = {"scheduling.k8s.io/v1alpha1=true"}};
  }

  void check(const Gang& gang, const MappingContext& ctx, Diagnostics& diags) const override {
    check_workload_gang(gang, kV1alpha1Target, ctx, diags);
    check_flat_templates(gang, "Workload spec.podGroups", flat_templates(gang), diags);
  }

  std::vector<Json> objects(const Gang& gang, const MappingContext& ctx, Diagnostics&) const override {
    Json groups = Json::array();
    for (const auto& t : flat_templates(gang))
      groups.push_back(Json{{"name", t.name}, {"policy", gang_policy(t.min_count)}});
    Json computed = Json::object();
    computed["metadata"] = object_metadata(gang.name, gang.ns);
    computed["spec"] = Json{{"controllerRef", workload_controller_ref(gang)}, {"podGroups", groups}};
    return {ctx.templates.instantiate("default-scheduler/v1alpha1/Workload.yaml", std::move(computed))};
  }

  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    PodMembership m;
    m.scheduler_name = "default-scheduler";
    m.spec_fields["workloadRef"] =
        Json{{"name", gang.name}, {"podGroup", flat_template_of(gang, group).name}};
    return m;
  }
};

}  // namespace

const Mapping& workload_v1alpha1_mapping() {
  static const WorkloadV1alpha1 mapping;
  return mapping;
}

}  // namespace grovectl
