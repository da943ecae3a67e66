#pragma once
// Checks one document against a compiled schema, the way the API server validates a custom resource on
// create: nulls of non-nullable fields are dropped first (a defaulted one takes its default), then
// unknown fields (pruned by the server; errors under kubectl's default --validate=strict), types,
// enums, patterns, bounds, required fields and list-type keys.
#include <string>
#include <vector>

#include "core/json.hpp"
#include "schema/node.hpp"

namespace grovectl::schema {

struct SchemaFinding {
  std::string rule;  // schema/type, schema/enum, schema/pattern, schema/required, schema/unknown-field, ...
  std::string pointer;  // JSON pointer of the node in the checked document
  std::string field;    // the API server's field path, e.g. spec.template.cliques[0].spec.replicas
  std::string message;  // in the API server's words
};

enum class UnknownFields { kReport, kIgnore };

struct CheckOptions {
  UnknownFields unknown_fields = UnknownFields::kReport;
  // The document is a whole resource: its `metadata` is ObjectMeta (see object_meta.hpp).
  bool resource_root = true;
  // The CRD has the status subresource: the server resets `status` on create, so only unknown fields
  // are reported there.
  bool status_subresource = false;
};

std::vector<SchemaFinding> check(const Json& document, const Node& root, const CheckOptions& options);

// The JSON type of a value as the API server names it: object, array, string, integer, number, boolean,
// null.
const char* json_type_name(const Json& v);

}  // namespace grovectl::schema
