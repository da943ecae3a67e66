#include "cli/app.hpp"

#include <filesystem>
#include <iostream>
#include <map>

#include "cli/commands.hpp"
#include "cli/usage.hpp"
#include "core/exit_codes.hpp"
#include "core/out_of_memory.hpp"

namespace grovectl {

std::map<CLI::App*, CommandRunner> add_commands(CLI::App& app) {
  std::map<CLI::App*, CommandRunner> runners;
  for (auto adder : {add_render_command, add_validate_command, add_diff_command, add_backends_command,
                     add_version_command, add_completion_command, add_help_command}) {
    size_t before = app.get_subcommands({}).size();
    CommandRunner r = adder(app);
    auto subs = app.get_subcommands({});
    if (subs.size() > before) runners[subs.back()] = std::move(r);
  }
  return runners;
}

int run_cli(int argc, char** argv) {
  CLI::App app{
      "grovectl expands Grove PodCliqueSets and JobSets, offline, into the gang objects a scheduler backend\n"
      "needs on a given Kubernetes version; validates them in CI; and diffs them against what is live.",
      "grovectl"};
  // Installed as kubectl-grove, the program is the kubectl plugin `kubectl grove`.
  if (argc > 0 && std::filesystem::path(argv[0]).filename() == "kubectl-grove") app.name("kubectl grove");
  app.require_subcommand(0, 1);
  app.allow_extras();  // inherited by every command: unknown arguments are named after parsing
  use_grovectl_error_format(app);
  app.footer(
      "Exit codes: 0 success, 1 an invalid input (render), error findings (validate) or differences (diff),\n"
      "2 usage error, 3 I/O or internal error, 4 an input diff cannot use (invalid, unparsable, over a "
      "budget).\n"
      "Run 'grovectl COMMAND --help' for the flags and examples of a command.");
  std::map<CLI::App*, CommandRunner> runners = add_commands(app);
  show_defaults_in_help(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // An unknown flag is the first thing to fix, before a missing required one.
    if (!report_unknown_arguments(app)) app.exit(e);
    return kExitUsage;
  }
  if (report_unknown_arguments(app)) return kExitUsage;
  for (auto& [sub, runner] : runners) {
    if (sub->parsed()) {
      try {
        return runner();
      } catch (const std::bad_alloc&) {
        report_out_of_memory();
        return kExitFailure;
      } catch (const std::exception& e) {
        std::cerr << "grovectl: internal error: " << e.what() << "\n";
        return kExitFailure;
      }
    }
  }
  // A bare call prints the help, as kubectl does.
  std::cout << app.help();
  std::cout.flush();
  return std::cout ? kExitOk : kExitFailure;
}

}  // namespace grovectl
