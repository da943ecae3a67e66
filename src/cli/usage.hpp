#pragma once
// kubectl's habits for the command line as a whole: help on a bare call, unknown commands and flags
// named, one "grovectl: error:" prefix for every usage error (CLI11's own included), and each
// option's default shown in --help.
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace grovectl {

// Records the current value of every option that has one as its default, so --help prints
// `--hierarchy TEXT:{flat,composite}=flat`. Call after all commands are added, before parsing.
void show_defaults_in_help(CLI::App& app);

// Formats CLI11's parse errors as "grovectl: error: ...", followed by where to find the usage.
void use_grovectl_error_format(CLI::App& app);

// The command being run ("grovectl render"), or the root's name when no subcommand was given.
std::string command_path(const CLI::App& root);

// Arguments the parser could not place (extras are allowed so they can be named): an unknown command
// at the root, an unknown flag, or an argument a command does not take. Prints the error and returns
// true when there is one.
bool report_unknown_arguments(CLI::App& root);

}  // namespace grovectl
