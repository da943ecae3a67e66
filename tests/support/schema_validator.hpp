#pragma once
// JSON-Schema checks of objects (valijson, draft 4), for OpenAPI v3 schemas as Kubernetes publishes them
// (CRD openAPIV3Schema blocks and the components/schemas of an OpenAPI document) and for the SARIF schema.
// The conformance tests' second opinion on rendered objects, beside grovectl's own schema check
// (src/schema/); valijson is a test package (docs/design.md, "Dependencies"), so this lives with the tests,
// not in the binary.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/json.hpp"

namespace grovectl {

struct SchemaError {
  std::string pointer;  // JSON pointer of the offending node in the checked object
  std::string message;
};

class SchemaValidator {
 public:
  // `schema` is self-contained: "$ref"s point into the same document ("#/components/schemas/...").
  explicit SchemaValidator(const Json& schema);
  ~SchemaValidator();
  SchemaValidator(SchemaValidator&&) noexcept;
  SchemaValidator& operator=(SchemaValidator&&) noexcept;

  std::vector<SchemaError> validate(const Json& object) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The openAPIV3Schema of `version` in a CustomResourceDefinition, or nullopt.
std::optional<Json> crd_version_schema(const Json& crd, const std::string& version);

// A schema for one component of an OpenAPI v3 document (e.g. "io.k8s.api.scheduling.v1beta1.Workload"):
// {"$ref": "#/components/schemas/<name>", "components": ...}.
Json openapi_component_schema(const Json& openapi_document, const std::string& component);

// Makes a Kubernetes schema strict: every object schema with "properties" and no
// additionalProperties / x-kubernetes-preserve-unknown-fields gets additionalProperties: false, so unknown
// fields are reported (the API server would prune them).
Json strict_schema(Json schema);

}  // namespace grovectl
