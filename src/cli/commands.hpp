#pragma once
// Each command registers its flags on the app and returns the function that runs it.
#include <CLI/CLI.hpp>
#include <functional>
#include <map>

namespace grovectl {

using CommandRunner = std::function<int()>;

CommandRunner add_render_command(CLI::App& app);
CommandRunner add_validate_command(CLI::App& app);
CommandRunner add_diff_command(CLI::App& app);
CommandRunner add_backends_command(CLI::App& app);
CommandRunner add_version_command(CLI::App& app);
CommandRunner add_completion_command(CLI::App& app);
// Last: it lists the commands added before it.
CommandRunner add_help_command(CLI::App& app);

// Every command above, with the function that runs each (run_cli, and tests that read the command line).
std::map<CLI::App*, CommandRunner> add_commands(CLI::App& app);

}  // namespace grovectl
