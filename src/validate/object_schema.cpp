// Layer 5: rendered objects against src/validate/schemas/objects_<group>_<version>_<Kind>.json.
#include <fmt/format.h>

#include <map>
#include <memory>
#include <mutex>

#include "core/embedded.hpp"
#include "validate/input_schema.hpp"
#include "validate/validate.hpp"

namespace grovectl {
namespace {

std::string schema_path(const std::string& api_version, const std::string& kind) {
  if (api_version == "jobset.x-k8s.io/v1alpha2" && kind == "JobSet")
    return "src/validate/schemas/jobset.json";
  std::string gv = api_version;
  for (auto& ch : gv) {
    if (ch == '/') ch = '_';
  }
  return fmt::format("src/validate/schemas/objects_{}_{}.json", gv, kind);
}

const SchemaValidator* validator_for(const std::string& path) {
  static std::map<std::string, std::shared_ptr<SchemaValidator>> cache;
  static std::mutex cache_mutex;  // validate checks documents on several threads
  std::lock_guard lock(cache_mutex);
  auto it = cache.find(path);
  if (it != cache.end()) return it->second.get();
  auto text = find_embedded(path);
  std::shared_ptr<SchemaValidator> v;
  if (text) v = std::make_shared<SchemaValidator>(Json::parse(*text));
  return cache.emplace(path, v).first->second.get();
}

}  // namespace

bool check_rendered_object(const Json& object, const SourceDocument& where, Diagnostics& diags) {
  std::string api = object.value("apiVersion", ""), kind = object.value("kind", "");
  std::string name = object.contains("metadata") ? object["metadata"].value("name", "") : "";
  const SchemaValidator* v = validator_for(schema_path(api, kind));
  if (!v) {
    diags.error("output/no-schema",
                fmt::format("grovectl has no schema for rendered {} {} {}", api, kind, name), where.locate());
    return false;
  }
  Diagnostics found;
  // Pointers are into the rendered object, so every finding is placed at the input document's start.
  report_schema_errors(where, v->validate(object), true, "output", found);
  for (auto d : found.items()) {
    d.location = where.locate();
    d.message = fmt::format("rendered {} {}: {}", kind, name, d.message);
    diags.add(std::move(d));
  }
  return true;
}

}  // namespace grovectl
