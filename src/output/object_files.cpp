#include "output/object_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <set>

namespace grovectl {
namespace fs = std::filesystem;
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string safe_component(const std::string& s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.') ? c : '_';
  return out;
}

// An earlier grovectl output: "<namespace>/<kind>.<group>/<name>.yaml|json", or the older flat
// "NNNN-<kind>-<name>.yaml|json" (so that a directory written by an earlier version can be replaced).
bool looks_like_our_file(const fs::path& relative) {
  static const std::regex flat("[0-9]{4,}-[a-z0-9_.-]+\\.(yaml|json)");
  static const std::regex component("[A-Za-z0-9_.-]+");
  static const std::regex file("[A-Za-z0-9_.-]+\\.(yaml|json)");
  std::vector<std::string> parts;
  for (const auto& part : relative) parts.push_back(part.string());
  if (parts.size() == 1) return std::regex_match(parts[0], flat);
  return parts.size() == 3 && std::regex_match(parts[0], component) &&
         std::regex_match(parts[1], component) && std::regex_match(parts[2], file);
}

// The first entry under `dir` that grovectl did not write (a foreign file, a directory deeper than the
// layout, a link or a device), or empty.
fs::path first_foreign_entry(const fs::path& dir, std::error_code& ec) {
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::error_code type_ec;
    const fs::path relative = it->path().lexically_relative(dir);
    const auto depth = std::distance(relative.begin(), relative.end());
    if (it->is_symlink(type_ec)) return relative;
    if (it->is_directory(type_ec)) {
      if (depth > 2) return relative;
      continue;
    }
    if (!it->is_regular_file(type_ec) || !looks_like_our_file(relative)) return relative;
  }
  return {};
}

fs::path sibling_temp(const fs::path& dir, const char* tag) {
  std::random_device rd;
  return dir.parent_path() / fmt::format(".{}.{}-{:08x}", dir.filename().string(), tag, rd());
}

bool write_all(const fs::path& tmp, const std::vector<std::string>& names,
               const std::vector<std::string>& contents, Diagnostics& diags) {
  for (size_t i = 0; i < names.size(); ++i) {
    fs::path file = tmp / names[i];
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << contents[i];
    out.flush();
    if (!out) {
      diags.error("output/io", fmt::format("cannot write {}", file.string()), Location{file.string()});
      return false;
    }
  }
  return true;
}

// The outermost ancestor of `p` (inclusive) that does not exist yet; empty when `p` exists.
fs::path first_missing_ancestor(fs::path p) {
  std::error_code ec;
  fs::path missing;
  while (!p.empty() && !fs::exists(p, ec)) {
    missing = p;
    if (p == p.parent_path()) break;
    p = p.parent_path();
  }
  return missing;
}

}  // namespace

std::vector<std::string> object_file_names(const std::vector<Json>& objects, const std::string& extension) {
  std::vector<std::string> names;
  for (const Json& o : objects) {
    auto text = [](const Json& parent, const char* key) {
      return parent.is_object() && parent.contains(key) && parent[key].is_string()
                 ? parent[key].get<std::string>()
                 : std::string();
    };
    const Json& meta = o.is_object() && o.contains("metadata") ? o["metadata"] : Json();
    std::string ns = text(meta, "namespace");
    std::string kind = text(o, "kind");
    std::string api_version = text(o, "apiVersion");
    std::string group =
        api_version.find('/') == std::string::npos ? "" : api_version.substr(0, api_version.find('/'));
    std::string kind_dir = safe_component(lower(kind.empty() ? "object" : kind)) +
                           (group.empty() ? "" : "." + safe_component(group));
    names.push_back(fmt::format("{}/{}/{}.{}", ns.empty() ? "_cluster" : safe_component(ns), kind_dir,
                                safe_component(text(meta, "name")), extension));
  }
  return names;
}

bool write_object_files(const std::string& dir_arg, const std::vector<std::string>& names,
                        const std::vector<std::string>& contents, Diagnostics& diags) {
  std::set<std::string> unique;
  for (const auto& name : names) {
    if (unique.insert(name).second) continue;
    diags.error(
        "output/collision",
        fmt::format("two objects would be written to {} under --output-dir (same namespace, kind, API "
                    "group and name)",
                    name),
        Location{dir_arg});
    return false;
  }
  fs::path dir = fs::absolute(dir_arg).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  std::error_code ec;
  bool exists = fs::exists(dir, ec);
  if (exists) {
    if (!fs::is_directory(dir, ec)) {
      diags.error("output/io", "--output-dir exists and is not a directory", Location{dir_arg});
      return false;
    }
    if (fs::path foreign = first_foreign_entry(dir, ec); !foreign.empty()) {
      diags.error("output/not-ours",
                  fmt::format("--output-dir {} holds {}, which grovectl did not write; choose a new or empty "
                              "directory",
                              dir_arg, foreign.string()),
                  Location{dir_arg});
      return false;
    }
  }
  if (ec) {
    diags.error("output/io", fmt::format("cannot read --output-dir {}: {}", dir_arg, ec.message()),
                Location{dir_arg});
    return false;
  }
  // Missing parents are created, and removed again if anything fails, so a failure leaves nothing new.
  fs::path first_created = first_missing_ancestor(dir.parent_path());
  auto undo_parents = [&] {
    std::error_code ignore;
    if (!first_created.empty()) fs::remove_all(first_created, ignore);
  };
  fs::path tmp = sibling_temp(dir, "tmp");
  if (!fs::create_directories(tmp, ec)) {
    diags.error("output/io", fmt::format("cannot create {}: {}", tmp.string(), ec.message()),
                Location{dir_arg});
    undo_parents();
    return false;
  }
  if (!write_all(tmp, names, contents, diags)) {
    fs::remove_all(tmp, ec);
    undo_parents();
    return false;
  }
  fs::path old = sibling_temp(dir, "old");
  if (exists) {
    fs::rename(dir, old, ec);
    if (ec) {
      diags.error("output/io", fmt::format("cannot replace {}: {}", dir_arg, ec.message()),
                  Location{dir_arg});
      fs::remove_all(tmp, ec);
      undo_parents();
      return false;
    }
  }
  fs::rename(tmp, dir, ec);
  if (ec) {
    diags.error("output/io", fmt::format("cannot move output into {}: {}", dir_arg, ec.message()),
                Location{dir_arg});
    std::error_code ignore;
    if (exists) fs::rename(old, dir, ignore);
    fs::remove_all(tmp, ignore);
    undo_parents();
    return false;
  }
  if (exists) fs::remove_all(old, ec);
  return true;
}

}  // namespace grovectl
