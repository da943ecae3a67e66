// The metadata of a resource root. A CRD's schema says only `metadata: {type: object}`; the API server
// reads it as metav1.ObjectMeta (apiextensions-apiserver pkg/apiserver/schema/objectmeta), so a field
// ObjectMeta does not have is an unknown field and each known one has ObjectMeta's type
// (k8s.io/apimachinery pkg/apis/meta/v1/types.go). Value rules (label syntax, name format) are
// validate's metadata rules, not schema.
#include "schema/object_meta.hpp"

#include <stdexcept>

#include "schema/compile.hpp"

namespace grovectl::schema {
namespace {

constexpr const char* kObjectMeta = R"({
  "type": "object",
  "properties": {
    "name": {"type": "string"},
    "generateName": {"type": "string"},
    "namespace": {"type": "string"},
    "selfLink": {"type": "string"},
    "uid": {"type": "string"},
    "resourceVersion": {"type": "string"},
    "generation": {"type": "integer", "format": "int64"},
    "creationTimestamp": {"type": "string", "format": "date-time"},
    "deletionTimestamp": {"type": "string", "format": "date-time"},
    "deletionGracePeriodSeconds": {"type": "integer", "format": "int64"},
    "labels": {"type": "object", "additionalProperties": {"type": "string"}},
    "annotations": {"type": "object", "additionalProperties": {"type": "string"}},
    "ownerReferences": {"type": "array", "items": {
      "type": "object",
      "required": ["apiVersion", "kind", "name", "uid"],
      "properties": {
        "apiVersion": {"type": "string"},
        "kind": {"type": "string"},
        "name": {"type": "string"},
        "uid": {"type": "string"},
        "controller": {"type": "boolean"},
        "blockOwnerDeletion": {"type": "boolean"}
      }
    }},
    "finalizers": {"type": "array", "items": {"type": "string"}},
    "managedFields": {"type": "array", "items": {
      "type": "object",
      "properties": {
        "manager": {"type": "string"},
        "operation": {"type": "string"},
        "apiVersion": {"type": "string"},
        "time": {"type": "string", "format": "date-time"},
        "fieldsType": {"type": "string"},
        "fieldsV1": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
        "subresource": {"type": "string"}
      }
    }}
  }
})";

}  // namespace

const Node& object_meta_node() {
  static const std::unique_ptr<CompiledSchema> compiled = [] {
    std::string error;
    auto c = CompiledSchema::compile(Json::parse(kObjectMeta), Json::object(), Dialect::kStructural, error);
    if (!c) throw std::logic_error("ObjectMeta schema: " + error);
    return c;
  }();
  return compiled->root();
}

}  // namespace grovectl::schema
