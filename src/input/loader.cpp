#include "input/loader.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace grovectl {
namespace fs = std::filesystem;
namespace {

bool has_manifest_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

// kind: List (and *List kinds such as PodCliqueSetList) become their items, keeping source positions.
void flatten_lists(SourceDocument doc, std::vector<SourceDocument>& out, Diagnostics& diags) {
  const Json& v = doc.value;
  bool is_list = v.is_object() && v.contains("kind") && v["kind"].is_string() &&
                 v["kind"].get<std::string>().size() >= 4 && v["kind"].get<std::string>().ends_with("List") &&
                 v.contains("items");
  if (!is_list) {
    out.push_back(std::move(doc));
    return;
  }
  if (!v["items"].is_array()) {
    diags.error("input/list", "items of a List must be a sequence", doc.locate("/items"), "items");
    return;
  }
  for (size_t i = 0; i < v["items"].size(); ++i) {
    if (v["items"][i].is_null()) continue;  // an empty item, skipped like an empty document
    SourceDocument item{doc.file, doc.index, v["items"][i], doc.positions,
                        doc.base_pointer + pointer_append("/items", i)};
    flatten_lists(std::move(item), out, diags);
  }
}

bool read_file(const fs::path& path, std::string& text, Diagnostics& diags) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error("input/io", fmt::format("cannot open: {}", std::strerror(errno)), Location{path.string()});
    return false;
  }
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) {
    diags.error("input/io", "read error", Location{path.string()});
    return false;
  }
  text = buf.str();
  return true;
}

void load_one_file(const fs::path& path, std::vector<SourceDocument>& out, Diagnostics& diags,
                   const LoadOptions& options) {
  std::string text;
  if (!read_file(path, text, diags)) return;
  for (auto& doc : parse_yaml_stream(text, path.string(), diags, options.limits)) {
    flatten_lists(std::move(doc), out, diags);
  }
}

bool ignored(const fs::path& p, const LoadOptions& options) {
  const std::string text = p.string();
  return std::any_of(options.ignore.begin(), options.ignore.end(),
                     [&](const std::regex& re) { return std::regex_search(text, re); });
}

bool is_hidden(const fs::path& p) {
  const std::string name = p.filename().string();
  return name.size() > 1 && name[0] == '.' && name != "..";
}

// The manifests below `dir`, sorted; what cannot be read on the way is reported.
std::vector<fs::path> walk_directory(const fs::path& dir, Diagnostics& diags, const LoadOptions& options) {
  std::vector<fs::path> files;
  std::error_code ec;
  auto it = fs::recursive_directory_iterator(dir, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    std::error_code type_ec;
    const bool link = entry.is_symlink(type_ec);
    const bool directory = !link && entry.is_directory(type_ec);
    if (directory) {
      if (is_hidden(entry.path()) || ignored(entry.path(), options)) it.disable_recursion_pending();
      continue;
    }
    if (!has_manifest_extension(entry.path()) || ignored(entry.path(), options)) continue;
    if (link && !fs::exists(entry.path(), type_ec)) {
      diags.error(
          "input/io",
          fmt::format("dangling symbolic link to {}", fs::read_symlink(entry.path(), type_ec).string()),
          Location{entry.path().string()});
      continue;
    }
    if (fs::is_regular_file(entry.path(), type_ec)) files.push_back(entry.path());
  }
  if (ec)
    diags.error("input/io", fmt::format("cannot read directory: {}", ec.message()), Location{dir.string()});
  std::sort(files.begin(), files.end());
  return files;
}

void load_directory(const fs::path& dir, std::vector<SourceDocument>& out, Diagnostics& diags,
                    const LoadOptions& options) {
  for (const auto& f : walk_directory(dir, diags, options)) load_one_file(f, out, diags, options);
}

void load_stdin(std::vector<SourceDocument>& out, Diagnostics& diags, const LoadOptions& options) {
  if (!options.allow_stdin_tty && isatty(STDIN_FILENO)) {
    diags.error("input/io", "refusing to read from a terminal; pipe input into \"-f -\"", Location{"-"});
    return;
  }
  std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  for (auto& doc : parse_yaml_stream(text, "-", diags, options.limits))
    flatten_lists(std::move(doc), out, diags);
}

}  // namespace

std::vector<SourceDocument> load_documents(const std::vector<std::string>& paths, Diagnostics& diags,
                                           const LoadOptions& options) {
  std::vector<SourceDocument> out;
  for (const auto& p : paths) {
    if (p == "-") {
      load_stdin(out, diags, options);
      continue;
    }
    std::error_code ec;
    fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      diags.error("input/io", "no such file or directory", Location{p});
    } else if (fs::is_directory(st)) {
      load_directory(p, out, diags, options);
    } else {
      load_one_file(p, out, diags, options);
    }
  }
  return out;
}

std::vector<SourceDocument> load_text(const std::string& text, const std::string& name, Diagnostics& diags,
                                      const LoadOptions& options) {
  std::vector<SourceDocument> out;
  for (auto& doc : parse_yaml_stream(text, name, diags, options.limits))
    flatten_lists(std::move(doc), out, diags);
  return out;
}

}  // namespace grovectl
