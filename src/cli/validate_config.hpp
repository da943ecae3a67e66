#pragma once
// .grovectl.yaml, validate's configuration file, as kube-linter users keep a .kube-linter.yaml: found in the
// current directory or the nearest one above it, or named with --config FILE.
//
//   flags:            # defaults for grovectl validate's flags, by long name; the command line wins
//     backend: kai-scheduler
//     strict: true
//     skip-kinds: [Secret]
//   skipRules:        # rule ids (or GROUP/*) switched off; --enable-rules switches one back on
//   - input/duplicate-object
//   ignorePaths:      # globs relative to this file's folder; a walk leaves matching files and folders out
//   - examples/legacy/**
//
// Problems are usage errors located in the file (exit 2).
#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "yaml/document.hpp"

namespace grovectl {

inline constexpr const char* kConfigFileName = ".grovectl.yaml";

struct ConfigFlag {
  std::string name;  // long name, without dashes
  std::vector<std::string> values;
  Location at;
};

struct ValidateConfig {
  std::string file;              // as found or given
  std::filesystem::path folder;  // absolute: where ignorePaths start
  std::vector<ConfigFlag> flags;
  std::vector<std::string> skip_rules;
  std::vector<std::string> ignore_paths;
};

// The nearest .grovectl.yaml from `start` upward, or "" when there is none.
std::string find_config_file(const std::filesystem::path& start);

std::optional<ValidateConfig> load_validate_config(const std::string& file, Diagnostics& diags);

// Sets each flag of `config` on `command` that its command line left unset, as if given there.
void apply_config_flags(CLI::App& command, const ValidateConfig& config, Diagnostics& diags);

// Whether a walk leaves `path` out (as it meets it, relative to the current directory or absolute): the
// configuration file itself, and what matches a glob of ignorePaths. A glob matches the path relative to the
// config file's folder, segment by segment with fnmatch(3); "**" stands for any number of folders.
bool config_ignores(const ValidateConfig& config, const std::string& path);
bool glob_matches(const std::string& glob, const std::string& relative_path);

}  // namespace grovectl
