#pragma once
// A shell-neutral description of the command line, read from the CLI11 app at run time, so the
// completion scripts follow every flag other commands add. Values a flag accepts come from a small
// table (values.cpp) or, failing that, from a CLI::IsMember check on the option.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "core/strings.hpp"

namespace grovectl {

enum class ValueKind {
  kNone,        // a flag without a value
  kFree,        // any text: nothing to offer
  kChoices,     // one of `choices`
  kList,        // comma-separated `choices`
  kFiles,       // input files (YAML/JSON) or directories
  kDirs,        // directories only
  kContexts,    // kubeconfig context names (asked from kubectl at completion time)
  kNamespaces,  // namespaces of the current context (asked from kubectl at completion time)
};

struct CompletionFlag {
  std::vector<std::string> names;  // "-f", "--filename" (short names first)
  std::string description;         // the first line, up to its first sentence
  ValueKind kind = ValueKind::kNone;
  std::vector<std::string> choices;
  bool repeatable = false;
  bool exits = false;  // --help / --version: nothing else may follow
};

struct CompletionCommand {
  std::string name;
  std::string description;
  std::vector<CompletionFlag> flags;
  ValueKind positional_kind = ValueKind::kNone;  // first positional argument, if the command takes one
  std::vector<std::string> positional_choices;
  std::vector<CompletionCommand> subcommands;
};

// What values `flag` (its long name, e.g. "--backend") takes on `command` ("" for the root).
// Returns kFree with no choices when the table does not know the flag.
CompletionFlag value_hint(const std::string& command, const std::string& flag);

// Walks the app: every visible subcommand and option, in definition order.
CompletionCommand completion_model(CLI::App& app);

// A help text as one line for a completion menu: its first line, up to the first sentence end outside
// parentheses. Colons and semicolons stay, so "Migration preview: render again for this backend" is
// not cut to "Migration preview".
std::string short_description(const std::string& text);

std::string bash_completion_script(const CompletionCommand& root);
std::string zsh_completion_script(const CompletionCommand& root);
std::string fish_completion_script(const CompletionCommand& root);

}  // namespace grovectl
