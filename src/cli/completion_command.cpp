// grovectl completion bash|zsh|fish: prints a completion script built from the command line itself.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/completion/model.hpp"
#include "core/exit_codes.hpp"

namespace grovectl {

CommandRunner add_completion_command(CLI::App& app) {
  auto shell = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("completion", "Print a shell completion script (bash, zsh or fish)");
  cmd->add_option("shell", *shell, "Shell to complete for: bash, zsh or fish")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh", "fish"}));
  cmd->footer(
      "Examples:\n"
      "  source <(grovectl completion bash)                # bash, this shell only\n"
      "  grovectl completion bash > ~/.local/share/bash-completion/completions/grovectl\n"
      "  grovectl completion zsh > \"${fpath[1]}/_grovectl\"  # zsh\n"
      "  grovectl completion fish > ~/.config/fish/completions/grovectl.fish\n"
      "The scripts also complete kubectl-grove. 'cmake --install' puts them where each shell looks.");
  CLI::App* root = &app;
  return [shell, root] {
    CompletionCommand model = completion_model(*root);
    if (*shell == "bash") std::cout << bash_completion_script(model);
    if (*shell == "zsh") std::cout << zsh_completion_script(model);
    if (*shell == "fish") std::cout << fish_completion_script(model);
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "grovectl: error: cannot write to standard output\n";
      return kExitFailure;
    }
    return kExitOk;
  };
}

}  // namespace grovectl
