#include "frontend/pcs/expand.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "frontend/pcs/gang_map_plan.hpp"
#include "frontend/pcs/topology.hpp"

namespace grovectl {
namespace {

constexpr const char* kGrovePrefix = "grove.io/";

StringMap without_grove_keys(const StringMap& in) {
  StringMap out;
  for (const auto& [k, v] : in) {
    if (!k.starts_with(kGrovePrefix)) out[k] = v;
  }
  return out;
}

// The scaling-group replica a PodClique belongs to; none for a standalone clique.
struct GroupReplica {
  const ScalingGroupConfig* group = nullptr;
  int32_t index = 0;  // k, the PodCliqueScalingGroup replica
};
const GroupReplica kStandalone{};

InputPlace input_place(const PodCliqueSet& pcs, const std::string& pointer) {
  return {.doc = pcs.doc, .pointer = pointer};
}

class Expander {
 public:
  explicit Expander(const PcsExpandInput& in) : in_(in), pcs_(*in.pcs), tas_(in.topology) {
    for (const auto* o : in_.overrides) overrides_[override_key(o->kind, o->name)].push_back(o);
  }

  std::vector<Gang> run(Diagnostics& diags) const {
    std::vector<Gang> gangs =
        in_.grove_version->naming == GangNaming::kEpoch ? epoch_gangs() : legacy_gangs();
    for (auto& gang : gangs) finish_metadata(gang);
    if (in_.grove_version->long_names == LongPodGangNames::kUnusable) check_name_lengths(gangs, diags);
    return gangs;
  }

  // One PodGangMap per replica, with the entries its gangs come from.
  std::vector<GangMap> gang_maps() const {
    std::vector<GangMap> maps;
    if (in_.grove_version->naming != GangNaming::kEpoch) return maps;
    for (int32_t r = 0; r < pcs_.replicas; ++r) {
      GangMap m;
      m.name = podgang_map_name(pcs_.name, r);
      m.ns = pcs_.ns;
      m.replica = r;
      m.labels = {{"app.kubernetes.io/component", "pcs-podgangmap"},
                  {"app.kubernetes.io/managed-by", "grove-operator"},
                  {"app.kubernetes.io/name", m.name},
                  {"app.kubernetes.io/part-of", pcs_.name},
                  {"grove.io/podcliqueset-replica-index", std::to_string(r)}};
      if (!pcs_.uid.empty()) m.owner = owner();
      m.entries = entries(r);
      maps.push_back(std::move(m));
    }
    return maps;
  }

 private:
  InputPlace place(const std::string& pointer) const { return input_place(pcs_, pointer); }

  std::string prefix(int32_t r) const { return fmt::format("{}-{}", pcs_.name, r); }

  OwnerReference owner() const {
    return OwnerReference{"grove.io/v1alpha1", "PodCliqueSet", pcs_.name, pcs_.uid};
  }

  Gang new_gang(const std::string& name, GangIdentity id) const {
    Gang g;
    g.name = name;
    g.ns = pcs_.ns;
    g.priority_class_name = pcs_.priority_class_name;
    g.priority_place = place("/spec/template/priorityClassName");
    if (!source_) source_ = podcliqueset_gang_source(pcs_);
    g.source = source_;
    if (!pcs_.uid.empty()) g.owner = owner();
    g.identity = std::move(id);
    return g;
  }

  // The identity of a gang of replica `r` (GangIdentity): of scaling-group replica `k` of `group` when given.
  GangIdentity identity(int32_t r, GangRole role, const std::string& epoch = "",
                        const ScalingGroupConfig* group = nullptr, int32_t k = -1) const {
    GangIdentity id;
    id.pcs = pcs_.name;
    id.replica = r;
    id.role = role;
    id.epoch = epoch;
    if (group) id.scaling_group = group->name;
    id.group_index = k;
    return id;
  }

  static std::string override_key(const std::string& kind, const std::string& name) {
    return kind + '\0' + name;
  }

  int32_t live_replicas(const std::string& kind, const std::string& name, int32_t fallback) const {
    auto it = overrides_.find(override_key(kind, name));
    if (it == overrides_.end()) return fallback;
    for (const auto* o : it->second) {
      if (o->ns.empty() || o->ns == pcs_.ns) return o->replicas;
    }
    return fallback;
  }

  // One pod group for clique `c` whose PodClique is `fqn`, in gang `gang_name`.
  PodGroup pod_group(const CliqueTemplate& c, const std::string& fqn, const std::string& gang_name, int32_t r,
                     const GroupReplica& in) const {
    PodGroup pg;
    pg.name = fqn;
    pg.min_count = c.min_available.value_or(c.replicas);
    pg.pod_count = live_replicas("PodClique", fqn, c.replicas);
    pg.topology = tas_.translate(c.topology);
    pg.template_name = c.name;
    for (int32_t i = 0; i < pg.pod_count; ++i) pg.pod_names.push_back(fmt::format("{}-{}", fqn, i));
    pg.pod_labels = c.labels;
    pg.pod_labels["app.kubernetes.io/managed-by"] = "grove-operator";
    pg.pod_labels["app.kubernetes.io/part-of"] = pcs_.name;
    pg.pod_labels["app.kubernetes.io/name"] = fqn;
    pg.pod_labels["app.kubernetes.io/component"] = in.group ? "pcsg-podclique" : "pcs-podclique";
    pg.pod_labels["grove.io/podcliqueset-replica-index"] = std::to_string(r);
    pg.pod_labels["grove.io/podgang"] = gang_name;
    pg.pod_labels["grove.io/podclique"] = fqn;
    if (in.group) {
      pg.pod_labels["grove.io/podcliquescalinggroup"] = fmt::format("{}-{}", prefix(r), in.group->name);
      pg.pod_labels["grove.io/podcliquescalinggroup-replica-index"] = std::to_string(in.index);
      // Legacy naming only: PR #778 no longer sets it (and its migration removes it).
      if (in_.grove_version->naming == GangNaming::kLegacy && gang_name != prefix(r))
        pg.pod_labels["grove.io/base-podgang"] = prefix(r);
    }
    return pg;
  }

  // The pod groups of scaling-group replica k of `g` in `gang`, and its topologyConstraintGroupConfig.
  GroupConfig add_group_replica(Gang& gang, int32_t r, const ScalingGroupConfig& g, int32_t k) const {
    GroupConfig cfg{.name = fmt::format("{}-{}-{}", prefix(r), g.name, k),
                    .members = {},
                    .topology = tas_.translate(g.topology)};
    for (const auto& cn : g.clique_names) {
      const CliqueTemplate* c = pcs_.clique(cn);
      if (!c) continue;  // reported by validation; the operator cannot expand it either
      std::string fqn = fmt::format("{}-{}-{}-{}", prefix(r), g.name, k, cn);
      gang.groups.push_back(pod_group(*c, fqn, gang.name, r, GroupReplica{&g, k}));
      cfg.members.push_back(fqn);
    }
    return cfg;
  }

  // Legacy naming (ai-dynamo/grove podgang/syncflow.go computeExpectedPodGangs at fcc3b3bb): all base gangs,
  // then per replica and scaling group the scaled gangs.
  std::vector<Gang> legacy_gangs() const {
    std::vector<Gang> gangs;
    for (int32_t r = 0; r < pcs_.replicas; ++r) gangs.push_back(base_gang(r));
    for (int32_t r = 0; r < pcs_.replicas; ++r) {
      for (const auto& g : pcs_.scaling_groups) append_scaled_gangs(r, g, gangs);
    }
    return gangs;
  }

  Gang base_gang(int32_t r) const {
    Gang gang = new_gang(prefix(r), identity(r, GangRole::kLegacyBase));
    gang.topology = tas_.translate(pcs_.topology);
    for (const auto& c : pcs_.cliques) {
      if (pcs_.group_of(c.name)) continue;
      gang.groups.push_back(pod_group(c, fmt::format("{}-{}", prefix(r), c.name), gang.name, r, kStandalone));
    }
    for (const auto& g : pcs_.scaling_groups) {
      for (int32_t k = 0; k < *g.min_available; ++k) {
        GroupConfig cfg = add_group_replica(gang, r, g, k);
        if (tas_.enabled() && g.topology) gang.group_configs.push_back(cfg);
      }
    }
    return gang;
  }

  void append_scaled_gangs(int32_t r, const ScalingGroupConfig& g, std::vector<Gang>& gangs) const {
    std::string pcsg_fqn = fmt::format("{}-{}", prefix(r), g.name);
    int32_t replicas = live_replicas("PodCliqueScalingGroup", pcsg_fqn, *g.replicas);
    for (int32_t j = 0; j < replicas - *g.min_available; ++j) {
      int32_t k = *g.min_available + j;
      Gang gang =
          new_gang(fmt::format("{}-{}", pcsg_fqn, j), identity(r, GangRole::kLegacyScaled, "", &g, k));
      gang.scaled = true;
      gang.topology = g.topology ? tas_.translate(g.topology) : tas_.translate(pcs_.topology);
      for (const auto& cn : g.clique_names) {
        const CliqueTemplate* c = pcs_.clique(cn);
        if (!c) continue;
        gang.groups.push_back(
            pod_group(*c, fmt::format("{}-{}-{}", pcsg_fqn, k, cn), gang.name, r, GroupReplica{&g, k}));
      }
      gangs.push_back(std::move(gang));
    }
  }

  // Epoch naming (PR #778, podgang/syncflow.go computeExpectedPodGangs): per replica, the PodGangs of each
  // PodGangMap entry in epoch order.
  std::vector<GangMapEntry> entries(int32_t r) const {
    LiveReplicas live;
    for (const auto& c : pcs_.cliques) {
      if (pcs_.group_of(c.name)) continue;
      const int32_t n = live_replicas("PodClique", fmt::format("{}-{}", prefix(r), c.name), c.replicas);
      if (n != c.replicas) live.standalone_cliques[c.name] = n;
    }
    for (const auto& g : pcs_.scaling_groups) {
      const int32_t n =
          live_replicas("PodCliqueScalingGroup", fmt::format("{}-{}", prefix(r), g.name), *g.replicas);
      if (n != *g.replicas) live.scaling_groups[g.name] = n;
    }
    return plan_gang_map_entries(pcs_, epochs_of(r), pcs_.generation_hash, live);
  }

  // Replica r's epochs: those a live cluster uses when diff adopted them, else --epoch's.
  ReplicaEpochs epochs_of(int32_t r) const {
    if (in_.adopted_epochs) {
      auto it = in_.adopted_epochs->find(EpochOwner{pcs_.ns, pcs_.name, r});
      if (it != in_.adopted_epochs->end()) return it->second;
    }
    return replica_epochs(in_.anchor_epoch, r);
  }

  std::vector<Gang> epoch_gangs() const {
    std::vector<Gang> gangs;
    for (int32_t r = 0; r < pcs_.replicas; ++r) {
      for (const auto& e : entries(r)) {
        if (e.role == GangRole::kAnchor) {
          gangs.push_back(anchor_gang(r, e));
        } else {
          append_non_anchor_gangs(r, e, gangs);
        }
      }
    }
    return gangs;
  }

  Gang anchor_gang(int32_t r, const GangMapEntry& e) const {
    const LongPodGangNames long_names = in_.grove_version->long_names;
    Gang gang = new_gang(anchor_podgang_name(pcs_.name, r, e.epoch, long_names),
                         identity(r, GangRole::kAnchor, e.epoch));
    gang.topology = tas_.translate(pcs_.topology);
    for (const auto& c : pcs_.cliques) {
      if (!e.pod_cliques.count(c.name)) continue;
      gang.groups.push_back(pod_group(c, fmt::format("{}-{}", prefix(r), c.name), gang.name, r, kStandalone));
    }
    for (const auto& g : pcs_.scaling_groups) {
      auto it = e.group_indices.find(g.name);
      if (it == e.group_indices.end()) continue;
      for (int32_t k : it->second) {
        GroupConfig cfg = add_group_replica(gang, r, g, k);
        if (cfg.topology) gang.group_configs.push_back(std::move(cfg));
      }
    }
    set_epoch_labels(gang, e);
    return gang;
  }

  // A Tail or ScaleOut entry: one PodGang per scaling-group replica it holds, under the PodCliqueSet's
  // constraint, the group's in its topologyConstraintGroupConfig (the anchor's layout).
  void append_non_anchor_gangs(int32_t r, const GangMapEntry& e, std::vector<Gang>& gangs) const {
    const LongPodGangNames long_names = in_.grove_version->long_names;
    for (const auto& g : pcs_.scaling_groups) {
      auto it = e.group_indices.find(g.name);
      if (it == e.group_indices.end()) continue;
      for (int32_t k : it->second) {
        Gang gang = new_gang(non_anchor_podgang_name(pcs_.name, r, e.epoch, g.name, k, long_names),
                             identity(r, e.role, e.epoch, &g, k));
        gang.scaled = true;
        gang.topology = tas_.translate(pcs_.topology);
        GroupConfig cfg = add_group_replica(gang, r, g, k);
        if (cfg.topology) gang.group_configs.push_back(std::move(cfg));
        set_epoch_labels(gang, e);
        gangs.push_back(std::move(gang));
      }
    }
  }

  // podgang.go buildLabels: the replica index, the generation hash, and the entry's epoch and role.
  void set_epoch_labels(Gang& gang, const GangMapEntry& e) const {
    gang.labels["grove.io/podcliqueset-replica-index"] = std::to_string(gang.identity.replica);
    gang.labels["grove.io/podcliqueset-generation-hash"] = e.generation_hash;
    gang.labels["grove.io/epoch"] = e.epoch;
    gang.labels["grove.io/podgang-role"] = gang_role_label(e.role);
  }

  static bool has_translated_constraint(const Gang& gang) {
    if (gang.topology) return true;
    for (const auto& cfg : gang.group_configs) {
      if (cfg.topology) return true;
    }
    for (const auto& pg : gang.groups) {
      if (pg.topology) return true;
    }
    return false;
  }

  // Mirrored PodCliqueSet metadata and the operator's labels, over what set_epoch_labels wrote.
  void finish_metadata(Gang& gang) const {
    StringMap operator_labels = std::move(gang.labels);
    gang.labels = without_grove_keys(pcs_.labels);
    gang.labels["app.kubernetes.io/managed-by"] = "grove-operator";
    gang.labels["app.kubernetes.io/part-of"] = pcs_.name;
    gang.labels["app.kubernetes.io/component"] = "podgang";
    gang.labels["grove.io/scheduler-name"] = in_.scheduler_name;
    for (auto& [k, v] : operator_labels) gang.labels[k] = std::move(v);
    gang.annotations = without_grove_keys(pcs_.annotations);
    if (tas_.enabled() && has_translated_constraint(gang)) {
      gang.annotations["grove.io/topology-name"] = first_explicit_topology_name(pcs_);
      gang.topology_name = first_explicit_topology_name(pcs_);
    }
  }

  // ai-dynamo/grove issue #874: before names were shortened, a PodGang name over 63 bytes made its pods'
  // grove.io/podgang label, and with it their PodCliques and pods, invalid.
  void check_name_lengths(const std::vector<Gang>& gangs, Diagnostics& diags) const {
    const Gang* first = nullptr;
    size_t more = 0;
    for (const auto& g : gangs) {
      if (g.name.size() <= kLabelValueMax) continue;
      if (first) {
        ++more;
      } else {
        first = &g;
      }
    }
    if (!first) return;
    std::string newest_shortening;
    for (const auto& v : GroveVersion::supported()) {
      if (v.long_names == LongPodGangNames::kShortened) newest_shortening = v.name;
    }
    diags.error(
        "render/podgang-name-too-long",
        fmt::format(
            "PodCliqueSet {}/{}: PodGang name \"{}\" is {} bytes, over the {}-byte limit of a label "
            "value{}: Grove {} puts it in the grove.io/podgang label of the PodGang's PodCliques and "
            "pods, which the API server refuses (ai-dynamo/grove issue #874); shorten the PodCliqueSet "
            "or scaling group name{}",
            pcs_.ns, pcs_.name, first->name, first->name.size(), kLabelValueMax,
            more ? fmt::format(" (and {} more PodGang name{})", more, more == 1 ? "" : "s") : "",
            in_.grove_version->name,
            newest_shortening.empty()
                ? ""
                : fmt::format(", or use --grove-version {}, which shortens such names", newest_shortening)),
        pcs_.doc ? pcs_.doc->locate("/metadata/name") : Location{}, "metadata.name");
  }

  const PcsExpandInput& in_;
  const PodCliqueSet& pcs_;
  TopologyTranslator tas_;
  mutable std::shared_ptr<const GangSource> source_;  // built with the first gang
  // Live overrides by kind and name (a linear search per pod group is quadratic for many of them).
  std::unordered_map<std::string, std::vector<const ReplicaOverride*>> overrides_;
};

}  // namespace

std::shared_ptr<const GangSource> podcliqueset_gang_source(const PodCliqueSet& pcs) {
  auto s = std::make_shared<GangSource>();
  s->api_version = "grove.io/v1alpha1";
  s->kind = "PodCliqueSet";
  s->name = pcs.name;
  s->ns = pcs.ns;
  s->labels = pcs.labels;
  s->annotations = pcs.annotations;
  for (const auto& c : pcs.cliques) {
    s->templates.push_back(
        {.name = c.name,
         .labels = c.labels,
         .annotations = c.annotations,
         .metadata_pointer = c.pointer,
         .priority_class_name = c.priority_class_name,
         .priority_place = input_place(pcs, c.pointer + "/spec/podSpec/priorityClassName"),
         .name_place = input_place(pcs, c.pointer + "/name")});
  }
  if (pcs.doc) s->location = pcs.doc->locate();
  s->doc = pcs.doc;
  s->first_topology_constraint = first_topology_constraint(pcs);
  s->group_label_key = "grove.io/podclique";
  s->index_templates();
  return s;
}

std::vector<Gang> expand_podcliqueset(const PcsExpandInput& input, Diagnostics& diags) {
  return Expander(input).run(diags);
}

std::vector<GangMap> podcliqueset_gang_maps(const PcsExpandInput& input) {
  return Expander(input).gang_maps();
}

TopologySelection select_topology_binding(const PodCliqueSet& pcs,
                                          const std::vector<const ClusterTopologyBinding*>& bindings,
                                          Diagnostics& diags) {
  if (bindings.empty() || !has_any_topology_constraint(pcs)) return {};
  const TopologySelection without_levels{.binding = nullptr, .tas_on = true};
  Location where = pcs.doc ? pcs.doc->locate("/spec/template") : Location{};
  std::string name = first_explicit_topology_name(pcs);
  if (name.empty()) {
    diags.warning(
        "render/topology-dropped",
        fmt::format("PodCliqueSet {} sets topology constraints but no topologyName; they are dropped "
                    "(the scaling groups' topologyConstraintGroupConfigs entries stay, without "
                    "constraints), as the operator does",
                    pcs.name),
        where, "spec.template");
    return without_levels;
  }
  for (const auto* b : bindings) {
    if (b->name == name) return {.binding = b, .tas_on = true};
  }
  diags.warning(
      "render/topology-dropped",
      fmt::format("ClusterTopologyBinding \"{}\" is not among the inputs; the topology constraints of "
                  "PodCliqueSet {} are dropped (the scaling groups' topologyConstraintGroupConfigs "
                  "entries stay, without constraints), as the operator does when it is not found",
                  name, pcs.name),
      where, "spec.template");
  return without_levels;
}

}  // namespace grovectl
