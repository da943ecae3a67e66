#include "yaml/positions.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <string>

#include "yaml/document.hpp"

namespace grovectl {
namespace {

uint64_t hash_key(std::string_view key) {
  return std::hash<std::string_view>{}(key);
}

}  // namespace

PositionTree::NodeId PositionTree::add_node(Position value, std::optional<Position> key,
                                            std::string_view key_text) {
  Node n;
  n.value = value;
  if (key) {
    n.key = *key;
    n.key_hash = hash_key(key_text);
  }
  nodes_.push_back(n);
  return static_cast<NodeId>(nodes_.size() - 1);
}

void PositionTree::set_children(NodeId parent, const std::vector<NodeId>& children, bool is_mapping) {
  Node& p = nodes_[parent];
  p.first_child = static_cast<uint32_t>(children_.size());
  p.child_count = static_cast<uint32_t>(children.size());
  p.is_mapping = is_mapping;
  if (!is_mapping) {
    children_.insert(children_.end(), children.begin(), children.end());
    return;
  }
  std::vector<std::pair<uint64_t, NodeId>> by_hash;  // sorted without chasing node records
  by_hash.reserve(children.size());
  for (NodeId c : children) by_hash.emplace_back(nodes_[c].key_hash, c);
  std::sort(by_hash.begin(), by_hash.end());
  for (const auto& [hash, c] : by_hash) children_.push_back(c);
}

PositionTree::NodeId PositionTree::child(const Node& parent, std::string_view token) const {
  auto begin = children_.begin() + parent.first_child;
  auto end = begin + parent.child_count;
  if (parent.is_mapping) {
    // Two keys with the same 64-bit hash would share a position; it only affects where a message points.
    const uint64_t h = hash_key(unescape_pointer_token(token));
    auto it = std::lower_bound(begin, end, h, [&](NodeId n, uint64_t v) { return nodes_[n].key_hash < v; });
    return it != end && nodes_[*it].key_hash == h ? *it : kNoNode;
  }
  size_t index = 0;
  auto [stop, ec] = std::from_chars(token.data(), token.data() + token.size(), index);
  if (token.empty() || ec != std::errc() || stop != token.data() + token.size()) return kNoNode;
  return index < parent.child_count ? *(begin + static_cast<std::ptrdiff_t>(index)) : kNoNode;
}

PositionTree::Found PositionTree::find(std::string_view pointer) const {
  Found found;
  found.value = document_start_;
  found.is_root = true;
  NodeId at = root_;
  if (at == kNoNode) return found;
  size_t pos = 0;
  while (pos < pointer.size()) {
    size_t next = pointer.find('/', pos + 1);
    size_t end = next == std::string_view::npos ? pointer.size() : next;
    NodeId c = child(nodes_[at], pointer.substr(pos + 1, end - pos - 1));
    if (c == kNoNode) break;
    at = c;
    found.is_root = false;
    pos = end;
  }
  if (found.is_root) return found;
  const Node& n = nodes_[at];
  found.value = n.value;
  if (n.key.line > 0) found.key = n.key;
  return found;
}

}  // namespace grovectl
