// grovectl help [COMMAND]: the help of grovectl or of one command, as `kubectl help` prints it.
#include <iostream>

#include "cli/commands.hpp"
#include "core/exit_codes.hpp"

namespace grovectl {

CommandRunner add_help_command(CLI::App& app) {
  std::vector<std::string> names;
  for (CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  names.push_back("help");
  auto command = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("help", "Print the help of grovectl or of one command");
  cmd->add_option("command", *command, "The command to describe")->check(CLI::IsMember(names));
  cmd->footer(
      "Examples:\n"
      "  grovectl help\n"
      "  grovectl help render");
  return [&app, command] {
    // A command's help names its parent, as `grovectl COMMAND --help` does: "Usage: grovectl render".
    // (app.help() would describe the command being run, `help` itself.)
    std::cout << (command->empty()
                      ? app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal)
                      : app.get_subcommand(*command)->help(app.get_name()));
    std::cout.flush();
    return std::cout ? kExitOk : kExitFailure;
  };
}

}  // namespace grovectl
