#pragma once
// Canonical YAML and JSON text for output objects: block style, keys in the object's own order,
// strings quoted whenever a YAML 1.1 or 1.2 reader could take them for another type.
#include <string>
#include <vector>

#include "core/json.hpp"

namespace grovectl {

// One document, without a leading "---".
std::string to_yaml(const Json& value);
// Documents separated by "---" lines; empty string for no documents.
std::string to_yaml_stream(const std::vector<Json>& documents);
// A single object as is; several objects as a kind: List (as kubectl get -o json does).
std::string to_json_text(const std::vector<Json>& documents);

// Appends `value` to `out` (used by the stream writer to avoid copies).
void append_yaml(std::string& out, const Json& value);

}  // namespace grovectl
