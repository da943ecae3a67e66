#pragma once
// Reading a member a few mappings down without exceptions. (Json::value and Json::at with a JSON pointer
// throw and catch an exception for each missing member, and let a list met on the way escape as a parse
// error.)
#include <initializer_list>
#include <string>
#include <string_view>

#include "core/json.hpp"

namespace grovectl {

// The member at the end of `keys` below `root`, or nullptr when one is missing or a step is not a mapping.
const Json* member_at(const Json& root, std::initializer_list<const char*> keys);
// object[key], as Json's operator[] gives it (a missing member is added as null), except that a member
// that is there is found without first making a std::string of its key.
Json& member_or_null_added(Json& object, std::string_view key);
// The string there, or "" when there is none or it is not a string.
std::string string_member_at(const Json& root, std::initializer_list<const char*> keys);
// The object's label `key` (metadata.labels), or "" when it has none or the value is not a string.
std::string label_at(const Json& object, const char* key);

}  // namespace grovectl
