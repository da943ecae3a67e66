#pragma once
// Path patterns over JSON values: "/spec/podgroups/*/minReplicas". A token "*" matches every key or
// list item, "name=X" the list item whose key field equals X, a number a list index, and "**" (not last)
// any number of levels, none included. Tokens use JSON pointer escaping (~0 for "~", ~1 for "/").
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/json.hpp"

namespace grovectl::diff {

std::vector<std::string> split_pointer(const std::string& pointer);
std::string escape_token(const std::string& token);

// The key field of a list whose items are all objects with a unique string field of that name
// (checked on both lists together, item by item within each), or nullopt: compare by position.
std::optional<std::string> list_key(const Json& a, const Json& b);
std::optional<std::string> list_key(const Json& a);

// Calls `fn(parent, last_token)` for every parent object that the pattern's prefix reaches.
void for_each_parent(Json& root, const std::vector<std::string>& tokens,
                     const std::function<void(Json& parent, const std::string& last)>& fn);

// Removes every node the pattern matches; returns how many were removed.
size_t erase_matching(Json& root, const std::vector<std::string>& tokens);

}  // namespace grovectl::diff
