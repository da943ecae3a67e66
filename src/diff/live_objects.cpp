#include "diff/live_objects.hpp"

#include <fmt/format.h>

#include <set>

#include "diff/object_key.hpp"
#include "diff/pod_identity.hpp"

namespace grovectl::diff {

LiveSet select_live(std::vector<SourceDocument> live_docs, const std::vector<Json>& rendered,
                    const std::vector<SourceRef>& sources, Diagnostics& diags) {
  std::set<std::pair<std::string, std::string>> kinds;
  for (const auto& o : rendered) kinds.insert({api_group(o), object_key(o).kind});
  LiveSet set;
  std::vector<Json> of_rendered_kinds;
  std::map<ObjectKey, size_t> seen;
  for (auto& d : live_docs) {
    std::string group = api_group(d.value);
    std::string kind = object_key(d.value).kind;
    if (!kinds.count({group, kind})) {
      ++set.other_kinds[kind + (group.empty() ? "" : "." + group)];
      continue;
    }
    ObjectKey key = match_key(d.value);
    auto [it, inserted] = seen.try_emplace(key, of_rendered_kinds.size());
    if (!inserted) {
      diags.warning("live/duplicate",
                    fmt::format("live {} appears more than once; the last copy is compared", display(key)),
                    d.locate());
    }
    if (inserted) {
      of_rendered_kinds.push_back(std::move(d.value));
    } else {
      of_rendered_kinds[it->second] = std::move(d.value);
    }
  }
  ScopeSplit split = split_by_scope(std::move(of_rendered_kinds), rendered, sources);
  set.in_scope = std::move(split.in_scope);
  set.out_of_scope = std::move(split.out_of_scope);
  return set;
}

}  // namespace grovectl::diff
