#include "model/feature_gates.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

namespace grovectl {

const std::vector<GateInfo>& known_gates() {
  static const std::vector<GateInfo> gates = {
      {"GenericWorkload", {35, 36, 37}, "beta (off by default)"},
      {"GangScheduling", {35, 36}, "alpha"},
      {"WorkloadAwarePreemption", {36}, "alpha"},
      {"TopologyAwareWorkloadScheduling", {36, 37}, "alpha"},
      {"DRAWorkloadResourceClaims", {36, 37}, "beta (off by default)"},
      {"CompositePodGroup", {37}, "alpha"},
      {"PodGroupPreemptionPolicy", {37}, "alpha"},
      {"WorkloadWithJob", {36, 37}, "alpha"},
  };
  return gates;
}

bool gate_exists(const std::string& gate, const KubeVersion& version) {
  for (const auto& g : known_gates()) {
    if (g.name == gate) return std::find(g.minors.begin(), g.minors.end(), version.minor) != g.minors.end();
  }
  return false;
}

std::optional<FeatureGates> FeatureGates::parse(const std::string& text, const KubeVersion& version,
                                                Diagnostics& diags) {
  FeatureGates gates;
  std::stringstream in(text);
  std::string item;
  bool ok = true;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    auto eq = item.find('=');
    std::string name = item.substr(0, eq);
    std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (value != "true" && value != "false") {
      diags.error("usage/feature-gates", fmt::format("feature gate \"{}\" needs =true or =false", item));
      ok = false;
      continue;
    }
    if (!gate_exists(name, version)) {
      std::string known;
      for (const auto& g : known_gates()) {
        if (gate_exists(g.name, version)) known += (known.empty() ? "" : ", ") + g.name;
      }
      diags.error("usage/feature-gates",
                  fmt::format("unrecognized feature gate \"{}\" for Kubernetes {}; known: {}", name,
                              version.text(), known));
      ok = false;
      continue;
    }
    gates.values_[name] = value == "true";
  }
  if (!ok) return std::nullopt;
  return gates;
}

bool FeatureGates::enabled(const std::string& name) const {
  auto it = values_.find(name);
  return it != values_.end() && it->second;
}

bool FeatureGates::explicitly_disabled(const std::string& name) const {
  auto it = values_.find(name);
  return it != values_.end() && !it->second;
}

}  // namespace grovectl
