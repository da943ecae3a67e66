// grovectl validate (see DESIGN §6).
#include <iostream>

#include "cli/commands.hpp"
#include "core/exit_codes.hpp"

namespace grovectl {

CommandRunner add_validate_command(CLI::App& app) {
  app.add_subcommand("validate", "Not built yet")->allow_extras();
  return [] {
    std::cerr << "grovectl: validate is not built yet\n";
    return kExitFailure;
  };
}

}  // namespace grovectl
