#include "diff/live_objects.hpp"

#include <fmt/format.h>

#include "diff/object_key.hpp"
#include "diff/pod_identity.hpp"

namespace grovectl::diff {

void RenderedIndex::add(const Json& rendered, const ObjectKey& match) {
  kinds.insert({match.group, match.kind});
  anchors.add_rendered(rendered, match);
}

void RenderedIndex::add(RenderedIndex&& other) {
  kinds.merge(other.kinds);
  anchors.add(std::move(other.anchors));
}

void LiveSelection::add(SourceDocument&& doc, Diagnostics& diags) {
  ObjectKey key = match_key(doc.value);  // the group and kind as written, a pod's name by its identity
  if (!rendered_.kinds.count({key.group, key.kind})) {
    ++other_kinds_[key.kind + (key.group.empty() ? "" : "." + key.group)];
    return;
  }
  Selected selected{rendered_.anchors.belongs(doc.value, key), pack_object(std::move(doc.value), key)};
  auto [it, inserted] = seen_.try_emplace(key, of_rendered_kinds_.size());
  if (inserted) {
    of_rendered_kinds_.push_back(std::move(selected));
    return;
  }
  diags.warning("live/duplicate",
                fmt::format("live {} appears more than once; the last copy is compared", display(key)),
                doc.locate());
  of_rendered_kinds_[it->second] = std::move(selected);
}

LiveSet LiveSelection::finish() && {
  LiveSet set;
  set.other_kinds = std::move(other_kinds_);
  for (auto& s : of_rendered_kinds_)
    (s.in_scope ? set.in_scope : set.out_of_scope).push_back(std::move(s.object));
  return set;
}

}  // namespace grovectl::diff
