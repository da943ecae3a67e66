#pragma once
// Where each node of a parsed document was written: compact records in a tree parallel to the JSON value,
// with no path strings, so their size grows with the number of nodes the parser produced and nothing else
// (a copy made by an alias has one record, the alias's).
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace grovectl {

struct Position {
  int line = 0;    // 1-based
  int column = 0;  // 1-based, in characters
  friend bool operator==(const Position&, const Position&) = default;
};

class PositionTree {
 public:
  using NodeId = uint32_t;

  // What find() resolved: the node itself, or the deepest recorded ancestor of a pointer that goes on
  // into an alias copy, a merged key or a missing field.
  struct Found {
    Position value;               // where the node's value starts
    std::optional<Position> key;  // where its mapping key was written (mapping entries only)
    bool is_root = false;
  };

  // Building, in document order (the reader).
  void set_document_start(Position at) { document_start_ = at; }
  NodeId add_node(Position value, std::optional<Position> key, std::string_view key_text);
  // The children of a sequence (items in order) or of a mapping (its entries).
  void set_children(NodeId parent, const std::vector<NodeId>& children, bool is_mapping);
  void set_root(NodeId root) { root_ = root; }
  size_t size() const { return nodes_.size(); }

  // The node at `pointer` (a JSON pointer such as "/spec/template/cliques/0"), or its deepest recorded
  // ancestor; the document root ("") is the start of the document.
  Found find(std::string_view pointer) const;

  // Every record alike (tests compare the two YAML readers with it).
  friend bool operator==(const PositionTree&, const PositionTree&) = default;

 private:
  static constexpr NodeId kNoNode = UINT32_MAX;
  struct Node {
    Position value;
    Position key;           // line 0 when the node is not a mapping entry
    uint64_t key_hash = 0;  // hash of the key text (mapping entries)
    uint32_t first_child = 0;
    uint32_t child_count = 0;
    bool is_mapping = false;
    friend bool operator==(const Node&, const Node&) = default;
  };
  NodeId child(const Node& parent, std::string_view token) const;

  std::vector<Node> nodes_;
  // Children of each node, contiguous; a mapping's children sorted by key hash for binary search.
  std::vector<NodeId> children_;
  NodeId root_ = kNoNode;
  Position document_start_;
};

}  // namespace grovectl
