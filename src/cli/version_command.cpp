// grovectl version: version and git commit.
#include <iostream>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "core/exit_codes.hpp"

namespace grovectl {

CommandRunner add_version_command(CLI::App& app) {
  app.add_subcommand("version", "Print the grovectl version and git commit");
  return [] {
    std::cout << "grovectl " << build::kVersion;
    if (*build::kCommit) std::cout << " (commit " << build::kCommit << ")";
    std::cout << "\n";
    return kExitOk;
  };
}

}  // namespace grovectl
