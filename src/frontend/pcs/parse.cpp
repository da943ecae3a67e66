#include "frontend/pcs/parse.hpp"

#include <fmt/format.h>

#include "frontend/object_reader.hpp"

namespace grovectl {
namespace {

// The topology constraint of `owner` (a PodCliqueSet template, a clique or a scaling group).
std::optional<TopologyConstraintSpec> read_topology(ObjectReader& r, const FieldScope& owner) {
  if (!r.expect_object(owner, "topologyConstraint")) return std::nullopt;
  const FieldScope at = r.scope(owner, "topologyConstraint");
  TopologyConstraintSpec tc;
  tc.pointer = at.place.pointer();
  tc.topology_name = r.string(at, "topologyName").value_or("");
  tc.pack_domain = r.string(at, "packDomain").value_or("");
  if (r.expect_object(at, "pack")) {
    const FieldScope pack = r.scope(at, "pack");
    tc.has_pack = true;
    tc.pack_required = r.string(pack, "required").value_or("");
    tc.pack_preferred = r.string(pack, "preferred").value_or("");
  }
  return tc;
}

// Fields that Grove's Go types serialize without omitempty are read as optional with their zero value: the
// defaulting webhook's patch writes them before the API server checks the schema (frontend/pcs/
// defaulter_patch.hpp), so a missing one is that zero value, not a missing field.
std::optional<AutoScalingSpec> read_autoscaling(ObjectReader& r, const FieldScope& owner,
                                                std::string_view name) {
  if (!r.expect_object(owner, name)) return std::nullopt;
  const FieldScope at = r.scope(owner, name);
  AutoScalingSpec a;
  a.min_replicas = r.int32(at, "minReplicas");
  a.max_replicas = r.int32(at, "maxReplicas").value_or(0);
  return a;
}

std::optional<RollingUpdateSpec> read_rolling_update(ObjectReader& r, const FieldScope& owner) {
  if (!r.expect_object(owner, "rollingUpdate")) return std::nullopt;
  const FieldScope at = r.scope(owner, "rollingUpdate");
  RollingUpdateSpec u;
  u.pointer = at.place.pointer();
  u.max_unavailable = r.int32(at, "maxUnavailable");
  u.progress_deadline = r.string(at, "progressDeadline");
  return u;
}

void read_pod_spec(ObjectReader& r, const FieldScope& spec, CliqueTemplate& c) {
  if (!r.expect_object(spec, "podSpec")) return;
  const FieldScope pod = r.scope(spec, "podSpec");
  c.scheduler_name = r.string(pod, "schedulerName").value_or("");
  c.restart_policy = r.string(pod, "restartPolicy").value_or("");
  c.priority_class_name = r.string(pod, "priorityClassName").value_or("");
  const FieldScope containers = r.scope(pod, "containers");
  const size_t n = r.list_size(pod, "containers", Presence::kRequired);
  for (size_t i = 0; i < n; ++i) r.string(r.item(containers, i), "name", Presence::kRequired);
}

CliqueTemplate read_clique(ObjectReader& r, const FieldScope& at) {
  CliqueTemplate c;
  c.pointer = at.place.pointer();
  c.name = r.string(at, "name").value_or("");
  c.labels = r.string_map(at, "labels");
  c.annotations = r.string_map(at, "annotations");
  c.topology = read_topology(r, at);
  c.rolling_update = read_rolling_update(r, at);
  c.role_name = "";
  if (!r.expect_object(at, "spec")) return c;
  const FieldScope spec = r.scope(at, "spec");
  c.role_name = r.string(spec, "roleName").value_or("");
  c.replicas = r.int32(spec, "replicas").value_or(0);
  c.min_available = r.int32(spec, "minAvailable");
  c.starts_after = r.string_list(spec, "startsAfter");
  c.auto_scaling = read_autoscaling(r, spec, "autoScalingConfig");
  read_pod_spec(r, spec, c);
  return c;
}

ScalingGroupConfig read_scaling_group(ObjectReader& r, const FieldScope& at) {
  ScalingGroupConfig g;
  g.pointer = at.place.pointer();
  g.name = r.string(at, "name").value_or("");
  g.clique_names = r.string_list(at, "cliqueNames", Presence::kRequired);
  g.replicas = r.int32(at, "replicas");
  g.min_available = r.int32(at, "minAvailable");
  g.annotations = r.string_map(at, "annotations");
  g.topology = read_topology(r, at);
  g.scale_config = read_autoscaling(r, at, "scaleConfig");
  g.rolling_update = read_rolling_update(r, at);
  return g;
}

// spec.template, written by the defaulting webhook's patch when missing; its cliques are not (a nil list is
// null, which the API server drops), so a missing list is reported wherever it is.
void read_template(ObjectReader& r, const FieldScope& spec, PodCliqueSet& pcs) {
  const FieldScope t = r.scope(spec, "template");
  if (!t.node || t.node->is_null()) {
    r.missing(t.place.key("cliques"));
    return;
  }
  if (!r.expect_object(spec, "template")) return;
  pcs.startup_type = r.string(t, "cliqueStartupType");
  pcs.priority_class_name = r.string(t, "priorityClassName").value_or("");
  pcs.termination_delay = r.string(t, "terminationDelay");
  pcs.topology = read_topology(r, t);
  const FieldScope cliques = r.scope(t, "cliques");
  const size_t n = r.list_size(t, "cliques", Presence::kRequired);
  for (size_t i = 0; i < n; ++i) pcs.cliques.push_back(read_clique(r, r.item(cliques, i)));
  const FieldScope groups = r.scope(t, "podCliqueScalingGroups");
  const size_t g = r.list_size(t, "podCliqueScalingGroups");
  for (size_t i = 0; i < g; ++i) pcs.scaling_groups.push_back(read_scaling_group(r, r.item(groups, i)));
}

}  // namespace

void CliqueNameIndex::build(const std::vector<CliqueTemplate>& cliques,
                            const std::vector<ScalingGroupConfig>& groups) const {
  cliques_.clear();
  groups_.clear();
  for (size_t i = 0; i < cliques.size(); ++i) cliques_.emplace(cliques[i].name, i);  // the first wins
  for (size_t i = 0; i < groups.size(); ++i) {
    for (const auto& n : groups[i].clique_names) groups_.emplace(n, i);
  }
  cliques_size_ = cliques.size();
  groups_size_ = groups.size();
  built_ = true;
}

size_t CliqueNameIndex::clique(const std::vector<CliqueTemplate>& cliques,
                               const std::vector<ScalingGroupConfig>& groups, const std::string& name) const {
  if (!built_ || cliques_size_ != cliques.size() || groups_size_ != groups.size()) build(cliques, groups);
  auto it = cliques_.find(name);
  return it == cliques_.end() ? npos : it->second;
}

size_t CliqueNameIndex::group_of(const std::vector<CliqueTemplate>& cliques,
                                 const std::vector<ScalingGroupConfig>& groups,
                                 const std::string& name) const {
  if (!built_ || cliques_size_ != cliques.size() || groups_size_ != groups.size()) build(cliques, groups);
  auto it = groups_.find(name);
  return it == groups_.end() ? npos : it->second;
}

const CliqueTemplate* PodCliqueSet::clique(const std::string& clique_name) const {
  size_t i = name_index.clique(cliques, scaling_groups, clique_name);
  return i == CliqueNameIndex::npos ? nullptr : &cliques[i];
}

const ScalingGroupConfig* PodCliqueSet::group_of(const std::string& clique_name) const {
  size_t i = name_index.group_of(cliques, scaling_groups, clique_name);
  return i == CliqueNameIndex::npos ? nullptr : &scaling_groups[i];
}

std::optional<PodCliqueSet> parse_podcliqueset(const SourceDocument& doc, Diagnostics& diags) {
  size_t errors_before = diags.error_count();
  ObjectReader r(doc, diags);
  PodCliqueSet pcs;
  pcs.doc = &doc;
  const FieldScope root = r.root();
  r.expect_object(root, "metadata", Presence::kRequired);
  const FieldScope metadata = r.scope(root, "metadata");
  pcs.name = r.string(metadata, "name", Presence::kRequired).value_or("");
  pcs.ns = r.string(metadata, "namespace").value_or("");
  pcs.uid = r.string(metadata, "uid").value_or("");
  pcs.labels = r.string_map(metadata, "labels");
  pcs.annotations = r.string_map(metadata, "annotations");
  pcs.generation_hash = r.string(r.scope(root, "status"), "currentGenerationHash").value_or("");
  // spec is written by the defaulting webhook's patch when missing (read_template reports the cliques).
  const FieldScope spec = r.scope(root, "spec");
  if (!spec.node || spec.node->is_null()) {
    const FieldPlace spec_template = spec.place.key("template");
    r.missing(spec_template.key("cliques"));
  } else if (r.expect_object(root, "spec")) {
    pcs.replicas = r.int32(spec, "replicas").value_or(0);
    if (r.expect_object(spec, "updateStrategy"))
      pcs.update_strategy_type = r.string(r.scope(spec, "updateStrategy"), "type");
    read_template(r, spec, pcs);
  }
  if (diags.error_count() > errors_before) return std::nullopt;
  return pcs;
}

std::optional<ClusterTopologyBinding> parse_cluster_topology(const SourceDocument& doc, Diagnostics& diags) {
  size_t errors_before = diags.error_count();
  ObjectReader r(doc, diags);
  ClusterTopologyBinding ctb;
  ctb.doc = &doc;
  const FieldScope root = r.root();
  ctb.name = r.string(r.scope(root, "metadata"), "name", Presence::kRequired).value_or("");
  const FieldScope spec = r.scope(root, "spec");
  const FieldScope levels = r.scope(spec, "levels");
  const size_t n = r.list_size(spec, "levels", Presence::kRequired);
  for (size_t i = 0; i < n; ++i) {
    const FieldScope level_at = r.item(levels, i);
    TopologyLevel level;
    level.domain = r.string(level_at, "domain", Presence::kRequired).value_or("");
    level.key = r.string(level_at, "key", Presence::kRequired).value_or("");
    ctb.levels.push_back(level);
  }
  if (diags.error_count() > errors_before) return std::nullopt;
  return ctb;
}

std::optional<ReplicaOverride> parse_replica_override(const SourceDocument& doc, Diagnostics& diags) {
  size_t errors_before = diags.error_count();
  ObjectReader r(doc, diags);
  ReplicaOverride o;
  o.doc = &doc;
  const FieldScope root = r.root();
  const FieldScope metadata = r.scope(root, "metadata");
  o.kind = r.string(root, "kind").value_or("");
  o.name = r.string(metadata, "name", Presence::kRequired).value_or("");
  o.ns = r.string(metadata, "namespace").value_or("");
  o.replicas = r.int32(r.scope(root, "spec"), "replicas", Presence::kRequired).value_or(0);
  if (diags.error_count() > errors_before) return std::nullopt;
  return o;
}

}  // namespace grovectl
