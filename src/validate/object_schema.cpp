// Layer 5: rendered objects against src/validate/schemas/objects_<group>_<version>_<Kind>.json (plain JSON
// schemas: undeclared fields are allowed), compiled once and checked by src/schema/.
#include <fmt/format.h>

#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "core/embedded.hpp"
#include "schema/check.hpp"
#include "schema/compile.hpp"
#include "schema/crd_schemas.hpp"
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

const schema::CompiledSchema* schema_for(const std::string& path) {
  static std::map<std::string, std::unique_ptr<schema::CompiledSchema>> cache;
  static std::mutex cache_mutex;  // validate checks documents on several threads
  std::lock_guard lock(cache_mutex);
  auto it = cache.find(path);
  if (it != cache.end()) return it->second.get();
  std::unique_ptr<schema::CompiledSchema> compiled;
  if (auto text = find_embedded(path)) {
    Json doc = Json::parse(*text);
    std::string error;
    compiled = schema::CompiledSchema::compile(doc, doc.value("definitions", Json::object()),
                                               schema::Dialect::kOpenJsonSchema, error);
    if (!compiled) throw std::logic_error("embedded schema " + path + ": " + error);
  }
  return cache.emplace(path, std::move(compiled)).first->second.get();
}

}  // namespace

bool check_rendered_object(const Json& object, const GroveVersion& grove_version, const SourceDocument& where,
                           Diagnostics& diags) {
  std::string api = object.value("apiVersion", ""), kind = object.value("kind", "");
  std::string name = object.contains("metadata") ? object["metadata"].value("name", "") : "";
  // A kind the Grove version has a CRD for (the PodGangMap): the API server checks it against that CRD.
  const std::string crd_file = api == "grove.io/v1alpha1" ? grove_version.crd_file(kind) : "";
  if (const schema::CrdSchema* crd = crd_file.empty() ? nullptr : schema::embedded_crd_schema(crd_file)) {
    for (auto& f : crd->check(object, schema::UnknownFields::kReport)) {
      diags.error("output/" + f.rule.substr(f.rule.find('/') + 1),
                  fmt::format("rendered {} {}: {}", kind, name, f.message), where.locate(), f.field);
    }
    return true;
  }
  const schema::CompiledSchema* s = schema_for(schema_path(api, kind));
  if (!s) {
    diags.error("output/no-schema",
                fmt::format("grovectl has no schema for rendered {} {} {}", api, kind, name), where.locate());
    return false;
  }
  schema::CheckOptions options;
  options.resource_root = false;  // these schemas spell out the metadata they allow
  // Pointers are into the rendered object, so every finding is placed at the input document's start.
  for (auto& f : schema::check(object, s->root(), options)) {
    diags.error("output/" + f.rule.substr(f.rule.find('/') + 1),
                fmt::format("rendered {} {}: {}", kind, name, f.message), where.locate(), f.field);
  }
  return true;
}

}  // namespace grovectl
