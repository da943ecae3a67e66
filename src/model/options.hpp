#pragma once
// What the user selected: backend, Kubernetes version, feature gates and the other shared selectors.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "model/adopted_epochs.hpp"
#include "model/feature_gates.hpp"
#include "model/grove_names.hpp"
#include "model/grove_version.hpp"
#include "model/kube_version.hpp"

namespace grovectl {

enum class Backend { kDefaultScheduler, kKaiScheduler, kVolcano, kKoordScheduler, kLpxScheduler };

// Canonical name, e.g. "koord-scheduler".
std::string backend_name(Backend b);
// Accepts canonical names and the alias "koordinator".
std::optional<Backend> parse_backend(const std::string& name);
std::vector<std::string> backend_names();

enum class Hierarchy { kFlat, kComposite };
enum class JobSetGangMode { kJobSet, kReplicatedJob };
enum class IncludeKind { kPodGang, kScheduler, kJobSet, kPods };

std::optional<Hierarchy> parse_hierarchy(const std::string& s);
std::optional<JobSetGangMode> parse_jobset_gang(const std::string& s);
// "podgang,scheduler" -> set; unknown entries are reported.
// "podgang", "scheduler", "jobset", "pods".
std::string include_kind_name(IncludeKind kind);
std::optional<std::set<IncludeKind>> parse_include(const std::string& s, Diagnostics& diags);

struct RenderOptions {
  std::optional<Backend> backend;  // --backend; unset: resolved from the input (the cliques' schedulerName)
  KubeVersion kube_version = KubeVersion::newest();
  const GroveVersion* grove_version = &GroveVersion::newest();  // --grove-version
  int64_t anchor_epoch = kDefaultAnchorEpoch;                   // --epoch: replica 0's anchor epoch
  // Live epochs that win over anchor_epoch for their replica (diff adopts them); null: none.
  std::shared_ptr<const AdoptedEpochs> adopted_epochs;
  FeatureGates gates;
  Hierarchy hierarchy = Hierarchy::kFlat;
  JobSetGangMode jobset_gang = JobSetGangMode::kJobSet;
  std::optional<std::string> namespace_override;       // --namespace
  std::optional<std::set<IncludeKind>> include;        // unset: defaults per input kind
  std::vector<std::string> topology_files;             // --topology
  std::string templates_dir;                           // --templates; empty: embedded templates
  std::map<std::string, std::string> koord_layer_map;  // --koord-layer-map key=layer (overrides defaults)
};

}  // namespace grovectl
