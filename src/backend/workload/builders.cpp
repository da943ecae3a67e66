#include "backend/workload/builders.hpp"

#include "backend/builders.hpp"
#include "backend/checks.hpp"

namespace grovectl {

// Objects are built member by member: a Json initializer list copies every value it is given once more.
Json gang_policy(int32_t min_count) {
  Json policy = Json::object();
  policy["gang"]["minCount"] = min_count;
  return policy;
}

Json scheduling_constraints(const std::optional<PackConstraint>& pack, const MappingContext& ctx) {
  if (!has_pack(pack) || pack->required.empty() || !topology_gate_on(ctx)) return Json(nullptr);
  return Json{{"topology", Json::array({Json{{"key", pack->required}}})}};
}

Json workload_controller_ref(const Gang& gang) {
  if (!gang.source || gang.source->kind != "JobSet") return Json(nullptr);
  const std::string& api_version = gang.source->api_version;
  Json ref = Json::object();
  ref["apiGroup"] = api_version.substr(0, api_version.find('/'));
  ref["kind"] = gang.source->kind;
  ref["name"] = gang.source->name;
  return ref;
}

Json priority_class(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx) {
  if (gang.priority_class_name.empty() || !target.has_priority) return Json(nullptr);
  if (target.priority_gated && !ctx.options.gates.enabled(kPreemptionGate)) return Json(nullptr);
  return gang.priority_class_name;
}

PodMembership scheduling_group_membership(const std::string& pod_group_name) {
  PodMembership m;
  m.scheduler_name = "default-scheduler";
  m.spec_fields["schedulingGroup"]["podGroupName"] = pod_group_name;
  return m;
}

std::vector<FlatTemplate> flat_templates(const Gang& gang) {
  if (gang.one_group_on_flat_workload) {
    int64_t pods = 0;
    for (const auto& pg : gang.groups) pods += pg.min_count;
    return {{.name = gang.name,
             .pod_group_name = gang.name,
             .min_count = static_cast<int32_t>(pods),
             .topology = std::nullopt}};  // the gang has none (Gang::one_group_on_flat_workload)
  }
  std::vector<FlatTemplate> out;
  out.reserve(gang.groups.size());
  for (const auto& pg : gang.groups) {
    out.push_back({.name = pg.name,
                   .pod_group_name = group_object_name(gang, pg),
                   .min_count = pg.min_count,
                   .topology = pg.topology});
  }
  return out;
}

FlatTemplate flat_template_of(const Gang& gang, const PodGroup& group) {
  if (gang.one_group_on_flat_workload) return flat_templates(gang).front();
  return {.name = group.name,
          .pod_group_name = group_object_name(gang, group),
          .min_count = group.min_count,
          .topology = group.topology};
}

std::vector<Json> flat_workload_objects(const Gang& gang, const WorkloadTarget& target,
                                        const MappingContext& ctx, const std::string& version,
                                        const TemplateReference& reference) {
  const std::vector<FlatTemplate> flat = flat_templates(gang);
  Json priority = priority_class(gang, target, ctx);
  Json templates = Json::array();
  for (const auto& f : flat) {
    Json t = Json::object();
    t["name"] = f.name;
    t["schedulingPolicy"] = gang_policy(f.min_count);
    if (Json c = scheduling_constraints(f.topology, ctx); !c.is_null()) t["schedulingConstraints"] = c;
    if (!priority.is_null()) t["priorityClassName"] = priority;
    templates.push_back(std::move(t));
  }
  // Each PodGroup's spec takes its members from its template before the templates move into the Workload.
  std::vector<Json> group_specs;
  for (size_t i = 0; i < flat.size(); ++i) {
    Json spec = Json::object();
    spec[reference.field] = reference.value(gang.name, flat[i].name);
    for (const char* key : {"schedulingPolicy", "schedulingConstraints", "priorityClassName"}) {
      if (templates[i].contains(key)) spec[key] = templates[i][key];
    }
    group_specs.push_back(std::move(spec));
  }
  std::vector<Json> out;
  Json workload = Json::object();
  workload["metadata"] = object_metadata(gang.name, gang.ns);
  workload["spec"]["controllerRef"] = workload_controller_ref(gang);
  workload["spec"]["podGroupTemplates"] = std::move(templates);
  out.push_back(
      ctx.templates.instantiate("default-scheduler/" + version + "/Workload.yaml", std::move(workload)));
  for (size_t i = 0; i < flat.size(); ++i) {
    Json computed = Json::object();
    computed["metadata"] = object_metadata(flat[i].pod_group_name, gang.ns);
    computed["spec"] = std::move(group_specs[i]);
    out.push_back(
        ctx.templates.instantiate("default-scheduler/" + version + "/PodGroup.yaml", std::move(computed)));
  }
  return out;
}

}  // namespace grovectl
