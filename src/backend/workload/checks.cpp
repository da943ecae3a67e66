#include "backend/workload/checks.hpp"

#include <fmt/format.h>

#include <set>

#include "backend/checks.hpp"
#include "backend/input_place.hpp"
#include "model/feature_gates.hpp"

namespace grovectl {
namespace {

void check_pack(const Gang& gang, const std::string& where, const std::optional<PackConstraint>& pack,
                const WorkloadTarget& target, const MappingContext& ctx, Diagnostics& diags) {
  if (!has_pack(pack)) return;
  const std::string version = ctx.options.kube_version.text();
  if (!target.has_topology) {
    refuse(gang, "capability/workload-topology",
           fmt::format(
               "{}: {} has a topology constraint, but the Kubernetes {} Workload API ({}) has no topology "
               "field; use --kube-version 1.36 or 1.37 with --feature-gates {}=true, or kai-scheduler",
               gang_subject(gang), where, version, target.api, kTopologyGate),
           diags);
    return;
  }
  if (!topology_gate_on(ctx)) {
    refuse(gang, "capability/topology-gate",
           fmt::format(
               "{}: {} has a topology constraint, which needs the feature gate {} (off on Kubernetes {}); "
               "pass --feature-gates {}=true if the cluster enables it, or remove the constraint",
               gang_subject(gang), where, kTopologyGate, version, kTopologyGate),
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
  for (const auto& pg : gang.groups) {
    if (has_pack(pg.topology)) check_pack(gang, "pod group " + pg.name, pg.topology, target, ctx, diags);
  }
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
    if (has_pack(cfg.topology))
      check_pack(gang, "scaling group " + cfg.name, cfg.topology, target, ctx, diags);
  }
}

void check_priority(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                    Diagnostics& diags) {
  if (gang.priority_class_name.empty() || !target.priority_gated ||
      ctx.options.gates.enabled(kPreemptionGate))
    return;
  refuse(
      gang, "capability/priority-gate",
      fmt::format("{}: priorityClassName {} on {} Workload templates and PodGroups needs the feature gate {} "
                  "(off); pass --feature-gates {}=true if the cluster enables it, or remove "
                  "spec.template.priorityClassName",
                  gang_subject(gang), gang.priority_class_name, target.api, kPreemptionGate, kPreemptionGate),
      diags);
}

std::string described_class(const std::string& priority_class_name) {
  return priority_class_name.empty() ? "no priorityClassName"
                                     : "priorityClassName \"" + priority_class_name + "\"";
}

// Kubernetes 1.37: API validation requires one priorityClassName on all templates of a Workload
// (validateWorkloadPriority, kubernetes/kubernetes pkg/apis/scheduling/validation/validation.go), and
// kube-scheduler refuses a pod group whose pods' priority differs from the group's (PR #139920). The groups
// carry the gang's class (the PodGang's, from the template's priorityClassName: Grove's podgang.go); the pods
// keep their own (Grove's pod.go), so every pod template whose class differs is refused, naming both places.
void check_pod_priorities(const Gang& gang, const WorkloadTarget& target, Diagnostics& diags) {
  if (!target.uniform_priority || !gang.source) return;
  std::set<std::string> reported;
  for (const auto& pg : gang.groups) {
    const TemplateMeta* t = gang.source->template_named(pg.template_name);
    if (!t || t->priority_class_name == gang.priority_class_name || !reported.insert(t->name).second)
      continue;
    diags.error(
        "capability/priority-mismatch",
        fmt::format("{}: the pods of {} have {} ({} at {}), but their {} PodGroup gets {} ({} at {}); "
                    "Kubernetes 1.37 requires one priorityClassName for all templates of a Workload, and "
                    "kube-scheduler refuses pods whose priority differs from their PodGroup's (kubernetes "
                    "PR #139920); give both the same priorityClassName",
                    gang_subject(gang), t->name, described_class(t->priority_class_name),
                    field_path_of(t->priority_place), format_location(location_of(t->priority_place)),
                    target.api, described_class(gang.priority_class_name), field_path_of(gang.priority_place),
                    format_location(location_of(gang.priority_place))),
        location_of(t->priority_place), field_path_of(t->priority_place));
  }
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
  check_pod_priorities(gang, target, diags);
  require_positive_min_counts(gang, "the " + target.api + " Workload API (gang.minCount)", diags);
  require_dns_subdomain(gang, "Workload name", gang.name, shorten_source_name(gang), diags);
}

void check_template_count(const Gang& gang, const std::string& list, size_t count, const std::string& way_out,
                          Diagnostics& diags) {
  if (count <= kWorkloadMaxTemplates) return;
  refuse(gang, "capability/template-count",
         fmt::format("{}: {} would have {} entries, over the Workload API limit of {}; {}",
                     gang_subject(gang), list, count, kWorkloadMaxTemplates, way_out),
         diags);
}

void require_template_name(const Gang& gang, const std::string& name, const std::string& way_out,
                           Diagnostics& diags) {
  require_dns_label(gang, "pod group template name", name, way_out, diags);
}

void check_flat_templates(const Gang& gang, const std::string& list,
                          const std::vector<FlatTemplate>& templates, Diagnostics& diags) {
  // The one template of a gang admitted whole is named after the gang, the others after their pod group.
  if (gang.one_group_on_flat_workload) {
    for (const auto& t : templates) require_template_name(gang, t.name, shorten_source_name(gang), diags);
  } else {
    // One template per pod group (flat_templates), refused at the part of its name that makes it long.
    for (const auto& pg : gang.groups) require_group_name_label(gang, pg, "pod group template name", diags);
  }
  check_template_count(gang, list, templates.size(),
                       "use kai-scheduler, volcano or koord-scheduler, or split the " + source_kind(gang),
                       diags);
}

void check_flat_workload(const Gang& gang, const WorkloadTarget& target, const MappingContext& ctx,
                         Diagnostics& diags) {
  check_workload_gang(gang, target, ctx, diags);
  const std::vector<FlatTemplate> templates = flat_templates(gang);
  check_flat_templates(gang, "Workload spec.podGroupTemplates", templates, diags);
  for (const auto& t : templates) {
    require_dns_subdomain(gang, "PodGroup name", t.pod_group_name, shorten_source_name(gang), diags);
  }
}

}  // namespace grovectl
