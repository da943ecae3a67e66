#include "backend/templates.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/budgets.hpp"
#include "core/embedded.hpp"
#include "input/file_reading.hpp"
#include "yaml/reader.hpp"

namespace grovectl {
namespace fs = std::filesystem;
namespace {

Json parse_template(std::string_view text, const std::string& name, Diagnostics& diags) {
  auto docs = parse_yaml_stream(text, name, diags);
  if (docs.size() != 1 || !docs.front().value.is_object()) {
    diags.error("templates/invalid", "a template must be exactly one YAML mapping", Location{name});
    return Json(nullptr);
  }
  return docs.front().value;
}

const std::map<std::string, Json>& embedded_skeletons() {
  static const std::map<std::string, Json> skeletons = [] {
    std::map<std::string, Json> out;
    for (const auto& f : embedded_files()) {
      std::string path(f.path);
      if (!path.starts_with("templates/")) continue;
      Diagnostics ignored;  // embedded templates are checked by the test suite
      out[path.substr(10)] = parse_template(f.content, path, ignored);
    }
    return out;
  }();
  return skeletons;
}

void drop_nulls(Json& j) {
  if (!j.is_object()) {
    if (j.is_array()) {
      for (auto& item : j) drop_nulls(item);
    }
    return;
  }
  for (auto it = j.begin(); it != j.end();) {
    if (it.value().is_null()) {
      it = j.erase(it);
    } else {
      drop_nulls(it.value());
      ++it;
    }
  }
}

// The computed values are moved into the result, never copied (objects can hold long lists). The
// skeleton's keys come first, in its order, then the computed keys it does not have; both sides' keys
// are unique, so members are appended without a lookup in the result.
Json merge(const Json& skeleton, Json&& computed) {
  if (!skeleton.is_object() || !computed.is_object())
    return computed.is_null() ? skeleton : std::move(computed);
  auto& computed_members = computed.get_ref<Json::object_t&>();
  const auto& skeleton_members = skeleton.get_ref<const Json::object_t&>();
  Json out = Json::object();
  auto& members = out.get_ref<Json::object_t&>();
  members.reserve(skeleton_members.size() + computed_members.size());
  for (const auto& [key, value] : skeleton_members) {
    auto c = computed_members.find(key);
    if (c != computed_members.end()) {
      members.emplace_back(key, merge(value, std::move(c->second)));
    } else if (!value.is_null()) {  // a null left unfilled would be dropped afterwards (drop_nulls)
      members.emplace_back(key, value);
    }
  }
  for (auto& [key, value] : computed_members) {
    if (skeleton_members.find(key) == skeleton_members.end())
      members.emplace_back(std::move(key), std::move(value));
  }
  // What is left of `computed` goes now, member by member; nlohmann's destructor would first move each
  // member onto a stack of its own.
  computed_members.clear();
  return out;
}

}  // namespace

Json merge_into_skeleton(const Json& skeleton, Json computed) {
  Json out = merge(skeleton, std::move(computed));
  drop_nulls(out);
  return out;
}

TemplateSet TemplateSet::load(const std::string& dir, Diagnostics& diags) {
  TemplateSet set;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    diags.error("usage/templates", fmt::format("--templates {}: not a directory", dir), Location{dir});
    return set;
  }
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    // Regular files only (a FIFO would block, a link loop would throw), read within the input budget.
    std::error_code type_ec;
    if (!it->is_regular_file(type_ec) || it->path().extension() != ".yaml") continue;
    std::string text;
    if (!read_input(ReadRequest{.path = it->path().string(), .max_bytes = kMaxInputBytes}, text, diags))
      continue;
    std::string rel = fs::relative(it->path(), dir, type_ec).generic_string();
    set.overrides_[rel] = parse_template(text, it->path().string(), diags);
  }
  return set;
}

const Json& TemplateSet::skeleton(const std::string& name) const {
  static const Json kNull(nullptr);
  if (auto it = overrides_.find(name); it != overrides_.end()) return it->second;
  const auto& embedded = embedded_skeletons();
  if (auto it = embedded.find(name); it != embedded.end()) return it->second;
  return kNull;
}

Json TemplateSet::instantiate(const std::string& name, Json computed) const {
  return merge_into_skeleton(skeleton(name), std::move(computed));
}

}  // namespace grovectl
