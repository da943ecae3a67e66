#pragma once
// Feature gates of the Workload API per Kubernetes minor (KEP-4671; each gate's page under
// https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "model/kube_version.hpp"

namespace grovectl {

struct GateInfo {
  std::string name;
  std::vector<int> minors;  // Kubernetes 1.x minors where the gate exists
  std::string stage;        // per the newest minor it exists in, for `grovectl backends`
};

const std::vector<GateInfo>& known_gates();

class FeatureGates {
 public:
  // Parses "Name=true,Other=false"; unknown or malformed entries are reported.
  static std::optional<FeatureGates> parse(const std::string& text, const KubeVersion& version,
                                           Diagnostics& diags);

  // Every gate of the Workload API defaults to off in 1.35-1.37.
  bool enabled(const std::string& name) const;
  bool explicitly_disabled(const std::string& name) const;
  bool is_set(const std::string& name) const { return values_.count(name) > 0; }
  void set(const std::string& name, bool value) { values_[name] = value; }
  const std::map<std::string, bool>& values() const { return values_; }

 private:
  std::map<std::string, bool> values_;
};

// Whether `gate` exists in `version`.
bool gate_exists(const std::string& gate, const KubeVersion& version);

}  // namespace grovectl
