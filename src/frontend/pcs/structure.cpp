#include "frontend/pcs/structure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "core/text_excerpt.hpp"
#include "frontend/expansion_size.hpp"

namespace grovectl {
namespace {

Location where(const PodCliqueSet& pcs, const std::string& pointer) {
  return pcs.doc ? pcs.doc->locate(pointer) : Location{};
}

bool check_clique_names(const PodCliqueSet& pcs, Diagnostics& diags) {
  bool ok = true;
  for (const auto& g : pcs.scaling_groups) {
    for (size_t j = 0; j < g.clique_names.size(); ++j) {
      if (pcs.clique(g.clique_names[j])) continue;
      std::string pointer = pointer_append(g.pointer + "/cliqueNames", j);
      diags.error("render/unknown-clique",
                  fmt::format("podCliqueScalingGroup \"{}\" lists clique \"{}\", which is not among "
                              "spec.template.cliques; the operator cannot expand it",
                              g.name, g.clique_names[j]),
                  where(pcs, pointer), pointer_to_field_path(pointer));
      ok = false;
    }
  }
  return ok;
}

// Where a count was written, for the refusal.
struct Factor {
  long double value = 0;
  Location where;
  std::string field;
};

// The largest live replica count of each PodCliqueScalingGroup of this PCS (named `<pcs>-<r>-<group>`),
// with where it was written: one pass over the overrides, not one per scaling group.
std::unordered_map<std::string, Factor> live_group_replicas(
    const PodCliqueSet& pcs, const std::vector<const ReplicaOverride*>& overrides) {
  std::unordered_map<std::string, Factor> most;
  const std::string prefix = pcs.name + "-";
  for (const auto* o : overrides) {
    if (o->kind != "PodCliqueScalingGroup" || !o->name.starts_with(prefix)) continue;
    size_t digits_end = o->name.find_first_not_of("0123456789", prefix.size());
    if (digits_end == prefix.size() || digits_end == std::string::npos || o->name[digits_end] != '-')
      continue;
    Factor& f = most[o->name.substr(digits_end + 1)];
    if (o->replicas > f.value) {
      f = {static_cast<long double>(o->replicas), o->doc ? o->doc->locate("/spec/replicas") : Location{},
           "spec.replicas"};
    }
  }
  return most;
}

// Rough sizes of what expanding keeps and writes besides those of frontend/expansion_size.hpp: a pod group
// with its pod labels, and a pod name.
constexpr long double kGroupBytes = 600;
constexpr long double kPodNameBytes = 64;

// The estimate, and the field that multiplies the expansion most: where a refusal points.
struct PcsEstimate {
  ExpansionEstimate counts;
  Factor largest;
};

PcsEstimate estimate_expansion(const PodCliqueSet& pcs, const std::vector<const ReplicaOverride*>& overrides,
                               bool with_pods, bool gang_maps) {
  PcsEstimate out;
  const long double replicas = std::max(0, pcs.replicas);
  out.largest = {replicas, where(pcs, "/spec/replicas"), "spec.replicas"};
  auto consider = [&](long double value, Location at, std::string field) {
    if (value > out.largest.value) out.largest = {value, std::move(at), std::move(field)};
  };
  const long double pcs_meta = expansion_size::metadata_bytes(pcs.labels, pcs.annotations);
  long double gangs = 1, groups = 0, pods = 0, group_bytes = 0, pod_bytes = 0;  // per PCS replica
  auto add_clique = [&](const CliqueTemplate& c, long double instances) {
    const long double clique_pods = std::max(0, c.replicas);
    groups += instances;
    pods += instances * clique_pods;
    group_bytes += instances * (kGroupBytes + expansion_size::metadata_bytes(c.labels, c.annotations));
    pod_bytes +=
        instances * clique_pods *
        (expansion_size::kObject + pcs_meta + expansion_size::metadata_bytes(c.labels, c.annotations));
    consider(clique_pods, where(pcs, c.pointer + "/spec/replicas"),
             pointer_to_field_path(c.pointer + "/spec/replicas"));
  };
  for (const auto& c : pcs.cliques) {
    if (!pcs.group_of(c.name)) add_clique(c, 1);
  }
  const auto live = live_group_replicas(pcs, overrides);
  for (const auto& g : pcs.scaling_groups) {
    Factor declared{static_cast<long double>(*g.replicas), where(pcs, g.pointer + "/replicas"),
                    pointer_to_field_path(g.pointer + "/replicas")};
    auto it = live.find(g.name);
    const Factor& f = it != live.end() && it->second.value > declared.value ? it->second : declared;
    const long double group_replicas = std::max<long double>(0, f.value);
    gangs += std::max<long double>(0, group_replicas - *g.min_available);
    consider(group_replicas, f.where, f.field);
    for (const auto& cn : g.clique_names) {
      if (const auto* c = pcs.clique(cn))
        add_clique(*c, std::max<long double>(group_replicas, *g.min_available));
    }
  }
  ExpansionEstimate& e = out.counts;
  e.gangs = replicas * gangs;
  e.pods = replicas * pods;
  for (const auto* o : overrides) {
    if (o->kind == "PodClique" && o->name.starts_with(pcs.name + "-")) e.pods += std::max(0, o->replicas);
  }
  // Per gang a PodGang and a backend object; per replica a PodGangMap with epoch names.
  e.objects = e.gangs * 2 + replicas * groups + (with_pods ? e.pods : 0) + (gang_maps ? replicas : 0);
  e.bytes =
      expansion_size::kMetadataCopies * pcs_meta + e.gangs * 2 * (expansion_size::kObject + pcs_meta) +
      replicas * group_bytes + e.pods * kPodNameBytes + (with_pods ? replicas * pod_bytes : 0) +
      (gang_maps ? replicas * (expansion_size::kObject + expansion_size::kMetadataEntry * (groups + 4)) : 0);
  const long double entries = pcs.labels.size() + pcs.annotations.size();
  consider(
      entries,
      where(pcs, pcs.labels.size() >= pcs.annotations.size() ? "/metadata/labels" : "/metadata/annotations"),
      pcs.labels.size() >= pcs.annotations.size() ? "metadata.labels" : "metadata.annotations");
  return out;
}

bool check_size(const PodCliqueSet& pcs, const std::vector<const ReplicaOverride*>& overrides,
                const RenderOptions& options, RenderBudget& budget, Diagnostics& diags) {
  const bool with_pods = options.include && options.include->count(IncludeKind::kPods) > 0;
  const bool gang_maps = options.grove_version->naming == GangNaming::kEpoch;
  PcsEstimate estimate = estimate_expansion(pcs, overrides, with_pods, gang_maps);
  const BudgetTaker taker{"PodCliqueSet", pcs.ns.empty() ? pcs.name : pcs.ns + "/" + pcs.name,
                          where(pcs, "")};
  const RenderBudget::Fit fit = budget.take(estimate.counts, taker);
  if (fit != RenderBudget::Fit::kOverAlone) return fit == RenderBudget::Fit::kTaken;
  diags.error("render/too-large",
              fmt::format("PodCliqueSet {} would expand to {}; {} (the largest factor is {}: {:.0f})",
                          excerpt(pcs.name), describe(estimate.counts), budget.limits().text,
                          estimate.largest.field, static_cast<double>(estimate.largest.value)),
              estimate.largest.where, estimate.largest.field);
  return false;
}

}  // namespace

bool check_pcs_structure(const PodCliqueSet& pcs, const std::vector<const ReplicaOverride*>& overrides,
                         const RenderOptions& options, RenderBudget& budget, Diagnostics& diags) {
  bool names_ok = check_clique_names(pcs, diags);
  return names_ok && check_size(pcs, overrides, options, budget, diags);
}

}  // namespace grovectl
