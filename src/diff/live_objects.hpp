#pragma once
// The live side of a comparison: the objects of the kinds the render produces, one per identity,
// split into those that belong to the inputs and the others (scope.hpp).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "diff/object_key.hpp"
#include "diff/scope.hpp"
#include "yaml/document.hpp"

namespace grovectl::diff {

struct LiveSet {
  std::vector<Json> in_scope;
  std::vector<Json> out_of_scope;             // rendered kinds, not from these inputs
  std::map<std::string, size_t> other_kinds;  // "PodCliqueSet.grove.io" -> count: kinds the render lacks
};

// The live objects of the rendered kinds, gathered one document at a time: each keeps only its value (its
// positions go with the document), so a large live input is never held whole with its position records.
// An object given twice (by identity) is a warning; the last copy is kept.
class LiveSelection {
 public:
  explicit LiveSelection(const std::vector<Json>& rendered);
  void add(SourceDocument&& doc, Diagnostics& diags);
  LiveSet finish(const std::vector<Json>& rendered, const std::vector<SourceRef>& sources) &&;

 private:
  std::set<std::pair<std::string, std::string>> kinds_;  // group and kind of every rendered object
  std::vector<Json> of_rendered_kinds_;
  std::map<ObjectKey, size_t> seen_;
  std::map<std::string, size_t> other_kinds_;
};

LiveSet select_live(std::vector<SourceDocument> live_docs, const std::vector<Json>& rendered,
                    const std::vector<SourceRef>& sources, Diagnostics& diags);

}  // namespace grovectl::diff
