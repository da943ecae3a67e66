#pragma once
// One parsed input document: its JSON value plus the source position of every node.
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/diagnostic.hpp"
#include "core/json.hpp"

namespace grovectl {

struct Position {
  int line = 0;
  int column = 0;
};

// JSON pointer (e.g. "/spec/template/cliques/0/name") -> position of that node in the source.
using PositionMap = std::unordered_map<std::string, Position>;

struct SourceDocument {
  std::string file;  // path as given, "-" for stdin
  int index = 0;     // 0-based document index within the file
  Json value;
  std::shared_ptr<const PositionMap> positions;
  std::string base_pointer;  // non-empty for items taken out of a kind: List ("/items/3")

  // Position of the node at `pointer` (relative to this document), or of its nearest ancestor.
  Location locate(std::string_view pointer = "") const;
};

// Appends an escaped reference token to a JSON pointer.
std::string pointer_append(std::string_view pointer, std::string_view token);
std::string pointer_append(std::string_view pointer, size_t index);
// "/spec/template/cliques/0/name" -> "spec.template.cliques[0].name"
std::string pointer_to_field_path(std::string_view pointer);

}  // namespace grovectl
