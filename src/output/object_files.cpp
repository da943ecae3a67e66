#include "output/object_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

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

bool looks_like_our_output(const fs::path& p) {
  static const std::regex re("[0-9]{4,}-[a-z0-9_.-]+\\.(yaml|json)");
  return std::regex_match(p.filename().string(), re);
}

fs::path sibling_temp(const fs::path& dir, const char* tag) {
  std::random_device rd;
  return dir.parent_path() / fmt::format(".{}.{}-{:08x}", dir.filename().string(), tag, rd());
}

bool write_all(const fs::path& tmp, const std::vector<std::string>& names,
               const std::vector<std::string>& contents, Diagnostics& diags) {
  for (size_t i = 0; i < names.size(); ++i) {
    fs::path file = tmp / names[i];
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
  int width = std::max<int>(4, std::to_string(objects.size()).size());
  for (size_t i = 0; i < objects.size(); ++i) {
    const Json& o = objects[i];
    std::string kind = o.contains("kind") && o["kind"].is_string() ? o["kind"].get<std::string>() : "object";
    std::string name;
    if (o.contains("metadata") && o["metadata"].is_object() && o["metadata"].contains("name") &&
        o["metadata"]["name"].is_string()) {
      name = o["metadata"]["name"].get<std::string>();
    }
    names.push_back(fmt::format("{:0{}}-{}-{}.{}", i + 1, width, safe_component(lower(kind)),
                                safe_component(name), extension));
  }
  return names;
}

bool write_object_files(const std::string& dir_arg, const std::vector<std::string>& names,
                        const std::vector<std::string>& contents, Diagnostics& diags) {
  fs::path dir = fs::absolute(dir_arg).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  std::error_code ec;
  bool exists = fs::exists(dir, ec);
  if (exists) {
    if (!fs::is_directory(dir, ec)) {
      diags.error("output/io", "--output-dir exists and is not a directory", Location{dir_arg});
      return false;
    }
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      std::error_code type_ec;
      if (!entry.is_regular_file(type_ec) || !looks_like_our_output(entry.path())) {
        diags.error(
            "output/not-ours",
            fmt::format("--output-dir {} holds {}, which grovectl did not write; choose a new or empty "
                        "directory",
                        dir_arg, entry.path().filename().string()),
            Location{dir_arg});
        return false;
      }
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
