#include "diff/api_versions.hpp"

#include <algorithm>
#include <map>

namespace grovectl::diff {
namespace {

constexpr const char* kWorkloadApi = "scheduling.k8s.io";

struct ServedKinds {
  std::string version;
  std::vector<std::string> kinds;
};

// kubernetes/api scheduling/*/register.go of each release: 1.35 (v0.35.0) v1alpha1 {Workload}; 1.36 (v0.36.0)
// v1alpha2 {Workload, PodGroup}; 1.37 (10b39a39) v1beta1 {Workload, PodGroup} and v1alpha3 {Workload,
// PodGroup, CompositePodGroup}. 1.38 development (CHANGELOG-1.38.md, alpha.2) still serves the 1.37 set.
const std::map<int, std::vector<ServedKinds>>& served() {
  static const std::map<int, std::vector<ServedKinds>> table = {
      {35, {{"v1alpha1", {"Workload"}}}},
      {36, {{"v1alpha2", {"Workload", "PodGroup"}}}},
      {37,
       {{"v1alpha3", {"Workload", "PodGroup", "CompositePodGroup"}}, {"v1beta1", {"Workload", "PodGroup"}}}},
  };
  return table;
}

bool serves(const ServedKinds& s, const std::string& version, const std::string& kind) {
  return s.version == version && std::find(s.kinds.begin(), s.kinds.end(), kind) != s.kinds.end();
}

}  // namespace

bool versioned_by_release(const std::string& group) {
  return group == kWorkloadApi;
}

std::vector<std::string> served_versions(const std::string& group, int minor) {
  std::vector<std::string> out;
  if (!versioned_by_release(group)) return out;
  auto it = served().find(minor);
  if (it == served().end()) return out;
  for (const auto& s : it->second) out.push_back(s.version);
  return out;
}

bool versions_convert(const std::string& group, const std::string& kind, const std::string& from,
                      const std::string& to) {
  if (from == to) return true;
  if (!versioned_by_release(group)) return false;
  for (const auto& [minor, versions] : served()) {
    bool has_from = false, has_to = false;
    for (const auto& s : versions) {
      has_from = has_from || serves(s, from, kind);
      has_to = has_to || serves(s, to, kind);
    }
    if (has_from && has_to) return true;
  }
  return false;
}

}  // namespace grovectl::diff
