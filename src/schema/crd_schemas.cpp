#include "schema/crd_schemas.hpp"

#include <map>
#include <mutex>
#include <stdexcept>

#include "core/embedded.hpp"

namespace grovectl::schema {

std::vector<SchemaFinding> CrdSchema::check(const Json& object, UnknownFields unknown_fields) const {
  CheckOptions options;
  options.unknown_fields = unknown_fields;
  options.resource_root = true;
  options.status_subresource = status_subresource;
  return schema::check(object, compiled->root(), options);
}

std::unique_ptr<CrdSchema> compile_crd_schema(std::string_view file, std::string_view text,
                                              std::string& error) {
  Json doc = Json::parse(text, /*cb=*/nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("schema")) {
    error = std::string(file) + ": not a structural schema file";
    return nullptr;
  }
  auto out = std::make_unique<CrdSchema>();
  out->file = std::string(file);
  out->api_version = doc.value("group", "") + "/" + doc.value("version", "");
  out->kind = doc.value("kind", "");
  out->namespaced = doc.value("scope", "Namespaced") == "Namespaced";
  out->status_subresource = doc.value("statusSubresource", false);
  out->compiled = CompiledSchema::compile(doc["schema"], doc.value("definitions", Json::object()),
                                          Dialect::kStructural, error);
  if (!out->compiled) {
    error = std::string(file) + ": " + error;
    return nullptr;
  }
  return out;
}

std::unique_ptr<CrdSchema> compile_crd_version(std::string_view file, const Json& crd, const Json& version,
                                               std::string& error) {
  const Json& spec = crd.at("spec");
  auto out = std::make_unique<CrdSchema>();
  out->file = std::string(file);
  out->api_version = spec.value("group", "") + "/" + version.value("name", "");
  out->kind = spec.contains("names") ? spec["names"].value("kind", "") : "";
  out->namespaced = spec.value("scope", "Namespaced") == "Namespaced";
  out->status_subresource = version.contains("subresources") && version["subresources"].is_object() &&
                            version["subresources"].contains("status");
  out->compiled = CompiledSchema::compile(version["schema"]["openAPIV3Schema"], Json::object(),
                                          Dialect::kStructural, error);
  if (!out->compiled) return nullptr;
  return out;
}

const CrdSchema* embedded_crd_schema(std::string_view file) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<CrdSchema>, std::less<>> cache;
  std::lock_guard lock(mutex);
  if (auto it = cache.find(file); it != cache.end()) return it->second.get();
  std::unique_ptr<CrdSchema> schema;
  if (auto text = find_embedded(file)) {
    std::string error;
    schema = compile_crd_schema(file, *text, error);
    if (!schema) throw std::logic_error("embedded schema " + error);
  }
  return cache.emplace(std::string(file), std::move(schema)).first->second.get();
}

}  // namespace grovectl::schema
