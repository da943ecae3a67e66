#pragma once
// The live side of a comparison: the objects of the kinds the render produces, one per identity,
// split into those that belong to the inputs and the others (scope.hpp).
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "diff/scope.hpp"
#include "yaml/document.hpp"

namespace grovectl::diff {

struct LiveSet {
  std::vector<Json> in_scope;
  std::vector<Json> out_of_scope;             // rendered kinds, not from these inputs
  std::map<std::string, size_t> other_kinds;  // "PodCliqueSet.grove.io" -> count: kinds the render lacks
};

// An object given twice (by identity) is a warning; the last copy is kept.
LiveSet select_live(std::vector<SourceDocument> live_docs, const std::vector<Json>& rendered,
                    const std::vector<SourceRef>& sources, Diagnostics& diags);

}  // namespace grovectl::diff
