// grovectl backends: the support matrix (backend x Kubernetes version -> kinds, gates).
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "backend/mapping.hpp"
#include "cli/commands.hpp"
#include "core/exit_codes.hpp"
#include "core/json.hpp"
#include "model/feature_gates.hpp"
#include "model/kube_version.hpp"

namespace grovectl {
namespace {

struct MatrixRow {
  std::string backend;
  std::string kube;
  std::string hierarchy;
  std::vector<std::string> kinds;
  std::vector<std::string> gates;  // only gates that exist in that version
};

std::vector<MatrixRow> matrix() {
  std::vector<MatrixRow> rows;
  for (const Mapping* m : all_scheduler_mappings()) {
    MappingInfo info = m->info();
    for (const auto& v : KubeVersion::supported()) {
      if (std::find(info.kube_minors.begin(), info.kube_minors.end(), v.minor) == info.kube_minors.end())
        continue;
      MatrixRow row{info.backend, v.text(), info.hierarchy, info.kinds, {}};
      row.kinds.insert(row.kinds.begin(), "scheduler.grove.io/v1alpha1 PodGang");
      for (const auto& g : info.gates) {
        if (gate_exists(g, v)) row.gates.push_back(g);
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

void print_text(const std::vector<MatrixRow>& rows) {
  size_t kinds_width = 5;
  for (const auto& r : rows) kinds_width = std::max(kinds_width, join(r.kinds, ", ").size());
  std::cout << fmt::format("{:<18} {:<5} {:<10} {:<{}} {}\n", "BACKEND", "KUBE", "HIERARCHY", "KINDS",
                           kinds_width, "GATES");
  for (const auto& r : rows) {
    std::cout << fmt::format("{:<18} {:<5} {:<10} {:<{}} {}\n", r.backend, r.kube, r.hierarchy,
                             join(r.kinds, ", "), kinds_width, r.gates.empty() ? "-" : join(r.gates, ","));
  }
}

void print_json(const std::vector<MatrixRow>& rows) {
  Json out = Json::array();
  for (const auto& r : rows) {
    out.push_back(Json{{"backend", r.backend},
                       {"kubeVersion", r.kube},
                       {"hierarchy", r.hierarchy},
                       {"kinds", r.kinds},
                       {"gates", r.gates}});
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
