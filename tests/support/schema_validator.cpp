#include "support/schema_validator.hpp"

#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

namespace grovectl {
namespace {

// valijson paths look like "<root> [spec] [podgroups] [0]"; turn them into JSON pointers.
std::string context_to_pointer(const std::vector<std::string>& context) {
  std::string out;
  for (const auto& part : context) {
    if (part == "<root>") continue;
    std::string token = part;
    if (token.size() >= 2 && token.front() == '[' && token.back() == ']')
      token = token.substr(1, token.size() - 2);
    if (token.size() >= 2 && token.front() == '"' && token.back() == '"')
      token = token.substr(1, token.size() - 2);
    out += "/" + token;
  }
  return out;
}

// valijson aborts the process when a "format" keyword meets a non-string value (Kubernetes schemas put
// format: int32 on integers), and it only checks date/time formats anyway; drop the keyword.
void strip_formats(nlohmann::json& schema) {
  if (schema.is_array()) {
    for (auto& item : schema) strip_formats(item);
    return;
  }
  if (!schema.is_object()) return;
  if (schema.contains("format") && schema["format"].is_string()) schema.erase("format");
  for (auto it = schema.begin(); it != schema.end(); ++it) {
    if (it.key() == "properties" && it.value().is_object()) {
      for (auto& property : it.value()) strip_formats(property);
    } else if (it.key() != "enum" && it.key() != "default" && it.key() != "example") {
      strip_formats(it.value());
    }
  }
}

}  // namespace

struct SchemaValidator::Impl {
  nlohmann::json document;
  valijson::Schema schema;
  // Kept across calls: a validator caches each compiled "pattern" regex, which would otherwise be
  // recompiled for every object (the dominant cost of validating many documents). A validator is not
  // safe to share between threads, so each call borrows one from this pool.
  mutable std::mutex pool_mutex;
  mutable std::vector<std::unique_ptr<valijson::Validator>> pool;

  std::unique_ptr<valijson::Validator> borrow() const {
    std::lock_guard lock(pool_mutex);
    if (pool.empty()) return std::make_unique<valijson::Validator>(valijson::Validator::kStrongTypes);
    auto v = std::move(pool.back());
    pool.pop_back();
    return v;
  }
  void give_back(std::unique_ptr<valijson::Validator> v) const {
    std::lock_guard lock(pool_mutex);
    pool.push_back(std::move(v));
  }
};

SchemaValidator::SchemaValidator(const Json& schema) : impl_(std::make_unique<Impl>()) {
  impl_->document = nlohmann::json(schema);
  strip_formats(impl_->document);
  valijson::SchemaParser parser(valijson::SchemaParser::kDraft4);
  valijson::adapters::NlohmannJsonAdapter adapter(impl_->document);
  parser.populateSchema(adapter, impl_->schema);
}

SchemaValidator::~SchemaValidator() = default;
SchemaValidator::SchemaValidator(SchemaValidator&&) noexcept = default;
SchemaValidator& SchemaValidator::operator=(SchemaValidator&&) noexcept = default;

std::vector<SchemaError> SchemaValidator::validate(const Json& object) const {
  // A direct tree conversion (valijson's adapter takes nlohmann::json, not the ordered variant).
  const nlohmann::json target(object);
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter adapter(target);
  std::vector<SchemaError> errors;
  auto validator = impl_->borrow();
  const bool valid = validator->validate(impl_->schema, adapter, &results);
  impl_->give_back(std::move(validator));
  if (valid) return errors;
  valijson::ValidationResults::Error e;
  while (results.popError(e)) errors.push_back({context_to_pointer(e.context), e.description});
  return errors;
}

std::optional<Json> crd_version_schema(const Json& crd, const std::string& version) {
  if (!crd.contains("spec") || !crd["spec"].contains("versions")) return std::nullopt;
  for (const auto& v : crd["spec"]["versions"]) {
    if (v.value("name", "") == version && v.contains("schema") && v["schema"].contains("openAPIV3Schema")) {
      return v["schema"]["openAPIV3Schema"];
    }
  }
  return std::nullopt;
}

Json openapi_component_schema(const Json& openapi_document, const std::string& component) {
  Json schema = Json::object();
  schema["$ref"] = "#/components/schemas/" + component;
  schema["components"] = openapi_document.at("components");
  return schema;
}

Json strict_schema(Json schema) {
  if (schema.is_object()) {
    bool preserve = schema.value("x-kubernetes-preserve-unknown-fields", false);
    if (schema.contains("properties") && !schema.contains("additionalProperties") && !preserve) {
      schema["additionalProperties"] = false;
    }
    for (auto it = schema.begin(); it != schema.end(); ++it) {
      if (it.key() != "default" && it.key() != "example" && it.key() != "enum")
        it.value() = strict_schema(it.value());
    }
  } else if (schema.is_array()) {
    for (auto& item : schema) item = strict_schema(item);
  }
  return schema;
}

}  // namespace grovectl
