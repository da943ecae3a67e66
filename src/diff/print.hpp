#pragma once
// Text (unified diff per object + summary) and JSON renderings of a diff result.
#include <string>
#include <vector>

#include "diff/compare.hpp"

namespace grovectl::diff {

struct TextOptions {
  size_t context = 3;
  bool color = false;
  std::string old_label = "live";      // the '-' side
  std::string new_label = "rendered";  // the '+' side
};

struct Summary {
  size_t added = 0, removed = 0, changed = 0, unchanged = 0;
  size_t out_of_scope = 0;  // live objects not from these inputs, not compared (set by the caller)
  bool any() const { return added + removed + changed > 0; }
};

Summary summarize(const std::vector<ObjectDiff>& diffs);
std::string format_text(const std::vector<ObjectDiff>& diffs, const TextOptions& options);
// "+1 added, -2 removed, ~3 changed, 4 unchanged"
std::string format_summary(const Summary& s);
// [{object: {apiVersion, group, kind, namespace, name, liveName?}, op, changes: [{path, old, new}]}];
// unchanged objects left out.
Json diffs_json(const std::vector<ObjectDiff>& diffs);
// {added, removed, changed, unchanged, outOfScope}
Json summary_json(const Summary& s);

}  // namespace grovectl::diff
