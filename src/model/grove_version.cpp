#include "model/grove_version.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace grovectl {
namespace {

constexpr const char* kAlpha11Crds = "schemas/crd/grove/v0.1.0-alpha.11/";
constexpr const char* kAlpha13Crds = "schemas/crd/grove/v0.1.0-alpha.13/";

std::vector<GroveVersion> table() {
  const std::vector<std::string> backends = {"default-scheduler", "kai-scheduler", "volcano",
                                             "koord-scheduler", "lpx-scheduler"};
  // v0.1.0-alpha.11: the CRDs at the tag are byte for byte those of main at fcc3b3bb; the lpx backend
  // (PR #663) is in the tag already.
  GroveVersion alpha11{
      .name = "v0.1.0-alpha.11",
      .naming = GangNaming::kLegacy,
      .long_names = LongPodGangNames::kUnusable,
      .crds = {{"PodCliqueSet", std::string(kAlpha11Crds) + "podcliqueset.json"},
               {"PodClique", std::string(kAlpha11Crds) + "podclique.json"},
               {"PodCliqueScalingGroup", std::string(kAlpha11Crds) + "podcliquescalinggroup.json"},
               {"ClusterTopologyBinding", std::string(kAlpha11Crds) + "clustertopologybinding.json"}},
      .backends = backends,
      .rolling_update = false};
  // v0.1.0-alpha.13: epoch names and PodGangMaps (PR #778), long names shortened (issue #874),
  // rollingUpdate (PR #817). Its PodClique, PodCliqueScalingGroup and ClusterTopologyBinding CRDs are
  // alpha.11's: no change to them is known (--crd gives a cluster's own).
  GroveVersion alpha13{
      .name = "v0.1.0-alpha.13",
      .naming = GangNaming::kEpoch,
      .long_names = LongPodGangNames::kShortened,
      .crds = {{"PodCliqueSet", std::string(kAlpha13Crds) + "podcliqueset.json"},
               {"PodClique", std::string(kAlpha11Crds) + "podclique.json"},
               {"PodCliqueScalingGroup", std::string(kAlpha11Crds) + "podcliquescalinggroup.json"},
               {"ClusterTopologyBinding", std::string(kAlpha11Crds) + "clustertopologybinding.json"},
               {"PodGangMap", std::string(kAlpha13Crds) + "podgangmap.json"}},
      .backends = backends,
      .rolling_update = true};
  return {alpha11, alpha13};
}

}  // namespace

const std::vector<GroveVersion>& GroveVersion::supported() {
  static const std::vector<GroveVersion> versions = table();
  return versions;
}

const GroveVersion& GroveVersion::newest() {
  return supported().back();
}

std::string GroveVersion::crd_file(std::string_view kind) const {
  for (const auto& c : crds) {
    if (c.kind == kind) return c.file;
  }
  return "";
}

bool GroveVersion::has_backend(std::string_view backend) const {
  return std::find(backends.begin(), backends.end(), backend) != backends.end();
}

std::string supported_grove_versions_text() {
  std::string out;
  for (const auto& v : GroveVersion::supported()) out += (out.empty() ? "" : ", ") + v.name;
  return out;
}

const GroveVersion* parse_grove_version(const std::string& text, std::string& error) {
  const bool bare = !text.empty() && text.front() >= '0' && text.front() <= '9';
  const std::string name = bare ? "v" + text : text;
  for (const auto& v : GroveVersion::supported()) {
    if (v.name == name) return &v;
  }
  if (name.starts_with("v0.1.0-alpha.12")) {
    // Public sources disagree on alpha.12: the only tag seen (v0.1.0-alpha.12-rc1) predates PR #778, while
    // issues #808 and #809 show alpha.12 clusters with epoch-named PodGangs and #837 migrates on the way to
    // alpha.13 (docs/grove-versions.md).
    error = fmt::format(
        "Grove {} is not supported: public sources disagree on whether it names PodGangs the legacy way "
        "or by epoch (PR #778). A live cluster shows its scheme: epoch-named PodGangs carry the label "
        "grove.io/epoch and the CRD podgangmaps.grove.io exists (kubectl get crd podgangmaps.grove.io); "
        "then use --grove-version v0.1.0-alpha.13 for epoch names or v0.1.0-alpha.11 for legacy ones",
        name);
    return nullptr;
  }
  error =
      fmt::format("Grove {} is not supported; supported versions: {}", name, supported_grove_versions_text());
  return nullptr;
}

}  // namespace grovectl
