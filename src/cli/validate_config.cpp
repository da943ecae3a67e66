#include "cli/validate_config.hpp"

#include <fmt/format.h>
#include <fnmatch.h>

#include <set>

#include "input/loader.hpp"

namespace grovectl {
namespace fs = std::filesystem;
namespace {

// Flags a configuration file cannot set: the inputs and the file itself.
const std::set<std::string> kNotConfigurable = {"filename", "config", "help"};

void config_error(Diagnostics& diags, const Location& at, const std::string& message) {
  diags.error("usage/config", message, at);
}

// A scalar as the command line would spell it.
std::optional<std::string> flag_text(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  return std::nullopt;
}

void read_flags(const SourceDocument& doc, const Json& flags, ValidateConfig& config, Diagnostics& diags) {
  if (!flags.is_object()) {
    config_error(diags, doc.locate("/flags"), "flags must be a mapping of flag names to values");
    return;
  }
  for (const auto& [name, value] : flags.items()) {
    const std::string pointer = "/flags/" + name;
    ConfigFlag flag{name, {}, doc.locate(pointer)};
    const Json items = value.is_array() ? value : Json::array({value});
    for (const auto& item : items) {
      auto text = flag_text(item);
      if (!text) {
        config_error(
            diags, flag.at,
            fmt::format("flags.{}: a value must be a string, number or boolean (or a list of them)", name));
        break;
      }
      flag.values.push_back(*text);
    }
    config.flags.push_back(std::move(flag));
  }
}

std::vector<std::string> read_strings(const SourceDocument& doc, const Json& list, const std::string& key,
                                      Diagnostics& diags) {
  std::vector<std::string> out;
  if (!list.is_array()) {
    config_error(diags, doc.locate("/" + key), key + " must be a list of strings");
    return out;
  }
  for (size_t i = 0; i < list.size(); ++i) {
    if (!list[i].is_string()) {
      config_error(diags, doc.locate(fmt::format("/{}/{}", key, i)), key + " must be a list of strings");
      continue;
    }
    out.push_back(list[i].get<std::string>());
  }
  return out;
}

std::vector<std::string> segments(const std::string& path) {
  std::vector<std::string> out;
  for (const auto& part : fs::path(path).lexically_normal()) {
    const std::string s = part.generic_string();
    if (!s.empty() && s != "." && s != "/") out.push_back(s);
  }
  return out;
}

bool match_segments(const std::vector<std::string>& glob, size_t g, const std::vector<std::string>& path,
                    size_t p) {
  if (g == glob.size()) return p == path.size();
  if (glob[g] == "**") {
    for (size_t skip = p; skip <= path.size(); ++skip) {
      if (match_segments(glob, g + 1, path, skip)) return true;
    }
    return false;
  }
  return p < path.size() && ::fnmatch(glob[g].c_str(), path[p].c_str(), FNM_PERIOD) == 0 &&
         match_segments(glob, g + 1, path, p + 1);
}

}  // namespace

std::string find_config_file(const fs::path& start) {
  std::error_code ec;
  const fs::path from = fs::absolute(start, ec).lexically_normal();
  if (ec) return "";
  for (fs::path dir = from;; dir = dir.parent_path()) {
    const fs::path candidate = dir / kConfigFileName;
    std::error_code missing;  // a folder without one, or one that cannot be read: look further up
    if (fs::is_regular_file(candidate, missing)) return candidate.string();
    if (dir == dir.root_path() || dir.parent_path() == dir) break;
  }
  return "";
}

std::optional<ValidateConfig> load_validate_config(const std::string& file, Diagnostics& diags) {
  Diagnostics found;
  const std::vector<SourceDocument> docs = load_documents({file}, found);
  for (auto d : found.items()) {
    // A configuration that cannot be read is the command line's problem: a usage error, not the input's.
    d.message = fmt::format("configuration file: {}", d.message);
    d.rule = "usage/config";
    diags.add(std::move(d));
  }
  if (found.has_errors()) return std::nullopt;
  ValidateConfig config;
  config.file = file;
  std::error_code ec;
  config.folder = fs::absolute(fs::path(file), ec).parent_path();
  if (docs.size() > 1) config_error(diags, docs[1].locate(), "a configuration file holds one document");
  if (docs.empty()) return config;
  const SourceDocument& doc = docs.front();
  if (!doc.value.is_object()) {
    config_error(diags, doc.locate(), "a configuration file is a mapping (flags, skipRules, ignorePaths)");
    return std::nullopt;
  }
  const size_t errors = diags.error_count();
  for (const auto& [key, value] : doc.value.items()) {
    if (key == "flags")
      read_flags(doc, value, config, diags);
    else if (key == "skipRules")
      config.skip_rules = read_strings(doc, value, key, diags);
    else if (key == "ignorePaths")
      config.ignore_paths = read_strings(doc, value, key, diags);
    else
      config_error(diags, doc.locate("/" + key),
                   fmt::format("unknown key \"{}\" (a configuration file holds flags, skipRules and "
                               "ignorePaths)",
                               key));
  }
  if (diags.error_count() > errors) return std::nullopt;
  return config;
}

void apply_config_flags(CLI::App& command, const ValidateConfig& config, Diagnostics& diags) {
  for (const auto& flag : config.flags) {
    CLI::Option* option =
        kNotConfigurable.count(flag.name) ? nullptr : command.get_option_no_throw("--" + flag.name);
    if (!option) {
      config_error(diags, flag.at,
                   fmt::format("flags.{}: grovectl {} has no such flag to set (flags are named by their long "
                               "name, without dashes; -f and --config cannot be set here)",
                               flag.name, command.get_name()));
      continue;
    }
    if (option->count() > 0) continue;  // the command line wins
    try {
      if (option->get_expected_min() == 0) {
        for (const auto& v : flag.values) option->add_result(option->get_flag_value(flag.name, v));
      } else {
        option->add_result(flag.values);
      }
      option->run_callback();
    } catch (const CLI::Error& e) {
      config_error(diags, flag.at, fmt::format("flags.{}: {}", flag.name, e.what()));
    }
  }
}

bool glob_matches(const std::string& glob, const std::string& relative_path) {
  return match_segments(segments(glob), 0, segments(relative_path), 0);
}

bool config_ignores(const ValidateConfig& config, const std::string& path) {
  if (config.file.empty()) return false;
  std::error_code ec;
  const fs::path absolute = fs::absolute(fs::path(path), ec).lexically_normal();
  const fs::path relative = absolute.lexically_relative(config.folder.lexically_normal());
  if (relative.empty() || *relative.begin() == "..") return false;
  // The configuration is not an input.
  if (relative == fs::path(config.file).filename()) return true;
  for (const auto& glob : config.ignore_paths) {
    if (glob_matches(glob, relative.generic_string())) return true;
  }
  return false;
}

}  // namespace grovectl
