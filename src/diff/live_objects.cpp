#include "diff/live_objects.hpp"

#include <fmt/format.h>

#include "diff/object_key.hpp"
#include "diff/pod_identity.hpp"

namespace grovectl::diff {

LiveSelection::LiveSelection(const std::vector<Json>& rendered) {
  for (const auto& o : rendered) kinds_.insert({api_group(o), object_key(o).kind});
}

void LiveSelection::add(SourceDocument&& doc, Diagnostics& diags) {
  std::string group = api_group(doc.value);
  std::string kind = object_key(doc.value).kind;
  if (!kinds_.count({group, kind})) {
    ++other_kinds_[kind + (group.empty() ? "" : "." + group)];
    return;
  }
  ObjectKey key = match_key(doc.value);
  auto [it, inserted] = seen_.try_emplace(key, of_rendered_kinds_.size());
  if (inserted) {
    of_rendered_kinds_.push_back(std::move(doc.value));
    return;
  }
  diags.warning("live/duplicate",
                fmt::format("live {} appears more than once; the last copy is compared", display(key)),
                doc.locate());
  of_rendered_kinds_[it->second] = std::move(doc.value);
}

LiveSet LiveSelection::finish(const std::vector<Json>& rendered, const std::vector<SourceRef>& sources) && {
  LiveSet set;
  set.other_kinds = std::move(other_kinds_);
  ScopeSplit split = split_by_scope(std::move(of_rendered_kinds_), rendered, sources);
  set.in_scope = std::move(split.in_scope);
  set.out_of_scope = std::move(split.out_of_scope);
  return set;
}

LiveSet select_live(std::vector<SourceDocument> live_docs, const std::vector<Json>& rendered,
                    const std::vector<SourceRef>& sources, Diagnostics& diags) {
  LiveSelection selection(rendered);
  for (auto& d : live_docs) selection.add(std::move(d), diags);
  return std::move(selection).finish(rendered, sources);
}

}  // namespace grovectl::diff
