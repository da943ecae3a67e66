#pragma once
// Values in messages as Go prints them, bounded (core/text_excerpt.hpp): apimachinery's field.Error quotes a
// string value with %q and writes other values with json.Marshal, and Grove's backends quote names with %q.
#include <string>

#include "core/json.hpp"

namespace grovectl {

// Go %q of a string.
std::string go_quote(const std::string& s);
// json.Marshal of a value.
std::string go_json(const Json& value);

}  // namespace grovectl
