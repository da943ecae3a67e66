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

PodMembership scheduling_group_membership(const Gang& gang, const PodGroup& group) {
  PodMembership m;
  m.scheduler_name = "default-scheduler";
  m.spec_fields["schedulingGroup"]["podGroupName"] = group_object_name(gang, group);
  return m;
}

std::vector<Json> flat_workload_objects(const Gang& gang, const WorkloadTarget& target,
                                        const MappingContext& ctx, const std::string& version,
                                        const TemplateReference& reference) {
  Json priority = priority_class(gang, target, ctx);
  Json templates = Json::array();
  for (const auto& pg : gang.groups) {
    Json t = Json::object();
    t["name"] = pg.name;
    t["schedulingPolicy"] = gang_policy(pg.min_count);
    if (Json c = scheduling_constraints(pg.topology, ctx); !c.is_null()) t["schedulingConstraints"] = c;
    if (!priority.is_null()) t["priorityClassName"] = priority;
    templates.push_back(std::move(t));
  }
  // Each PodGroup's spec takes its members from its template before the templates move into the Workload.
  std::vector<Json> group_specs;
  for (size_t i = 0; i < gang.groups.size(); ++i) {
    Json spec = Json::object();
    spec[reference.field] = reference.value(gang.name, gang.groups[i].name);
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
  for (size_t i = 0; i < gang.groups.size(); ++i) {
    Json computed = Json::object();
    computed["metadata"] = object_metadata(group_object_name(gang, gang.groups[i]), gang.ns);
    computed["spec"] = std::move(group_specs[i]);
    out.push_back(
        ctx.templates.instantiate("default-scheduler/" + version + "/PodGroup.yaml", std::move(computed)));
  }
  return out;
}

}  // namespace grovectl
