// Koordinator PodGroups, scheduling.sigs.k8s.io/v1alpha1 (koordinator-sh/koordinator@v1.8.0
// config/crd/bases/scheduling.sigs.k8s.io_podgroups.yaml, apis/extension/coscheduling.go), mapped as
// GREP-537 says (ai-dynamo/grove PR #562 docs/proposals/537-koordinator-scheduler-backend/README.md, code
// shinedays/grove@2d2252c4), with the later correction (7df8909) that the CRD has no priorityClassName.
//
// Pod association: the label pod-group.scheduling.sigs.k8s.io (GREP-537) whenever "<gang>-<group>" fits
// in a label value (63). The label path initialises the gang only from the PodGroup CR, so it is safe
// although Grove creates pods before the PodGang (ai-dynamo/grove@fcc3b3bb
// operator/internal/controller/podcliqueset/components/podgang/syncflow.go); without the label,
// koord-scheduler first builds a one-member gang from the pod (koordinator-sh/koordinator@v1.8.0
// pkg/scheduler/plugins/coscheduling/core/gang_cache.go, gang.go). Longer names -- common,
// since the group name is already the PodClique FQN -- fall back to the annotation
// gang.scheduling.koordinator.sh/name (third in koord-scheduler's lookup order; what 7df8909 uses for every
// pod), with a warning about the pod-before-PodGroup risk of that path.
#include <fmt/format.h>

#include <map>
#include <set>

#include "backend/builders.hpp"
#include "backend/checks.hpp"
#include "backend/mappings.hpp"

namespace grovectl {
namespace {

constexpr const char* kPodGroupLabel = "pod-group.scheduling.sigs.k8s.io";
constexpr const char* kGangPrefix = "gang.scheduling.koordinator.sh/";
constexpr const char* kGangNameAnnotation = "gang.scheduling.koordinator.sh/name";

bool fits_label(const std::string& value) {
  return value.size() <= kDnsLabelMax;
}

// GREP-537 built-in key -> layer table; --koord-layer-map adds to and overrides it.
std::map<std::string, std::string> layer_map(const RenderOptions& options) {
  std::map<std::string, std::string> m = {{"kubernetes.io/hostname", "hostLayer"},
                                          {"topology.kubernetes.io/rack", "rackLayer"},
                                          {"topology.kubernetes.io/block", "blockLayer"}};
  for (const auto& [k, v] : options.koord_layer_map) m[k] = v;
  return m;
}

std::string find_layer(const std::map<std::string, std::string>& layers, const std::string& key) {
  auto it = layers.find(key);
  return it == layers.end() ? "" : it->second;
}

// The pod group's own constraint wins over the gang's (GREP-537 buildTopologyAnnotation).
std::optional<PackConstraint> effective_topology(const Gang& gang, const PodGroup& pg) {
  if (has_pack(pg.topology)) return pg.topology;
  if (has_pack(gang.topology)) return gang.topology;
  return std::nullopt;
}

// {"gatherStrategy":[required MustGather, preferred PreferGather]}; unmappable preferred keys are skipped.
std::string network_topology_spec(const PackConstraint& pack,
                                  const std::map<std::string, std::string>& layers) {
  Json rules = Json::array();
  if (std::string l = find_layer(layers, pack.required); !pack.required.empty() && !l.empty()) {
    rules.push_back(Json{{"layer", l}, {"strategy", "MustGather"}});
  }
  if (std::string l = find_layer(layers, pack.preferred); !pack.preferred.empty() && !l.empty()) {
    rules.push_back(Json{{"layer", l}, {"strategy", "PreferGather"}});
  }
  if (rules.empty()) return "";
  return Json{{"gatherStrategy", rules}}.dump();
}

bool mnnvl_requested(const StringMap& annotations) {
  auto g = annotations.find("grove.io/mnnvl-group");
  if (g != annotations.end() && g->second != "none") return true;
  auto a = annotations.find("grove.io/auto-mnnvl");
  return a != annotations.end() && a->second == "enabled";
}

// The source object or a pod template used by this gang asks for an MNNVL group.
std::string mnnvl_owner(const Gang& gang) {
  if (!gang.source) return "";
  if (mnnvl_requested(gang.source->annotations)) return gang.source->kind;
  for (const auto& t : gang.source->templates) {
    for (const auto& pg : gang.groups) {
      if (pg.template_name == t.name && mnnvl_requested(t.annotations)) return "template " + t.name;
    }
  }
  return "";
}

class KoordMapping final : public Mapping {
 public:
  MappingInfo info() const override {
    return {.backend = "koord-scheduler",
            .kube_minors = KubeVersion::supported_minors(),
            .hierarchy = "flat",
            .kinds = {"scheduling.sigs.k8s.io/v1alpha1 PodGroup"},
            .gates = {}};
  }

  void check(const Gang& gang, const MappingContext& ctx, Diagnostics& diags) const override {
    if (std::string owner = mnnvl_owner(gang); !owner.empty()) {
      refuse(gang, "capability/koord-mnnvl",
             fmt::format(
                 "{}: MNNVL (annotation grove.io/mnnvl-group on the {}) is not supported with the "
                 "koord-scheduler backend; use the kai-scheduler backend, or set the annotation to \"none\"",
                 gang_subject(gang), owner),
             diags);
    }
    for (const auto& cfg : gang.group_configs) {
      refuse(gang, "capability/koord-pcsg-topology",
             fmt::format(
                 "{}: scaling-group topology ({}) cannot be expressed by koord-scheduler PodGroups; remove "
                 "the topologyConstraint of the PodCliqueScalingGroup, or use kai-scheduler or "
                 "default-scheduler 1.37 --hierarchy composite",
                 gang_subject(gang), cfg.name),
             diags);
    }
    check_topology(gang, ctx, diags);
    for (const auto& pg : gang.groups) {
      std::string name = group_object_name(gang, pg);
      require_dns_subdomain(gang, "koord-scheduler PodGroup name", name, shorten_source_name(gang), diags);
      if (fits_label(name)) continue;
      diags.warning(
          "capability/koord-label-length",
          fmt::format("{}: PodGroup name {} is {} characters, too long for the pod label {} (63); pods "
                      "join with the annotation {} instead, on which koord-scheduler may keep a one-pod "
                      "gang for a pod it sees before its PodGroup (koordinator-sh/koordinator "
                      "pkg/scheduler/plugins/coscheduling/core/gang_cache.go; untested); shorten the "
                      "names to use the label",
                      gang_subject(gang), name, name.size(), kPodGroupLabel, kGangNameAnnotation),
          gang_location(gang));
    }
  }

  std::vector<Json> objects(const Gang& gang, const MappingContext& ctx, Diagnostics&) const override {
    Json groups = Json::array();
    for (const auto& pg : gang.groups) groups.push_back(gang.ns + "/" + group_object_name(gang, pg));
    auto layers = layer_map(ctx.options);
    std::vector<Json> out;
    for (const auto& pg : gang.groups) {
      StringMap annotations;
      annotations[std::string(kGangPrefix) + "groups"] = groups.dump();
      annotations[std::string(kGangPrefix) + "mode"] = "Strict";
      annotations[std::string(kGangPrefix) + "match-policy"] = "once-satisfied";
      if (pg.pod_count > 0 && pg.pod_count >= pg.min_count) {
        annotations[std::string(kGangPrefix) + "total-number"] = std::to_string(pg.pod_count);
      }
      if (auto topo = effective_topology(gang, pg)) {
        if (std::string spec = network_topology_spec(*topo, layers); !spec.empty()) {
          annotations[std::string(kGangPrefix) + "network-topology-spec"] = spec;
        }
      }
      Json computed = Json::object();
      computed["metadata"] = object_metadata(group_object_name(gang, pg), gang.ns,
                                             {{"grove.io/podgang", gang.name}}, annotations);
      computed["spec"] = Json{{"minMember", pg.min_count}};
      out.push_back(ctx.templates.instantiate("koord-scheduler/v1alpha1/PodGroup.yaml", std::move(computed)));
    }
    return out;
  }

  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    PodMembership m;
    m.scheduler_name = "koord-scheduler";
    std::string name = group_object_name(gang, group);
    if (fits_label(name)) {
      m.labels[kPodGroupLabel] = name;
    } else {
      m.annotations[kGangNameAnnotation] = name;
    }
    return m;
  }

 private:
  static void check_topology(const Gang& gang, const MappingContext& ctx, Diagnostics& diags) {
    auto layers = layer_map(ctx.options);
    std::set<std::string> specs;
    for (const auto& pg : gang.groups) {
      auto topo = effective_topology(gang, pg);
      if (!topo) {
        specs.insert("");
        continue;
      }
      if (!topo->required.empty() && find_layer(layers, topo->required).empty()) {
        refuse(
            gang, "capability/koord-topology-layer",
            fmt::format("{}: required topology key \"{}\" of pod group {} has no Koordinator layer; add "
                        "--koord-layer-map {}=<layer> naming a topologyLayer of the ClusterNetworkTopology "
                        "\"default\"",
                        gang_subject(gang), topo->required, pg.name, topo->required),
            diags);
      }
      if (!topo->preferred.empty() && find_layer(layers, topo->preferred).empty()) {
        diags.warning(
            "capability/koord-topology-layer",
            fmt::format("{}: preferred topology key \"{}\" of pod group {} has no Koordinator layer and is "
                        "skipped, as GREP-537 does; add --koord-layer-map {}=<layer> to keep it",
                        gang_subject(gang), topo->preferred, pg.name, topo->preferred),
            gang_location(gang));
      }
      specs.insert(network_topology_spec(*topo, layers));
    }
    if (specs.size() > 1) {
      diags.warning(
          "capability/koord-divergent-topology",
          fmt::format("{}: pod groups carry different network-topology-spec annotations; koord-scheduler "
                      "uses the spec of whichever pod it sees first for the whole GangGroup",
                      gang_subject(gang)),
          gang_location(gang));
    }
  }
};

}  // namespace

const Mapping& koord_v1alpha1_mapping() {
  static const KoordMapping mapping;
  return mapping;
}

}  // namespace grovectl
