#pragma once
// Fields that cannot change in place (immutable_fields.cpp names the markers): a change to one of them means
// deleting and creating the object, which a migration plan must say rather than call it a change.
#include <string>

#include "core/json.hpp"

namespace grovectl::diff {

// Why a change at `path` (compare.hpp pointer form) of `object` cannot be applied in place, or "".
std::string immutable_reason(const Json& object, const std::string& path);

}  // namespace grovectl::diff
