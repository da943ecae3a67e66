// Grove PodGang, scheduler.grove.io/v1alpha1 (ai-dynamo/grove scheduler/api/core/v1alpha1/podgang.go and
// operator/internal/controller/podcliqueset/components/podgang/podgang.go at fcc3b3bb), and the PodGangMap,
// grove.io/v1alpha1
// (ai-dynamo/grove PR #778, operator/api/core/v1alpha1/podgangmap.go).
#include "backend/builders.hpp"
#include "backend/mapping.hpp"
#include "model/grove_names.hpp"

namespace grovectl {
namespace {

Json topology_json(const std::optional<PackConstraint>& pack) {
  if (!pack) return Json(nullptr);
  return Json{{"packConstraint", pack_constraint_json(*pack)}};
}

Json podgroups_json(const Gang& gang) {
  Json groups = Json::array();
  for (const auto& pg : gang.groups) {
    Json g = Json::object();
    g["name"] = pg.name;
    g["podReferences"] = Json::array();  // filled by the operator once pods exist
    g["minReplicas"] = pg.min_count;
    if (pg.topology) g["topologyConstraint"] = topology_json(pg.topology);
    groups.push_back(std::move(g));
  }
  return groups;
}

Json group_configs_json(const Gang& gang) {
  if (gang.group_configs.empty()) return Json(nullptr);
  Json configs = Json::array();
  for (const auto& cfg : gang.group_configs) {
    Json c = Json::object();
    c["name"] = cfg.name;
    c["podGroupNames"] = cfg.members;
    if (cfg.topology) c["topologyConstraint"] = topology_json(cfg.topology);
    configs.push_back(std::move(c));
  }
  return configs;
}

class PodGangMapping final : public Mapping {
 public:
  MappingInfo info() const override {
    return {.backend = "grove",
            .kube_minors = KubeVersion::supported_minors(),
            .hierarchy = "flat",
            .kinds = {"scheduler.grove.io/v1alpha1 PodGang"},
            .gates = {}};
  }
  void check(const Gang&, const MappingContext&, Diagnostics&) const override {}

  std::vector<Json> objects(const Gang& gang, const MappingContext& ctx, Diagnostics&) const override {
    Json computed = Json::object();
    computed["metadata"] = object_metadata(gang.name, gang.ns, gang.labels, gang.annotations);
    computed["metadata"]["ownerReferences"] = owner_references_json(gang);
    Json spec = Json::object();
    spec["podgroups"] = podgroups_json(gang);
    spec["topologyConstraint"] = topology_json(gang.topology);
    spec["topologyConstraintGroupConfigs"] = group_configs_json(gang);
    if (!gang.priority_class_name.empty()) spec["priorityClassName"] = gang.priority_class_name;
    computed["spec"] = std::move(spec);
    return {ctx.templates.instantiate("podgang/v1alpha1/PodGang.yaml", std::move(computed))};
  }

  PodMembership membership(const Gang&, const PodGroup&, const MappingContext&) const override { return {}; }
};

// A PodGangEntry as Go encodes it: its fields in declaration order, omitempty ones left out when empty, map
// keys sorted.
Json gang_map_entry_json(const GangMapEntry& e) {
  Json out = Json::object();
  out["epoch"] = e.epoch;
  out["podCliqueSetGenerationHash"] = e.generation_hash;
  out["role"] = gang_role_label(e.role);
  if (e.anchor_index) out["anchorIndex"] = *e.anchor_index;
  if (!e.pod_cliques.empty()) {
    Json cliques = Json::object();
    for (const auto& [name, pods] : e.pod_cliques) cliques[name] = pods;
    out["podCliques"] = std::move(cliques);
  }
  if (!e.group_indices.empty()) {
    Json groups = Json::object();
    for (const auto& [name, indices] : e.group_indices) groups[name] = indices;
    out["pcsgReplicaIndices"] = std::move(groups);
  }
  if (!e.depends_on.empty()) out["dependsOn"] = e.depends_on;
  return out;
}

}  // namespace

std::vector<Json> podgang_map_objects(const GangMap& map, const MappingContext& ctx) {
  Json computed = Json::object();
  computed["metadata"] = object_metadata(map.name, map.ns, map.labels);
  computed["metadata"]["ownerReferences"] = owner_references_json(map.owner);
  Json spec = Json::object();
  spec["podCliqueSetReplicaIndex"] = map.replica;
  Json entries = Json::array();
  for (const auto& e : map.entries) entries.push_back(gang_map_entry_json(e));
  spec["entries"] = std::move(entries);
  computed["spec"] = std::move(spec);
  return {ctx.templates.instantiate("podgang/v1alpha1/PodGangMap.yaml", std::move(computed))};
}

const Mapping& podgang_mapping() {
  static const PodGangMapping mapping;
  return mapping;
}

}  // namespace grovectl
