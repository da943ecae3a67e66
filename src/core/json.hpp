#pragma once
// The in-memory object model: insertion-ordered JSON, so output key order is fixed by code and templates.
#include <nlohmann/json.hpp>

namespace grovectl {
using Json = nlohmann::ordered_json;
}  // namespace grovectl
