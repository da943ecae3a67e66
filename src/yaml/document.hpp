#pragma once
// One parsed input document: its JSON value plus the source position of every node.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "yaml/positions.hpp"

namespace grovectl {

struct SourceDocument {
  std::string file;  // path as given, "-" for stdin
  int index = 0;     // 0-based document index within the file
  Json value;
  std::shared_ptr<const PositionTree> positions;
  std::string base_pointer;  // non-empty for items taken out of a kind: List ("/items/3")

  // Where the node at `pointer` (relative to this document) was written, or its nearest recorded
  // ancestor: for a mapping entry the position of its KEY, for a sequence item the item itself, and for
  // the document root the start of the document.
  Location locate(std::string_view pointer = "") const;
  // Like locate(), but the position of the value of a mapping entry.
  Location locate_value(std::string_view pointer = "") const;
};

// Empties `docs`, freeing the documents on every core (a chunk's trees take about a tenth of the time it
// took to read them to free).
void release_documents(std::vector<SourceDocument>& docs);

// Appends an escaped reference token to a JSON pointer.
std::string pointer_append(std::string_view pointer, std::string_view token);
std::string pointer_append(std::string_view pointer, size_t index);
// One reference token of a JSON pointer with "~1" and "~0" unescaped.
std::string unescape_pointer_token(std::string_view token);
// "/spec/template/cliques/0/name" -> "spec.template.cliques[0].name"
std::string pointer_to_field_path(std::string_view pointer);
// The node at `pointer` (RFC 6901: "~1" is "/", "~0" is "~"; a list item by its index written without
// leading zeros) below `root`, or nullptr when nothing is there.
const Json* find_pointer(const Json& root, std::string_view pointer);

}  // namespace grovectl
