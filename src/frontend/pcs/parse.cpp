#include "frontend/pcs/parse.hpp"

#include <fmt/format.h>

#include "frontend/object_reader.hpp"

namespace grovectl {
namespace {

std::optional<TopologyConstraintSpec> read_topology(ObjectReader& r, const std::string& pointer) {
  if (!r.expect_object(pointer)) return std::nullopt;
  TopologyConstraintSpec tc;
  tc.pointer = pointer;
  tc.topology_name = r.string(pointer + "/topologyName").value_or("");
  tc.pack_domain = r.string(pointer + "/packDomain").value_or("");
  if (r.expect_object(pointer + "/pack")) {
    tc.has_pack = true;
    tc.pack_required = r.string(pointer + "/pack/required").value_or("");
    tc.pack_preferred = r.string(pointer + "/pack/preferred").value_or("");
  }
  return tc;
}

// Fields that Grove's Go types serialize without omitempty are read as optional with their zero value: the
// defaulting webhook's patch writes them before the API server checks the schema (frontend/pcs/
// defaulter_patch.hpp), so a missing one is that zero value, not a missing field.
std::optional<AutoScalingSpec> read_autoscaling(ObjectReader& r, const std::string& pointer) {
  if (!r.expect_object(pointer)) return std::nullopt;
  AutoScalingSpec a;
  a.min_replicas = r.int32(pointer + "/minReplicas");
  a.max_replicas = r.int32(pointer + "/maxReplicas").value_or(0);
  return a;
}

std::optional<RollingUpdateSpec> read_rolling_update(ObjectReader& r, const std::string& pointer) {
  if (!r.expect_object(pointer)) return std::nullopt;
  RollingUpdateSpec u;
  u.pointer = pointer;
  u.max_unavailable = r.int32(pointer + "/maxUnavailable");
  u.progress_deadline = r.string(pointer + "/progressDeadline");
  return u;
}

CliqueTemplate read_clique(ObjectReader& r, const std::string& p) {
  CliqueTemplate c;
  c.pointer = p;
  c.name = r.string(p + "/name").value_or("");
  c.labels = r.string_map(p + "/labels");
  c.annotations = r.string_map(p + "/annotations");
  if (r.has(p + "/topologyConstraint")) c.topology = read_topology(r, p + "/topologyConstraint");
  if (r.has(p + "/rollingUpdate")) c.rolling_update = read_rolling_update(r, p + "/rollingUpdate");
  c.role_name = "";
  if (!r.expect_object(p + "/spec")) return c;
  std::string s = p + "/spec";
  c.role_name = r.string(s + "/roleName").value_or("");
  c.replicas = r.int32(s + "/replicas").value_or(0);
  c.min_available = r.int32(s + "/minAvailable");
  c.starts_after = r.string_list(s + "/startsAfter");
  if (r.has(s + "/autoScalingConfig")) c.auto_scaling = read_autoscaling(r, s + "/autoScalingConfig");
  if (r.expect_object(s + "/podSpec")) {
    c.scheduler_name = r.string(s + "/podSpec/schedulerName").value_or("");
    c.restart_policy = r.string(s + "/podSpec/restartPolicy").value_or("");
    c.priority_class_name = r.string(s + "/podSpec/priorityClassName").value_or("");
    size_t containers = r.list_size(s + "/podSpec/containers", Presence::kRequired);
    for (size_t i = 0; i < containers; ++i)
      r.string(pointer_append(s + "/podSpec/containers", i) + "/name", Presence::kRequired);
  }
  return c;
}

ScalingGroupConfig read_scaling_group(ObjectReader& r, const std::string& p) {
  ScalingGroupConfig g;
  g.pointer = p;
  g.name = r.string(p + "/name").value_or("");
  g.clique_names = r.string_list(p + "/cliqueNames", Presence::kRequired);
  g.replicas = r.int32(p + "/replicas");
  g.min_available = r.int32(p + "/minAvailable");
  g.annotations = r.string_map(p + "/annotations");
  if (r.has(p + "/topologyConstraint")) g.topology = read_topology(r, p + "/topologyConstraint");
  if (r.has(p + "/scaleConfig")) g.scale_config = read_autoscaling(r, p + "/scaleConfig");
  if (r.has(p + "/rollingUpdate")) g.rolling_update = read_rolling_update(r, p + "/rollingUpdate");
  return g;
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
  r.expect_object("/metadata", Presence::kRequired);
  pcs.name = r.string("/metadata/name", Presence::kRequired).value_or("");
  pcs.ns = r.string("/metadata/namespace").value_or("");
  pcs.uid = r.string("/metadata/uid").value_or("");
  pcs.labels = r.string_map("/metadata/labels");
  pcs.annotations = r.string_map("/metadata/annotations");
  pcs.generation_hash = r.string("/status/currentGenerationHash").value_or("");
  // spec and spec.template are written by the defaulting webhook's patch when missing; their cliques are
  // not (a nil list is null, which the API server drops), so a missing list is reported wherever it is.
  const bool has_spec = r.expect_object("/spec");
  const std::string t = "/spec/template";
  if (has_spec) {
    pcs.replicas = r.int32("/spec/replicas").value_or(0);
    if (r.expect_object("/spec/updateStrategy"))
      pcs.update_strategy_type = r.string("/spec/updateStrategy/type");
  }
  auto absent = [&](const std::string& pointer) {
    const Json* j = r.find(pointer);
    return !j || j->is_null();
  };
  if (absent("/spec") || (has_spec && absent(t))) {
    r.missing(t + "/cliques");
  } else if (has_spec && r.expect_object(t)) {
    pcs.startup_type = r.string(t + "/cliqueStartupType");
    pcs.priority_class_name = r.string(t + "/priorityClassName").value_or("");
    pcs.termination_delay = r.string(t + "/terminationDelay");
    if (r.has(t + "/topologyConstraint")) pcs.topology = read_topology(r, t + "/topologyConstraint");
    size_t n = r.list_size(t + "/cliques", Presence::kRequired);
    for (size_t i = 0; i < n; ++i) pcs.cliques.push_back(read_clique(r, pointer_append(t + "/cliques", i)));
    size_t g = r.list_size(t + "/podCliqueScalingGroups");
    for (size_t i = 0; i < g; ++i) {
      pcs.scaling_groups.push_back(read_scaling_group(r, pointer_append(t + "/podCliqueScalingGroups", i)));
    }
  }
  if (diags.error_count() > errors_before) return std::nullopt;
  return pcs;
}

std::optional<ClusterTopologyBinding> parse_cluster_topology(const SourceDocument& doc, Diagnostics& diags) {
  size_t errors_before = diags.error_count();
  ObjectReader r(doc, diags);
  ClusterTopologyBinding ctb;
  ctb.doc = &doc;
  ctb.name = r.string("/metadata/name", Presence::kRequired).value_or("");
  size_t n = r.list_size("/spec/levels", Presence::kRequired);
  for (size_t i = 0; i < n; ++i) {
    std::string p = pointer_append("/spec/levels", i);
    TopologyLevel level;
    level.domain = r.string(p + "/domain", Presence::kRequired).value_or("");
    level.key = r.string(p + "/key", Presence::kRequired).value_or("");
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
  o.kind = r.string("/kind").value_or("");
  o.name = r.string("/metadata/name", Presence::kRequired).value_or("");
  o.ns = r.string("/metadata/namespace").value_or("");
  o.replicas = r.int32("/spec/replicas", Presence::kRequired).value_or(0);
  if (diags.error_count() > errors_before) return std::nullopt;
  return o;
}

}  // namespace grovectl
