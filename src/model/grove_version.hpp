#pragma once
// Grove operator releases grovectl renders for (--grove-version), as KubeVersion lists Kubernetes versions:
// one table entry per release says how that operator names PodGangs, whether it shortens names that do not
// fit a label value, which CRDs validate its inputs, which scheduler backends it has and which fields its
// PodCliqueSet knows. Adding a release is one entry in grove_version.cpp plus its CRDs and tests
// (docs/grove-versions.md).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grovectl {

enum class GangNaming {
  // One base PodGang <pcs>-<r> per PodCliqueSet replica, scaled PodGangs <pcs>-<r>-<group>-<j>.
  kLegacy,
  // A PodGangMap per replica; PodGangs <pcs>-<r>-<epoch> and <pcs>-<r>-<epoch>-<group>-<index>
  // (ai-dynamo/grove PR #778).
  kEpoch,
};

// What the operator does with a PodGang name longer than a label value (63 bytes), which its pods and
// PodCliques carry in grove.io/podgang (ai-dynamo/grove issue #874).
enum class LongPodGangNames { kUnusable, kShortened };

// The CRD file (schemas/crd/...) that validates one kind on a release.
struct VersionedCrd {
  std::string kind;  // "PodCliqueSet"
  std::string file;  // "schemas/crd/grove/v0.1.0-alpha.11/podcliqueset.json"
};

struct GroveVersion {
  std::string name;  // "v0.1.0-alpha.13"
  GangNaming naming = GangNaming::kLegacy;
  LongPodGangNames long_names = LongPodGangNames::kUnusable;
  std::vector<VersionedCrd> crds;     // the grove.io kinds grovectl reads or renders
  std::vector<std::string> backends;  // --backend values the release's operator serves
  bool rolling_update = false;        // rollingUpdate on cliques and scaling groups (PR #817)

  // Oldest first; the newest is the default of --grove-version.
  static const std::vector<GroveVersion>& supported();
  static const GroveVersion& newest();

  // The CRD file of `kind`, or "" when the release has no CRD for it.
  std::string crd_file(std::string_view kind) const;
  bool has_backend(std::string_view backend) const;
};

// Accepts "v0.1.0-alpha.13" and "0.1.0-alpha.13". Returns nullptr for anything else; `error` then says
// why and what is supported (for v0.1.0-alpha.12, also how to tell a live cluster's naming scheme).
const GroveVersion* parse_grove_version(const std::string& text, std::string& error);

// "v0.1.0-alpha.11, v0.1.0-alpha.13"
std::string supported_grove_versions_text();

}  // namespace grovectl
