// grovectl version (and the root --version flag): version, git commit and what the binary supports.
#include <iostream>
#include <string_view>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "core/embedded.hpp"
#include "core/exit_codes.hpp"
#include "core/json.hpp"
#include "core/strings.hpp"
#include "model/grove_version.hpp"
#include "model/kube_version.hpp"
#include "model/options.hpp"
#include "yaml/emitter.hpp"

namespace grovectl {
namespace {

std::string commit() {
  return *build::kCommit ? build::kCommit : "unknown";
}

Json version_info() {
  Json info = Json::object();
  info["version"] = build::kVersion;
  info["gitCommit"] = commit();
  Json versions = Json::array();
  for (const auto& v : KubeVersion::supported()) versions.push_back(v.text());
  info["kubernetesVersions"] = versions;
  info["defaultKubernetesVersion"] = KubeVersion::newest().text();
  Json grove = Json::array();
  for (const auto& v : GroveVersion::supported()) grove.push_back(v.name);
  info["groveVersions"] = grove;
  info["defaultGroveVersion"] = GroveVersion::newest().name;
  Json backends = Json::array();
  for (const auto& name : backend_names()) {
    if (backend_name(*parse_backend(name)) == name) backends.push_back(name);  // aliases left out
  }
  info["backends"] = backends;
  Json schemas = Json::array();
  constexpr std::string_view kSchemaDir = "src/validate/schemas/";
  for (const auto& f : embedded_files()) {
    if (f.path.starts_with(kSchemaDir)) schemas.push_back(std::string(f.path.substr(kSchemaDir.size())));
  }
  info["embeddedSchemas"] = schemas;
  return info;
}

// The strings of a JSON list separated by ", ", or "none".
std::string listed(const Json& list) {
  return list.empty() ? "none" : join(list.get<std::vector<std::string>>(), ", ");
}

std::string text(const Json& info) {
  return "Version: " + info["version"].get<std::string>() + "\n" +                      //
         "Git commit: " + info["gitCommit"].get<std::string>() + "\n" +                 //
         "Kubernetes versions: " + listed(info["kubernetesVersions"]) + " (default " +  //
         info["defaultKubernetesVersion"].get<std::string>() + ")\n" +                  //
         "Grove versions: " + listed(info["groveVersions"]) + " (default " +            //
         info["defaultGroveVersion"].get<std::string>() + ")\n" +                       //
         "Backends: " + listed(info["backends"]) + "\n" +                               //
         "Embedded schemas: " + listed(info["embeddedSchemas"]) + "\n";
}

}  // namespace

CommandRunner add_version_command(CLI::App& app) {
  app.set_version_flag("--version", std::string("grovectl ") + build::kVersion + " (commit " + commit() + ")",
                       "Print the version and exit");
  auto output = std::make_shared<std::string>("text");
  CLI::App* cmd =
      app.add_subcommand("version", "Print the grovectl version, git commit and what it supports");
  cmd->add_option("-o,--output", *output, "Output format: text, json or yaml")
      ->check(CLI::IsMember({"text", "json", "yaml"}));
  cmd->footer(
      "Examples:\n"
      "  grovectl version\n"
      "  grovectl version -o json | jq -r .gitCommit\n"
      "  grovectl --version");
  return [output] {
    Json info = version_info();
    if (*output == "json") {
      std::cout << info.dump(2) << "\n";
    } else if (*output == "yaml") {
      std::cout << to_yaml(info);
    } else {
      std::cout << text(info);
    }
    std::cout.flush();
    return std::cout ? kExitOk : kExitFailure;
  };
}

}  // namespace grovectl
