// lpx-scheduler (ai-dynamo/grove PR #663, operator/internal/scheduler/lpx/backend.go): the scheduler reads
// Grove's PodGangs (scheduler.grove.io/v1alpha1) directly, so the backend creates nothing of its own
// (SyncPodGang does nothing) and PreparePod sets only the pod's schedulerName.
#include "backend/mappings.hpp"

namespace grovectl {
namespace {

class LpxMapping final : public Mapping {
 public:
  MappingInfo info() const override {
    return {.backend = "lpx-scheduler",
            .kube_minors = KubeVersion::supported_minors(),
            .hierarchy = "flat",
            .kinds = {},
            .gates = {}};
  }

  void check(const Gang&, const MappingContext&, Diagnostics&) const override {}

  std::vector<Json> objects(const Gang&, const MappingContext&, Diagnostics&) const override { return {}; }

  PodMembership membership(const Gang&, const PodGroup&, const MappingContext&) const override {
    PodMembership m;
    m.scheduler_name = "lpx-scheduler";
    return m;
  }
};

}  // namespace

const Mapping& lpx_v1alpha1_mapping() {
  static const LpxMapping mapping;
  return mapping;
}

}  // namespace grovectl
