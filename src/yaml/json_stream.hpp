#pragma once
// kubectl reads an input that starts with '{' as a stream of JSON values, not as YAML
// (k8s.io/apimachinery/pkg/util/yaml/decoder.go: NewYAMLOrJSONDecoder, GuessJSONStream), and JSON is
// strict where YAML is lenient: no trailing commas, no comments, no single quotes, no unquoted keys. The
// reader checks such an input as JSON first, then reads each value as the YAML it also is (JSON is a
// subset of YAML's flow style), so every node keeps its position. A YAML stream is read as before, even
// when a later document of it is a flow mapping.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"

namespace grovectl {

// Whether kubectl would read `text` (without a byte order mark) as JSON: its first non-blank byte is '{'.
bool starts_as_json(std::string_view text);

// The byte offset at which each JSON value of `text` starts (one for a single object), or nullopt after
// reporting, at its file:line:col, the first place where `text` is not JSON.
std::optional<std::vector<size_t>> json_value_starts(std::string_view text, const std::string& file,
                                                     Diagnostics& diags);

}  // namespace grovectl
