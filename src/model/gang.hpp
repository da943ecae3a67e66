#pragma once
// The gang model: what every frontend produces and every backend mapping consumes.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "model/gang_identity.hpp"

namespace grovectl {

struct SourceDocument;

using StringMap = std::map<std::string, std::string>;  // sorted: deterministic output
// A JSON object of the map's entries, keys in order (labels and annotations as they are written out).
Json string_map_json(const StringMap& m);

// Node-label keys (already translated from topology domains).
struct PackConstraint {
  std::string required;
  std::string preferred;
  bool empty() const { return required.empty() && preferred.empty(); }
  bool operator==(const PackConstraint&) const = default;
};

struct PodGroup {
  std::string name;       // PodClique FQN, or the replicated job name for a JobSet
  int32_t min_count = 0;  // minReplicas / gang minCount
  int32_t pod_count = 0;  // pods the owning controller creates for this group
  std::optional<PackConstraint> topology;
  std::string template_name;           // clique template / replicated job this group comes from
  std::vector<std::string> pod_names;  // names of the pods (stubs for --include pods)
  // The labels the owning controller sets on those pods, and those that differ per pod (JobSet job index,
  // in pod_names order, merged over them). Only the pod stubs read them: a JobSet's are left empty unless
  // its pods are rendered.
  StringMap pod_labels;
  std::vector<StringMap> per_pod_labels;
  std::vector<StringMap> per_pod_annotations;
};

// A subset of pod groups packed together (Grove TopologyConstraintGroupConfig).
struct GroupConfig {
  std::string name;
  std::vector<std::string> members;
  std::optional<PackConstraint> topology;
};

struct OwnerReference {
  std::string api_version;
  std::string kind;
  std::string name;
  std::string uid;
};

// Where a value is written in the input. backend/input_place.hpp turns it into file:line:col (of the nearest
// node when it is absent) and the full field path, only when a message asks: locating every place cost a
// JobSet render 3% of its time.
struct InputPlace {
  const SourceDocument* doc = nullptr;  // where the source was read; nullptr: not from a document
  std::string pointer;                  // e.g. /spec/template/cliques/1/spec/podSpec/priorityClassName
};

// Metadata of one pod template of the source object (clique template or replicated job).
struct TemplateMeta {
  std::string name;
  StringMap labels;
  StringMap annotations;
  // Where its labels and annotations are written: the mapping holding `labels:` and `annotations:`
  // (/spec/template/cliques/1, or a JobSet pod template's .../template/metadata).
  std::string metadata_pointer;
  // The pods' own spec.priorityClassName ("" when unset): what their priority is computed from.
  std::string priority_class_name;
  InputPlace priority_place;
  // Where the template's own name is written (a clique's or replicated job's `name`): the part of a pod
  // group name that refusals of that name point at.
  InputPlace name_place;
};

// A topologyConstraint an input sets: on what (PodCliqueSet, PodClique, PodCliqueScalingGroup; the name of
// the clique or scaling group) and where.
struct TopologyPlace {
  std::string owner_kind;
  std::string owner_name;  // "" for the PodCliqueSet itself
  std::string pointer;     // e.g. /spec/template/cliques/0/topologyConstraint
};

// The input object a gang was expanded from; backends read queues and similar settings here.
struct GangSource {
  std::string api_version;
  std::string kind;  // "PodCliqueSet" or "JobSet"
  std::string name;
  std::string ns;
  StringMap labels;
  StringMap annotations;
  std::vector<TemplateMeta> templates;
  Location location;
  // The input document, so that a refusal of something validate also checks points where validate does
  // (its metadata.name, its labels, its first topologyConstraint); may be null.
  const SourceDocument* doc = nullptr;
  // The first topologyConstraint the input sets, in the order Grove's backends look (the PodCliqueSet, its
  // cliques, its scaling groups); known even when no binding makes it effective.
  std::optional<TopologyPlace> first_topology_constraint;
  // The pod label whose value is the pod group name on every pod of the group, set by the input's own
  // controller (Grove: grove.io/podclique; JobSet: its replicated-job-name label); selectors use it.
  std::string group_label_key;

  // Position of each template by name, once the templates are complete (index_templates()): a lookup per
  // pod group must not scan every template (100,000 cliques would take seconds).
  std::unordered_map<std::string, size_t> template_positions;

  void index_templates() {
    template_positions.clear();
    for (size_t i = 0; i < templates.size(); ++i) template_positions.emplace(templates[i].name, i);
  }

  // The template a pod group's pods come from, or nullptr.
  const TemplateMeta* template_named(const std::string& template_name) const {
    auto it = template_positions.find(template_name);
    return it == template_positions.end() ? nullptr : &templates[it->second];
  }
};

struct Gang {
  std::string name;
  std::string ns;
  StringMap labels;       // PodGang labels (mirrored + operator labels)
  StringMap annotations;  // PodGang annotations
  std::optional<OwnerReference> owner;
  std::string priority_class_name;  // the PodGang's (PodCliqueSet spec.template.priorityClassName)
  InputPlace priority_place;        // where priority_class_name comes from
  std::optional<PackConstraint> topology;
  std::vector<PodGroup> groups;
  std::vector<GroupConfig> group_configs;
  std::string topology_name;  // ClusterTopologyBinding name when topology-aware scheduling is on
  bool scaled = false;        // a PCSG scaled gang (not a base gang)
  // Admitted whole on the flat Workload API too, where each PodGroup is a gang of its own: there every pod
  // of the gang joins one pod group named after the gang, as JobSet's Workload integration does
  // (kubernetes-sigs/jobset KEP-969, PR #1253; PR #1250; docs/design.md "JobSet gangs"). Otherwise each pod
  // group gets its own template and PodGroup (Grove's GREP-531). Set only on gangs without topology
  // constraints (a JobSet has none).
  bool one_group_on_flat_workload = false;
  std::shared_ptr<const GangSource> source;
  GangIdentity identity;  // which PodGang of its PodCliqueSet it is (gang_identity.hpp)
};

// One entry of a Grove PodGangMap (grove.io/v1alpha1, ai-dynamo/grove PR #778): the PodGangs of one epoch.
struct GangMapEntry {
  std::string epoch;
  std::string generation_hash;  // podCliqueSetGenerationHash
  GangRole role = GangRole::kAnchor;
  std::optional<int32_t> anchor_index;                        // set exactly on Anchor entries
  std::map<std::string, int32_t> pod_cliques;                 // standalone clique template -> pods
  std::map<std::string, std::vector<int32_t>> group_indices;  // scaling group -> replica indices, ascending
  std::vector<std::string> depends_on;                        // epochs
};

// The PodGangMap of one PodCliqueSet replica: what its PodGangs are made of, entries by epoch ascending.
struct GangMap {
  std::string name;
  std::string ns;
  StringMap labels;
  std::optional<OwnerReference> owner;
  int32_t replica = 0;
  std::vector<GangMapEntry> entries;
  std::shared_ptr<const GangSource> source;
};

}  // namespace grovectl
