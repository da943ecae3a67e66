#include "diff/json_path.hpp"

#include <set>

#include "yaml/document.hpp"

namespace grovectl::diff {
namespace {

std::string unescape(const std::string& t) {
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '~' && i + 1 < t.size() && (t[i + 1] == '0' || t[i + 1] == '1')) {
      out += t[i + 1] == '0' ? '~' : '/';
      ++i;
    } else {
      out += t[i];
    }
  }
  return out;
}

bool keyed_by(const Json& list, const std::string& field) {
  std::set<std::string> seen;
  for (const auto& item : list) {
    if (!item.is_object()) return false;
    auto it = item.find(field);
    if (it == item.end() || !it->is_string()) return false;
    if (!seen.insert(it->get<std::string>()).second) return false;
  }
  return true;
}

bool item_matches(const Json& item, size_t index, const std::string& token) {
  if (token == "*") return true;
  auto eq = token.find('=');
  if (eq != std::string::npos) {
    auto field = token.substr(0, eq);
    return item.is_object() && item.contains(field) && item[field].is_string() &&
           item[field].get<std::string>() == token.substr(eq + 1);
  }
  return token == std::to_string(index);
}

void walk(Json& node, const std::vector<std::string>& tokens, size_t i,
          const std::function<void(Json&, const std::string&)>& fn) {
  if (i + 1 == tokens.size()) {
    fn(node, tokens[i]);
    return;
  }
  const std::string& t = tokens[i];
  if (t == "**") {  // zero levels here, or one more level and still inside "**"
    walk(node, tokens, i + 1, fn);
    if (node.is_object()) {
      for (auto it = node.begin(); it != node.end(); ++it) walk(it.value(), tokens, i, fn);
    } else if (node.is_array()) {
      for (auto& item : node) walk(item, tokens, i, fn);
    }
    return;
  }
  if (node.is_object() && t != "*") {
    auto it = node.find(t);
    if (it != node.end()) walk(*it, tokens, i + 1, fn);
  } else if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) walk(it.value(), tokens, i + 1, fn);
  } else if (node.is_array()) {
    for (size_t k = 0; k < node.size(); ++k) {
      if (item_matches(node[k], k, t)) walk(node[k], tokens, i + 1, fn);
    }
  }
}

}  // namespace

std::vector<std::string> split_pointer(const std::string& pointer) {
  std::vector<std::string> tokens;
  size_t start = 1;
  if (pointer.empty()) return tokens;
  while (start <= pointer.size()) {
    size_t slash = pointer.find('/', start);
    if (slash == std::string::npos) slash = pointer.size();
    tokens.push_back(unescape(pointer.substr(start, slash - start)));
    start = slash + 1;
  }
  return tokens;
}

std::optional<std::string> list_key(const Json& a, const Json& b) {
  if (a.empty() && b.empty()) return std::nullopt;
  if (keyed_by(a, "name") && keyed_by(b, "name")) return std::string("name");
  // A PodGangMap's entries, a list map keyed by epoch (ai-dynamo/grove PR #778 podgangmap.go).
  if (keyed_by(a, "epoch") && keyed_by(b, "epoch")) return std::string("epoch");
  return std::nullopt;
}

std::optional<std::string> list_key(const Json& a) {
  return list_key(a, Json::array());
}

void for_each_parent(Json& root, const std::vector<std::string>& tokens,
                     const std::function<void(Json&, const std::string&)>& fn) {
  if (tokens.empty()) return;
  walk(root, tokens, 0, fn);
}

size_t erase_matching(Json& root, const std::vector<std::string>& tokens) {
  size_t removed = 0;
  for_each_parent(root, tokens, [&](Json& parent, const std::string& last) {
    if (parent.is_object()) {
      if (last == "*") {
        removed += parent.size();
        parent = Json::object();
      } else {
        removed += parent.erase(last);
      }
    } else if (parent.is_array()) {
      Json kept = Json::array();
      for (size_t k = 0; k < parent.size(); ++k) {
        if (item_matches(parent[k], k, last)) {
          ++removed;
        } else {
          kept.push_back(parent[k]);
        }
      }
      parent = std::move(kept);
    }
  });
  return removed;
}

namespace {

void collect(const Json& node, const std::vector<std::string>& tokens, size_t i, std::vector<std::string>& at,
             std::vector<std::vector<std::string>>& out) {
  if (i == tokens.size()) {
    out.push_back(at);
    return;
  }
  const std::string& t = tokens[i];
  if (t == "**") {
    collect(node, tokens, i + 1, at, out);
  }
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (t != "*" && t != "**" && it.key() != t) continue;
      at.push_back(it.key());
      collect(it.value(), tokens, t == "**" ? i : i + 1, at, out);
      at.pop_back();
    }
  } else if (node.is_array()) {
    auto key = list_key(node);
    for (size_t k = 0; k < node.size(); ++k) {
      if (t != "**" && !item_matches(node[k], k, t)) continue;
      at.push_back(key ? *key + "=" + node[k][*key].get<std::string>() : std::to_string(k));
      collect(node[k], tokens, t == "**" ? i : i + 1, at, out);
      at.pop_back();
    }
  }
}

Json* child_at(Json& node, const std::string& token) {
  if (node.is_object()) {
    auto it = node.find(token);
    return it == node.end() ? nullptr : &*it;
  }
  if (node.is_array()) {
    for (size_t k = 0; k < node.size(); ++k) {
      bool by_key = token.find('=') != std::string::npos;
      if ((by_key && item_matches(node[k], k, token)) || (!by_key && token == std::to_string(k)))
        return &node[k];
    }
  }
  return nullptr;
}

}  // namespace

std::vector<std::vector<std::string>> matching_paths(const Json& root,
                                                     const std::vector<std::string>& tokens) {
  std::vector<std::vector<std::string>> out;
  std::vector<std::string> at;
  if (!tokens.empty()) collect(root, tokens, 0, at, out);
  return out;
}

const Json* find_path(const Json& root, const std::vector<std::string>& path) {
  // child_at only reads; it takes a mutable node so erase_path can share it.
  Json* node = const_cast<Json*>(&root);
  for (const auto& t : path) {
    node = child_at(*node, t);
    if (!node) return nullptr;
  }
  return node;
}

void erase_path(Json& root, const std::vector<std::string>& path) {
  if (path.empty()) return;
  Json* parent = &root;
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    parent = child_at(*parent, path[i]);
    if (!parent) return;
  }
  if (parent->is_object()) parent->erase(path.back());
}

}  // namespace grovectl::diff
