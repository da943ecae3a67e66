#pragma once
// Cheap checks that run before the YAML parser: encoding and a nesting-depth bound.
// Everything after the parser (JSON trees, emitters, destructors) recurses, so a deeply nested input is
// refused before it is parsed.
#include <string>
#include <string_view>

#include "core/diagnostic.hpp"

namespace grovectl {

// Returns false (after adding a located diagnostic) for NUL bytes, invalid UTF-8, or nesting that
// could exceed `max_depth`.
bool prescan_yaml(std::string_view text, const std::string& file, size_t max_depth, Diagnostics& diags);

}  // namespace grovectl
