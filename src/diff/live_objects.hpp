#pragma once
// The live side of a comparison: the objects of the kinds the render produces, one per identity,
// split into those that belong to the inputs and the others (scope.hpp).
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "diff/live_epochs.hpp"
#include "diff/object_key.hpp"
#include "diff/packed_object.hpp"
#include "diff/scope.hpp"
#include "yaml/document.hpp"

namespace grovectl::diff {

struct LiveSet {
  std::vector<PackedObject> in_scope;         // input order
  std::vector<PackedObject> out_of_scope;     // rendered kinds, not from these inputs
  std::map<std::string, size_t> other_kinds;  // "PodCliqueSet.grove.io" -> count: kinds the render lacks
  // Per rendered object, by its position in the render: the index in in_scope of the live object with its
  // match key, or kNoMatch. Empty when two rendered objects share a match key.
  std::vector<size_t> rendered_matches;
  LiveEpochs epochs;  // of every live object read, whether of a rendered kind or not
};

// The live objects of the rendered kinds, gathered one document at a time: each is sorted into or out of
// scope (scope.hpp) and packed as it comes, and its positions go with its document, so a large live input
// is never held whole as trees. An object given twice (by identity) is a warning; the last copy is kept.
// Each is paired with the rendered object of its identity as it comes, a lookup its scope needs anyway.
class LiveSelection {
 public:
  // `rendered`: every rendered object, then the sources.
  explicit LiveSelection(const ScopeAnchors& rendered);
  void add(SourceDocument&& doc, Diagnostics& diags);
  LiveSet finish() &&;

 private:
  // The index in objects_ of the object with this key: nullptr when it is the first.
  size_t* earlier_copy(const ObjectKey& key, size_t rendered_position);

  const ScopeAnchors& rendered_;
  // The live objects of the rendered kinds, one per identity, and for each whether it is in scope and
  // the position of the rendered object of its identity (kNoMatch: none).
  std::vector<PackedObject> objects_;
  std::vector<bool> in_scope_;
  std::vector<size_t> rendered_positions_;
  // Who has been seen, by identity: through the rendered object of that identity, or by key when none.
  std::vector<size_t> selected_of_rendered_;
  std::unordered_map<ObjectKey, size_t, ObjectKeyHash> seen_unrendered_;
  std::map<std::string, size_t> other_kinds_;
  LiveEpochs epochs_;
};

// Pairs `live` again with a render made after it was selected (one that adopted its epochs): a live object
// the first render had no counterpart or scope for, but this one has, moves into scope, and
// rendered_matches follows `rendered`.
void rematch(LiveSet& live, const ScopeAnchors& rendered);

}  // namespace grovectl::diff
