// grovectl backends: the support matrix (backend x Kubernetes version -> kinds, gates).
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "backend/mapping.hpp"
#include "cli/commands.hpp"
#include "core/exit_codes.hpp"
#include "core/json.hpp"
#include "model/feature_gates.hpp"
#include "model/grove_version.hpp"
#include "model/kube_version.hpp"

namespace grovectl {
namespace {

struct MatrixRow {
  std::string backend;
  std::string kube;
  std::string hierarchy;
  std::vector<std::string> kinds;
  std::vector<std::string> gates;  // only gates that exist in that version
  std::vector<std::string> required_gates;
  std::vector<std::string> optional_gates;
  std::vector<std::string> runtime_config;
  std::vector<std::string> grove_versions;  // the Grove releases that have the backend
};

bool contains(const std::vector<std::string>& items, const std::string& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

std::vector<MatrixRow> matrix() {
  std::vector<MatrixRow> rows;
  for (const Mapping* m : all_scheduler_mappings()) {
    MappingInfo info = m->info();
    ClusterRequirements needs = m->requirements();
    for (const auto& v : KubeVersion::supported()) {
      if (std::find(info.kube_minors.begin(), info.kube_minors.end(), v.minor) == info.kube_minors.end())
        continue;
      MatrixRow row;
      row.backend = info.backend;
      row.kube = v.text();
      row.hierarchy = info.hierarchy;
      row.kinds = info.kinds;
      row.runtime_config = needs.runtime_config;
      row.kinds.insert(row.kinds.begin(), "scheduler.grove.io/v1alpha1 PodGang");
      for (const auto& g : GroveVersion::supported()) {
        if (g.has_backend(info.backend)) row.grove_versions.push_back(g.name);
      }
      for (const auto& g : info.gates) {
        if (!gate_exists(g, v)) continue;
        row.gates.push_back(g);
        (contains(needs.required_gates, g) ? row.required_gates : row.optional_gates).push_back(g);
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

std::string joined(const std::vector<std::string>& items, const char* sep) {
  return fmt::format("{}", fmt::join(items, sep));
}

// "GenericWorkload (required), TopologyAwareWorkloadScheduling (optional)", or "-".
std::string gates_text(const MatrixRow& r) {
  std::vector<std::string> items;
  for (const auto& g : r.required_gates) items.push_back(g + " (required)");
  for (const auto& g : r.optional_gates) items.push_back(g + " (optional)");
  return items.empty() ? "-" : joined(items, ", ");
}

std::string runtime_config_text(const MatrixRow& r) {
  return r.runtime_config.empty() ? "-" : "--runtime-config=" + joined(r.runtime_config, ",");
}

void print_text(const std::vector<MatrixRow>& rows) {
  size_t kinds_width = 5;
  size_t runtime_width = 14;
  size_t grove_width = 5;
  for (const auto& r : rows) {
    kinds_width = std::max(kinds_width, joined(r.kinds, ", ").size());
    runtime_width = std::max(runtime_width, runtime_config_text(r).size());
    grove_width = std::max(grove_width, joined(r.grove_versions, ", ").size());
  }
  std::cout << fmt::format("{:<18} {:<5} {:<10} {:<{}} {:<{}} {:<{}} {}\n", "BACKEND", "KUBE", "HIERARCHY",
                           "KINDS", kinds_width, "RUNTIME-CONFIG", runtime_width, "GROVE", grove_width,
                           "GATES");
  for (const auto& r : rows) {
    std::cout << fmt::format("{:<18} {:<5} {:<10} {:<{}} {:<{}} {:<{}} {}\n", r.backend, r.kube, r.hierarchy,
                             joined(r.kinds, ", "), kinds_width, runtime_config_text(r), runtime_width,
                             joined(r.grove_versions, ", "), grove_width, gates_text(r));
  }
}

void print_json(const std::vector<MatrixRow>& rows) {
  Json out = Json::array();
  for (const auto& r : rows) {
    out.push_back(Json{{"backend", r.backend},
                       {"kubeVersion", r.kube},
                       {"hierarchy", r.hierarchy},
                       {"kinds", r.kinds},
                       {"gates", r.gates},
                       {"requiredGates", r.required_gates},
                       {"optionalGates", r.optional_gates},
                       {"runtimeConfig", r.runtime_config},
                       {"groveVersions", r.grove_versions}});
  }
  std::cout << out.dump(2) << "\n";
}

}  // namespace

CommandRunner add_backends_command(CLI::App& app) {
  auto output = std::make_shared<std::string>("text");
  CLI::App* cmd =
      app.add_subcommand("backends", "Support matrix: backend x Kubernetes version -> kinds and gates");
  cmd->add_option("-o,--output", *output, "Output format: text or json")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->footer(
      "RUNTIME-CONFIG: the kube-apiserver --runtime-config that serves the Workload API version, which is\n"
      "off by default (KEP-4671). GATES: feature gates to enable on kube-apiserver, kube-scheduler and\n"
      "kube-controller-manager: required ones for the objects to exist and be scheduled as a gang, optional\n"
      "ones only for the fields that use them (topology constraints, priority). GROVE: the Grove releases\n"
      "(--grove-version) that have the backend; with epoch names (v0.1.0-alpha.13) every PodCliqueSet\n"
      "replica also gets a grove.io/v1alpha1 PodGangMap.\n"
      "Examples:\n"
      "  grovectl backends\n"
      "  grovectl backends -o json | jq '.[] | select(.backend == \"default-scheduler\")'");
  return [output] {
    auto rows = matrix();
    if (*output == "json") {
      print_json(rows);
    } else {
      print_text(rows);
    }
    std::cout.flush();
    return std::cout ? kExitOk : kExitFailure;
  };
}

}  // namespace grovectl
