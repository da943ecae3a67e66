#pragma once
// The live side of a comparison: the objects of the kinds the render produces, one per identity,
// split into those that belong to the inputs and the others (scope.hpp).
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "diff/object_key.hpp"
#include "diff/packed_object.hpp"
#include "diff/scope.hpp"
#include "yaml/document.hpp"

namespace grovectl::diff {

struct LiveSet {
  std::vector<PackedObject> in_scope;         // input order
  std::vector<PackedObject> out_of_scope;     // rendered kinds, not from these inputs
  std::map<std::string, size_t> other_kinds;  // "PodCliqueSet.grove.io" -> count: kinds the render lacks
};

// What the live side's selection needs of the rendered objects, gathered one object at a time; then
// anchors.add_sources(...) before the first live object.
struct RenderedIndex {
  std::set<std::pair<std::string, std::string>> kinds;  // group and kind of every rendered object
  ScopeAnchors anchors;
  void add(const Json& rendered, const ObjectKey& match);  // match: its match_key
  void add(RenderedIndex&& other);  // what `other` indexes, as if it had been added here
};

// The live objects of the rendered kinds, gathered one document at a time: each is sorted into or out of
// scope (scope.hpp) and packed as it comes, and its positions go with its document, so a large live input
// is never held whole as trees. An object given twice (by identity) is a warning; the last copy is kept.
class LiveSelection {
 public:
  explicit LiveSelection(const RenderedIndex& rendered) : rendered_(rendered) {}
  void add(SourceDocument&& doc, Diagnostics& diags);
  LiveSet finish() &&;

 private:
  struct Selected {
    bool in_scope = false;
    PackedObject object;
  };
  const RenderedIndex& rendered_;
  std::vector<Selected> of_rendered_kinds_;
  std::unordered_map<ObjectKey, size_t, ObjectKeyHash> seen_;
  std::map<std::string, size_t> other_kinds_;
};

}  // namespace grovectl::diff
