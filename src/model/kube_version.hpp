#pragma once
// Kubernetes minor versions grovectl can target.
#include <optional>
#include <string>
#include <vector>

namespace grovectl {

struct KubeVersion {
  int major = 1;
  int minor = 0;

  // Oldest first; the newest is the default of --kube-version.
  static std::vector<KubeVersion> supported() { return {{1, 35}, {1, 36}, {1, 37}}; }
  static KubeVersion newest() { return supported().back(); }
  // The 1.x minors of every supported version: what a mapping serves that works on any of them.
  static std::vector<int> supported_minors() {
    std::vector<int> minors;
    for (const auto& v : supported()) minors.push_back(v.minor);
    return minors;
  }
  std::string text() const { return std::to_string(major) + "." + std::to_string(minor); }
  auto operator<=>(const KubeVersion&) const = default;
};

// Accepts "1.36", "v1.36" and "1.36.2". Returns nullopt for anything malformed or unsupported;
// `error` then says why and what is supported.
std::optional<KubeVersion> parse_kube_version(const std::string& text, std::string& error);

}  // namespace grovectl
