// grovectl completion bash|zsh|fish.
#include "cli/commands.hpp"
#include "core/exit_codes.hpp"

namespace grovectl {

CommandRunner add_completion_command(CLI::App& app) {
  app.add_subcommand("completion", "Not built yet")->allow_extras();
  return [] { return kExitFailure; };
}

}  // namespace grovectl
