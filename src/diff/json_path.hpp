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

// The key field of a list whose items are all objects with a unique string field of that name ("name",
// else "epoch"; checked on both lists together, item by item within each), or nullopt: compare by
// position.
std::optional<std::string> list_key(const Json& a, const Json& b);
std::optional<std::string> list_key(const Json& a);

// Calls `fn(parent, last_token)` for every parent object that the pattern's prefix reaches.
void for_each_parent(Json& root, const std::vector<std::string>& tokens,
                     const std::function<void(Json& parent, const std::string& last)>& fn);

// Removes every node the pattern matches; returns how many were removed.
size_t erase_matching(Json& root, const std::vector<std::string>& tokens);

// The concrete paths of the nodes the pattern matches; list items by "name=X" when their list is keyed
// (list_key), else by index, so a path found in one object can be looked up in another.
std::vector<std::vector<std::string>> matching_paths(const Json& root,
                                                     const std::vector<std::string>& tokens);
// The node at a concrete path, or nullptr.
const Json* find_path(const Json& root, const std::vector<std::string>& path);
// Removes the node at a concrete path (if there).
void erase_path(Json& root, const std::vector<std::string>& path);

}  // namespace grovectl::diff
