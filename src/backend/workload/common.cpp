#include "backend/workload/common.hpp"

#include <fmt/format.h>

#include "backend/builders.hpp"
#include "backend/checks.hpp"
#include "model/feature_gates.hpp"

namespace grovectl {
namespace {

constexpr const char* kTas = "TopologyAwareWorkloadScheduling";
constexpr const char* kWap = "WorkloadAwarePreemption";

bool tas_on(const MappingContext& ctx) {
  return ctx.options.gates.enabled(kTas);
}

void check_pack(const Gang& gang, const std::string& where, const std::optional<PackConstraint>& pack,
                const WorkloadTarget& target, const MappingContext& ctx, Diagnostics& diags) {
  if (!has_pack(pack)) return;
  const std::string version = ctx.options.kube_version.text();
  if (!target.has_topology) {
    refuse(gang, "capability/workload-topology",
           fmt::format(
               "{}: {} has a topology constraint, but the Kubernetes {} Workload API ({}) has no topology "
               "field; use --kube-version 1.36 or 1.37 with --feature-gates {}=true, or kai-scheduler",
               gang_subject(gang), where, version, target.api, kTas),
           diags);
    return;
  }
  if (!tas_on(ctx)) {
    refuse(gang, "capability/topology-gate",
           fmt::format(
               "{}: {} has a topology constraint, which needs the feature gate {} (off on Kubernetes {}); "
               "pass --feature-gates {}=true if the cluster enables it, or remove the constraint",
               gang_subject(gang), where, kTas, version, kTas),
           diags);
    return;
  }
  if (pack->required.empty()) {
    refuse(
        gang, "capability/preferred-topology",
        fmt::format("{}: {} has only a preferred topology key ({}); the Workload API has no preferred form "
                    "(schedulingConstraints.topology[].key is always required); make it required, or use "
                    "kai-scheduler or koord-scheduler",
                    gang_subject(gang), where, pack->preferred),
        diags);
  } else if (!pack->preferred.empty()) {
    diags.warning("capability/preferred-topology",
                  fmt::format("{}: the preferred topology key {} of {} is dropped; the Workload API has no "
                              "preferred form",
                              gang_subject(gang), pack->preferred, where),
                  gang_location(gang));
  }
}

void check_topology(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                    Diagnostics& diags) {
  for (const auto& pg : gang.groups)
    check_pack(gang, "pod group " + pg.name, pg.topology, target, ctx, diags);
  bool above_groups = has_pack(gang.topology);
  for (const auto& cfg : gang.group_configs) above_groups = above_groups || has_pack(cfg.topology);
  if (above_groups && target.has_topology && !target.composite) {
    refuse(gang, "capability/workload-gang-topology",
           fmt::format(
               "{}: a topology constraint on the whole gang or on a scaling group cannot be expressed by "
               "flat {} PodGroups (each PodGroup is placed on its own); use --kube-version 1.37 "
               "--hierarchy composite, or kai-scheduler",
               gang_subject(gang), target.api),
           diags);
    return;
  }
  check_pack(gang, "the gang", gang.topology, target, ctx, diags);
  for (const auto& cfg : gang.group_configs) {
    check_pack(gang, "scaling group " + cfg.name, cfg.topology, target, ctx, diags);
  }
}

void check_priority(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                    Diagnostics& diags) {
  if (gang.priority_class_name.empty() || !target.priority_gated || ctx.options.gates.enabled(kWap)) return;
  refuse(
      gang, "capability/priority-gate",
      fmt::format("{}: priorityClassName {} on {} Workload templates and PodGroups needs the feature gate {} "
                  "(off); pass --feature-gates {}=true if the cluster enables it, or remove "
                  "spec.template.priorityClassName",
                  gang_subject(gang), gang.priority_class_name, target.api, kWap, kWap),
      diags);
}

}  // namespace

void check_implied_gates(const Gang& gang, const MappingContext& ctx, Diagnostics& diags) {
  for (const char* gate : {"GenericWorkload", "GangScheduling"}) {
    if (!gate_exists(gate, ctx.options.kube_version) || !ctx.options.gates.explicitly_disabled(gate))
      continue;
    refuse(
        gang, "capability/workload-gate",
        fmt::format("{}: default-scheduler gang scheduling on Kubernetes {} needs the feature gate {}, which "
                    "--feature-gates sets to false; enable it, or use another backend",
                    gang_subject(gang), ctx.options.kube_version.text(), gate),
        diags);
  }
}

void check_workload_gang(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                         Diagnostics& diags) {
  check_implied_gates(gang, ctx, diags);
  check_topology(gang, target, ctx, diags);
  check_priority(gang, target, ctx, diags);
  require_positive_min_counts(gang, fmt::format("the {} Workload API (gang.minCount)", target.api), diags);
  require_dns_subdomain(gang, "Workload name", gang.name, shorten_source_name(gang), diags);
  for (const auto& pg : gang.groups) {
    require_dns_label(gang, "pod group template name", pg.name, shorten_group_names(gang), diags);
  }
}

void check_template_count(const Gang& gang, const std::string& list, size_t count, const std::string& way_out,
                          Diagnostics& diags) {
  if (count <= kWorkloadMaxTemplates) return;
  refuse(gang, "capability/template-count",
         fmt::format("{}: {} would have {} entries, over the Workload API limit of {}; {}",
                     gang_subject(gang), list, count, kWorkloadMaxTemplates, way_out),
         diags);
}

Json gang_policy(int32_t min_count) {
  return Json{{"gang", Json{{"minCount", min_count}}}};
}

Json scheduling_constraints(const std::optional<PackConstraint>& pack, const MappingContext& ctx) {
  if (!has_pack(pack) || pack->required.empty() || !tas_on(ctx)) return Json(nullptr);
  return Json{{"topology", Json::array({Json{{"key", pack->required}}})}};
}

Json workload_controller_ref(const Gang& gang) {
  if (!gang.source || gang.source->kind != "JobSet") return Json(nullptr);
  const std::string& api_version = gang.source->api_version;
  return Json{{"apiGroup", api_version.substr(0, api_version.find('/'))},
              {"kind", gang.source->kind},
              {"name", gang.source->name}};
}

Json priority_class(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx) {
  if (gang.priority_class_name.empty() || !target.has_priority) return Json(nullptr);
  if (target.priority_gated && !ctx.options.gates.enabled(kWap)) return Json(nullptr);
  return gang.priority_class_name;
}

PodMembership scheduling_group_membership(const Gang& gang, const PodGroup& group) {
  PodMembership m;
  m.scheduler_name = "default-scheduler";
  m.spec_fields["schedulingGroup"] = Json{{"podGroupName", group_object_name(gang, group)}};
  return m;
}

void check_flat_workload(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                         Diagnostics& diags) {
  check_workload_gang(gang, target, ctx, diags);
  check_template_count(
      gang, "Workload spec.podGroupTemplates", gang.groups.size(),
      fmt::format("use kai-scheduler, volcano or koord-scheduler, or split the {}", source_kind(gang)),
      diags);
  for (const auto& pg : gang.groups) {
    require_dns_subdomain(gang, "PodGroup name", group_object_name(gang, pg), shorten_source_name(gang),
                          diags);
  }
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
  std::vector<Json> out;
  Json workload = Json::object();
  workload["metadata"] = object_metadata(gang.name, gang.ns);
  workload["spec"] = Json{{"controllerRef", workload_controller_ref(gang)}, {"podGroupTemplates", templates}};
  out.push_back(ctx.templates.instantiate("default-scheduler/" + version + "/Workload.yaml", workload));
  for (size_t i = 0; i < gang.groups.size(); ++i) {
    const auto& pg = gang.groups[i];
    Json spec = Json::object();
    spec[reference.field] = reference.value(gang.name, pg.name);
    for (const char* key : {"schedulingPolicy", "schedulingConstraints", "priorityClassName"}) {
      if (templates[i].contains(key)) spec[key] = templates[i][key];
    }
    Json computed = Json::object();
    computed["metadata"] = object_metadata(group_object_name(gang, pg), gang.ns);
    computed["spec"] = std::move(spec);
    out.push_back(ctx.templates.instantiate("default-scheduler/" + version + "/PodGroup.yaml", computed));
  }
  return out;
}

}  // namespace grovectl
