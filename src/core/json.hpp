#pragma once
// The in-memory object model: insertion-ordered JSON, so output key order is fixed by code and templates.
#include <nlohmann/json.hpp>

#include "core/ordered_map.hpp"

namespace grovectl {
using Json = nlohmann::basic_json<OrderedMap>;
}  // namespace grovectl
