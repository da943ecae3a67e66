// grovectl backends: the support matrix.
#include <iostream>

#include "cli/commands.hpp"
#include "core/exit_codes.hpp"

namespace grovectl {

CommandRunner add_backends_command(CLI::App& app) {
  app.add_subcommand("backends", "Not built yet");
  return [] { return kExitFailure; };
}

}  // namespace grovectl
