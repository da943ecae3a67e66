// grovectl diff (see DESIGN §7).
#include <iostream>

#include "cli/commands.hpp"
#include "core/exit_codes.hpp"

namespace grovectl {

CommandRunner add_diff_command(CLI::App& app) {
  app.add_subcommand("diff", "Not built yet")->allow_extras();
  return [] {
    std::cerr << "grovectl: diff is not built yet\n";
    return kExitFailure;
  };
}

}  // namespace grovectl
