#pragma once
// The structural copies of the official CRD schemas embedded from schemas/crd/ (made by
// scripts/structural_schema.py), each compiled once per process on first use.
#include <memory>
#include <string>
#include <string_view>

#include "schema/check.hpp"
#include "schema/compile.hpp"

namespace grovectl::schema {

struct CrdSchema {
  std::string file;  // "schemas/crd/podcliqueset.json"
  std::string api_version;
  std::string kind;
  bool namespaced = true;
  bool status_subresource = false;
  std::unique_ptr<CompiledSchema> compiled;

  // Checks a whole object of this kind.
  std::vector<SchemaFinding> check(const Json& object, UnknownFields unknown_fields) const;
};

// The CRD schema embedded as `file` ("schemas/crd/jobset.json"); nullptr when there is none. Throws
// std::logic_error when the embedded file does not compile (a build defect the test suite catches).
const CrdSchema* embedded_crd_schema(std::string_view file);

// Compiles one structural schema file's text (the format scripts/structural_schema.py writes).
std::unique_ptr<CrdSchema> compile_crd_schema(std::string_view file, std::string_view text,
                                              std::string& error);

// Compiles one version (an item of spec.versions) of an official CustomResourceDefinition, as the API server
// uses it; `file` names where it was read. Its CEL rules (x-kubernetes-validations) are left out: validate
// applies Grove's and JobSet's as rules of their own.
std::unique_ptr<CrdSchema> compile_crd_version(std::string_view file, const Json& crd, const Json& version,
                                               std::string& error);

}  // namespace grovectl::schema
