// The values each flag accepts, for shell completion. Flags not listed here complete from their
// CLI::IsMember check when they have one, else offer nothing.
#include <string>
#include <vector>

#include "cli/completion/model.hpp"
#include "model/feature_gates.hpp"
#include "model/grove_version.hpp"
#include "model/kube_version.hpp"
#include "model/options.hpp"

namespace grovectl {
namespace {

struct ValueRule {
  const char* command;  // "" = any command
  const char* flag;
  ValueKind kind;
  std::vector<std::string> choices;
};

std::vector<std::string> grove_versions() {
  std::vector<std::string> out;
  for (const auto& v : GroveVersion::supported()) out.push_back(v.name);
  return out;
}

std::vector<std::string> kube_versions() {
  std::vector<std::string> out;
  for (const auto& v : KubeVersion::supported()) out.push_back(v.text());
  return out;
}

// Name=true and Name=false for every gate of the default (newest) Kubernetes version: an offered value is
// never a usage error on a command line that keeps the default --kube-version.
std::vector<std::string> gate_settings() {
  std::vector<std::string> out;
  for (const auto& g : known_gates()) {
    if (!gate_exists(g.name, KubeVersion::newest())) continue;
    out.push_back(g.name + "=true");
    out.push_back(g.name + "=false");
  }
  return out;
}

const std::vector<ValueRule>& rules() {
  static const std::vector<ValueRule> table = {
      {"render", "--output", ValueKind::kChoices, {"yaml", "json", "name"}},
      {"validate", "--output", ValueKind::kChoices, {"text", "json", "junit", "github", "sarif", "tap"}},
      {"diff", "--output", ValueKind::kChoices, {"text", "brief", "json"}},
      {"version", "--output", ValueKind::kChoices, {"text", "json", "yaml"}},
      {"", "--backend", ValueKind::kChoices, backend_names()},
      {"", "--to-backend", ValueKind::kChoices, backend_names()},
      {"", "--kube-version", ValueKind::kChoices, kube_versions()},
      {"", "--to-kube-version", ValueKind::kChoices, kube_versions()},
      {"", "--grove-version", ValueKind::kChoices, grove_versions()},
      {"", "--to-grove-version", ValueKind::kChoices, grove_versions()},
      {"", "--crd", ValueKind::kFiles, {}},
      {"", "--hierarchy", ValueKind::kChoices, {"flat", "composite"}},
      {"", "--to-hierarchy", ValueKind::kChoices, {"flat", "composite"}},
      {"", "--jobset-gang", ValueKind::kChoices, {"jobset", "replicated-job"}},
      {"", "--duplicate-scope", ValueKind::kChoices, {"inputs", "file"}},
      {"", "--config", ValueKind::kFiles, {}},
      {"", "--color", ValueKind::kChoices, {"auto", "always", "never"}},
      {"", "--include", ValueKind::kList, {"podgang", "scheduler", "jobset", "pods"}},
      {"", "--filename", ValueKind::kFiles, {}},
      {"", "--topology", ValueKind::kFiles, {}},
      {"", "--live", ValueKind::kFiles, {}},
      {"", "--templates", ValueKind::kDirs, {}},
      {"", "--output-dir", ValueKind::kDirs, {}},
      {"", "--context", ValueKind::kContexts, {}},
      {"", "--namespace", ValueKind::kNamespaces, {}},
      {"", "--feature-gates", ValueKind::kList, gate_settings()},
      {"", "--to-feature-gates", ValueKind::kList, gate_settings()},
  };
  return table;
}

}  // namespace

CompletionFlag value_hint(const std::string& command, const std::string& flag) {
  const ValueRule* generic = nullptr;
  for (const auto& r : rules()) {
    if (flag != r.flag) continue;
    if (command == r.command) return CompletionFlag{{}, "", r.kind, r.choices};
    if (*r.command == '\0' && !generic) generic = &r;
  }
  if (generic) return CompletionFlag{{}, "", generic->kind, generic->choices};
  return CompletionFlag{{}, "", ValueKind::kFree, {}};
}

}  // namespace grovectl
