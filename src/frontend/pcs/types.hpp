#pragma once
// A PodCliqueSet as grovectl reads it (grove.io/v1alpha1), with the pointer of every entity so that
// later stages can report problems at the right source line.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/gang.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct TopologyConstraintSpec {
  std::string pointer;  // e.g. /spec/template/cliques/2/topologyConstraint
  std::string topology_name;
  std::string pack_required;
  std::string pack_preferred;
  std::string pack_domain;  // deprecated legacy "required"
  bool has_pack = false;

  std::string required_domain() const { return pack_required.empty() ? pack_domain : pack_required; }
  std::string preferred_domain() const { return pack_preferred; }
};

struct AutoScalingSpec {
  std::optional<int32_t> min_replicas;
  std::optional<int32_t> max_replicas;
};

// rollingUpdate of a standalone clique or a scaling group (ai-dynamo/grove PR #817).
struct RollingUpdateSpec {
  std::string pointer;  // e.g. /spec/template/cliques/0/rollingUpdate
  std::optional<int32_t> max_unavailable;
  std::optional<std::string> progress_deadline;  // a Go duration, e.g. 10m
};

struct CliqueTemplate {
  std::string pointer;  // /spec/template/cliques/<i>
  std::string name;
  StringMap labels;
  StringMap annotations;
  std::optional<TopologyConstraintSpec> topology;
  std::optional<RollingUpdateSpec> rolling_update;
  std::optional<std::string> role_name;
  int32_t replicas = 0;
  std::optional<int32_t> min_available;
  std::vector<std::string> starts_after;
  std::optional<AutoScalingSpec> auto_scaling;
  std::string scheduler_name;       // podSpec.schedulerName
  std::string priority_class_name;  // podSpec.priorityClassName: the pods' own (Grove's pod.go keeps it)
  std::string restart_policy;       // podSpec.restartPolicy
};

struct ScalingGroupConfig {
  std::string pointer;  // /spec/template/podCliqueScalingGroups/<i>
  std::string name;
  std::vector<std::string> clique_names;
  std::optional<int32_t> replicas;
  std::optional<int32_t> min_available;
  StringMap annotations;
  std::optional<TopologyConstraintSpec> topology;
  std::optional<AutoScalingSpec> scale_config;
  std::optional<RollingUpdateSpec> rolling_update;
};

// clique() and group_of() by hash (a hostile PodCliqueSet has 100,000 cliques), built on first use. A copy
// starts empty, so it never describes another object's cliques.
class CliqueNameIndex {
 public:
  CliqueNameIndex() = default;
  CliqueNameIndex(const CliqueNameIndex&) {}
  CliqueNameIndex& operator=(const CliqueNameIndex&) {
    built_ = false;
    return *this;
  }

  // Position of the first clique named `name` and of the first scaling group listing it, or npos.
  size_t clique(const std::vector<CliqueTemplate>& cliques, const std::vector<ScalingGroupConfig>& groups,
                const std::string& name) const;
  size_t group_of(const std::vector<CliqueTemplate>& cliques, const std::vector<ScalingGroupConfig>& groups,
                  const std::string& name) const;
  static constexpr size_t npos = static_cast<size_t>(-1);

 private:
  void build(const std::vector<CliqueTemplate>& cliques, const std::vector<ScalingGroupConfig>& groups) const;
  mutable bool built_ = false;
  mutable size_t cliques_size_ = 0;
  mutable size_t groups_size_ = 0;
  mutable std::unordered_map<std::string, size_t> cliques_;
  mutable std::unordered_map<std::string, size_t> groups_;
};

struct PodCliqueSet {
  const SourceDocument* doc = nullptr;
  std::string name;
  std::string ns;
  std::string uid;
  StringMap labels;
  StringMap annotations;
  int32_t replicas = 0;
  std::optional<std::string> update_strategy_type;  // spec.updateStrategy.type
  std::optional<std::string> startup_type;
  std::string priority_class_name;
  std::optional<TopologyConstraintSpec> topology;
  std::optional<std::string> termination_delay;
  std::vector<CliqueTemplate> cliques;
  std::vector<ScalingGroupConfig> scaling_groups;
  // status.currentGenerationHash of a live PodCliqueSet: the operator's hash of its pod templates, which
  // its PodGangs and PodGangMap entries carry (empty for a PodCliqueSet that has not been admitted).
  std::string generation_hash;

  const CliqueTemplate* clique(const std::string& clique_name) const;
  // The scaling group that lists `clique_name`, or nullptr for a standalone clique.
  const ScalingGroupConfig* group_of(const std::string& clique_name) const;
  CliqueNameIndex name_index;
};

struct TopologyLevel {
  std::string domain;
  std::string key;
};

struct ClusterTopologyBinding {
  const SourceDocument* doc = nullptr;
  std::string name;
  std::vector<TopologyLevel> levels;  // broadest first
};

// A live PodCliqueScalingGroup or PodClique whose spec.replicas overrides the template (HPA scaling).
struct ReplicaOverride {
  const SourceDocument* doc = nullptr;
  std::string kind;  // "PodCliqueScalingGroup" or "PodClique"
  std::string name;  // e.g. simple1-0-sga
  std::string ns;
  int32_t replicas = 0;
};

}  // namespace grovectl
