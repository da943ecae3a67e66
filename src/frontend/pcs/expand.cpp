#include "frontend/pcs/expand.hpp"

#include <fmt/format.h>

#include <unordered_map>

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
  explicit Expander(const PcsExpandInput& in)
      : in_(in), pcs_(*in.pcs), tas_(in.topology), source_(podcliqueset_gang_source(pcs_)) {
    for (const auto* o : in_.overrides) overrides_[override_key(o->kind, o->name)].push_back(o);
  }

  std::vector<Gang> run() {
    std::vector<Gang> gangs;
    for (int32_t r = 0; r < pcs_.replicas; ++r) gangs.push_back(base_gang(r));
    for (int32_t r = 0; r < pcs_.replicas; ++r) {
      for (const auto& g : pcs_.scaling_groups) append_scaled_gangs(r, g, gangs);
    }
    for (auto& gang : gangs) finish_metadata(gang);
    return gangs;
  }

 private:
  InputPlace place(const std::string& pointer) const { return input_place(pcs_, pointer); }

  std::string prefix(int32_t r) const { return fmt::format("{}-{}", pcs_.name, r); }

  Gang new_gang(const std::string& name) const {
    Gang g;
    g.name = name;
    g.ns = pcs_.ns;
    g.priority_class_name = pcs_.priority_class_name;
    g.priority_place = place("/spec/template/priorityClassName");
    g.source = source_;
    if (!pcs_.uid.empty()) g.owner = OwnerReference{"grove.io/v1alpha1", "PodCliqueSet", pcs_.name, pcs_.uid};
    return g;
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
      if (gang_name != prefix(r)) pg.pod_labels["grove.io/base-podgang"] = prefix(r);
    }
    return pg;
  }

  Gang base_gang(int32_t r) const {
    Gang gang = new_gang(prefix(r));
    gang.topology = tas_.translate(pcs_.topology);
    for (const auto& c : pcs_.cliques) {
      if (pcs_.group_of(c.name)) continue;
      gang.groups.push_back(pod_group(c, fmt::format("{}-{}", prefix(r), c.name), gang.name, r, kStandalone));
    }
    for (const auto& g : pcs_.scaling_groups) {
      for (int32_t k = 0; k < *g.min_available; ++k) {
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
      Gang gang = new_gang(fmt::format("{}-{}", pcsg_fqn, j));
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

  void finish_metadata(Gang& gang) const {
    gang.labels = without_grove_keys(pcs_.labels);
    gang.labels["app.kubernetes.io/managed-by"] = "grove-operator";
    gang.labels["app.kubernetes.io/part-of"] = pcs_.name;
    gang.labels["app.kubernetes.io/component"] = "podgang";
    gang.labels["grove.io/scheduler-name"] = in_.scheduler_name;
    gang.annotations = without_grove_keys(pcs_.annotations);
    if (tas_.enabled() && has_translated_constraint(gang)) {
      gang.annotations["grove.io/topology-name"] = first_explicit_topology_name(pcs_);
      gang.topology_name = first_explicit_topology_name(pcs_);
    }
  }

  const PcsExpandInput& in_;
  const PodCliqueSet& pcs_;
  TopologyTranslator tas_;
  std::shared_ptr<const GangSource> source_;
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
         .priority_place = input_place(pcs, c.pointer + "/spec/podSpec/priorityClassName")});
  }
  if (pcs.doc) s->location = pcs.doc->locate();
  s->doc = pcs.doc;
  s->first_topology_constraint = first_topology_constraint(pcs);
  s->group_label_key = "grove.io/podclique";
  s->index_templates();
  return s;
}

std::vector<Gang> expand_podcliqueset(const PcsExpandInput& input) {
  return Expander(input).run();
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
