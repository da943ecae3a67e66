// KAI scheduler PodGroup, scheduling.run.ai/v2alpha2, as Grove's KAI backend builds it
// (operator/internal/scheduler/kai/backend.go, ai-dynamo/grove fcc3b3bb), with the queue its admission rule
// resolves (admission.cpp).
#include <fmt/format.h>

#include "backend/builders.hpp"
#include "backend/checks.hpp"
#include "backend/kai/admission.hpp"
#include "backend/mappings.hpp"

namespace grovectl {
namespace {

constexpr const char* kSkipPodGrouper = "kai.scheduler/skip-podgrouper";
constexpr const char* kSubGroupLabel = "kai.scheduler/subgroup-name";

std::string topology_name(const Gang& gang) {
  for (const char* key : {"grove.io/topology-name", "kai.scheduler/topology"}) {
    if (auto it = gang.annotations.find(key); it != gang.annotations.end() && !it->second.empty())
      return it->second;
  }
  return gang.topology_name;
}

// Grove's toKAITopologyConstraint: {topology, requiredTopologyLevel?, preferredTopologyLevel?}.
Json kai_topology(const Gang& gang, const std::optional<PackConstraint>& pack) {
  if (!has_pack(pack)) return Json(nullptr);
  Json t = Json::object();
  t["topology"] = topology_name(gang);
  if (!pack->required.empty()) t["requiredTopologyLevel"] = pack->required;
  if (!pack->preferred.empty()) t["preferredTopologyLevel"] = pack->preferred;
  return t;
}

Json sub_groups(const Gang& gang) {
  Json out = Json::array();
  std::map<std::string, std::string> parent_of;
  for (const auto& cfg : gang.group_configs) {
    if (cfg.members.empty()) continue;
    Json sg = Json::object();
    sg["name"] = cfg.name;
    sg["minSubGroup"] = cfg.members.size();
    if (has_pack(cfg.topology)) sg["topologyConstraint"] = kai_topology(gang, cfg.topology);
    out.push_back(std::move(sg));
    for (const auto& m : cfg.members) parent_of[m] = cfg.name;
  }
  for (const auto& pg : gang.groups) {
    Json sg = Json::object();
    sg["name"] = pg.name;
    sg["minMember"] = pg.min_count;
    if (has_pack(pg.topology)) sg["topologyConstraint"] = kai_topology(gang, pg.topology);
    if (auto it = parent_of.find(pg.name); it != parent_of.end()) sg["parent"] = it->second;
    out.push_back(std::move(sg));
  }
  return out;
}

class KaiMapping final : public Mapping {
 public:
  MappingInfo info() const override {
    return {.backend = "kai-scheduler",
            .kube_minors = KubeVersion::supported_minors(),
            .hierarchy = "flat",
            .kinds = {"scheduling.run.ai/v2alpha2 PodGroup"},
            .gates = {}};
  }

  void check(const Gang& gang, const MappingContext&, Diagnostics& diags) const override {
    if (gang_has_topology(gang) && topology_name(gang).empty()) {
      refuse(gang, "capability/kai-topology-name",
             fmt::format("{}: topology name cannot be empty when topology constraints are defined; set "
                         "spec.template.topologyName and pass the ClusterTopologyBinding with --topology",
                         gang_subject(gang)),
             diags);
    }
    require_dns_subdomain(gang, "KAI PodGroup name", gang.name, shorten_source_name(gang), diags);
    for (const auto& pg : gang.groups) {
      require_group_name_label(gang, pg, fmt::format("value of pod label {}", kSubGroupLabel), diags);
    }
  }

  std::vector<Json> objects(const Gang& gang, const MappingContext& ctx, Diagnostics&) const override {
    StringMap annotations = gang.annotations;
    annotations[kSkipPodGrouper] = "true";
    Json computed = Json::object();
    computed["metadata"] = object_metadata(gang.name, gang.ns, gang.labels, annotations);
    Json spec = Json::object();
    spec["minMember"] = total_min_count(gang);
    spec["queue"] = gang.source ? resolve_kai_queue(*gang.source).queue : "";
    if (!gang.priority_class_name.empty()) spec["priorityClassName"] = gang.priority_class_name;
    spec["topologyConstraint"] = kai_topology(gang, gang.topology);
    spec["subGroups"] = sub_groups(gang);
    computed["spec"] = std::move(spec);
    return {ctx.templates.instantiate("kai-scheduler/v2alpha2/PodGroup.yaml", std::move(computed))};
  }

  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    PodMembership m;
    m.scheduler_name = "kai-scheduler";
    m.annotations[kSkipPodGrouper] = "true";
    m.annotations["pod-group-name"] = gang.name;
    m.labels[kSubGroupLabel] = group.name;
    return m;
  }

  StringMap podgang_annotations(const Gang&) const override { return {{kSkipPodGrouper, "true"}}; }
};

}  // namespace

const Mapping& kai_v2alpha2_mapping() {
  static const KaiMapping mapping;
  return mapping;
}

}  // namespace grovectl
