#include "diff/live_objects.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "diff/object_key.hpp"
#include "diff/pod_identity.hpp"

namespace grovectl::diff {

LiveSelection::LiveSelection(const ScopeAnchors& rendered)
    : rendered_(rendered), selected_of_rendered_(rendered.rendered_count(), kNoMatch) {
  // A live side usually holds about what the render does: grown by doubling, it moved every object twice.
  objects_.reserve(rendered.rendered_count());
  in_scope_.reserve(rendered.rendered_count());
  rendered_positions_.reserve(rendered.rendered_count());
}

size_t* LiveSelection::earlier_copy(const ObjectKey& key, size_t rendered_position) {
  const size_t next = objects_.size();
  if (rendered_position != kNoMatch) {
    size_t& seen = selected_of_rendered_[rendered_position];
    if (seen != kNoMatch) return &seen;
    seen = next;
    return nullptr;
  }
  auto [it, inserted] = seen_unrendered_.try_emplace(key, next);
  return inserted ? nullptr : &it->second;
}

void LiveSelection::add(SourceDocument&& doc, Diagnostics& diags) {
  epochs_.add(doc.value);
  ObjectKey key = match_key(doc.value);  // the group and kind as written, a pod's name by its identity
  if (!rendered_.renders_kind(key.group, key.kind)) {
    ++other_kinds_[key.kind + (key.group.empty() ? "" : "." + key.group)];
    return;
  }
  const size_t rendered_position = rendered_.position_of(key);
  const bool in_scope = rendered_position != kNoMatch || rendered_.belongs(doc.value, key);
  size_t* earlier = earlier_copy(key, rendered_position);
  if (earlier) {
    diags.warning("live/duplicate",
                  fmt::format("live {} appears more than once; the last copy is compared", display(key)),
                  doc.locate());
  }
  PackedObject object = pack_object(std::move(doc.value), std::move(key));
  if (earlier) {
    objects_[*earlier] = std::move(object);
    in_scope_[*earlier] = in_scope;
    rendered_positions_[*earlier] = rendered_position;
  } else {
    objects_.push_back(std::move(object));
    in_scope_.push_back(in_scope);
    rendered_positions_.push_back(rendered_position);
  }
}

LiveSet LiveSelection::finish() && {
  LiveSet set;
  set.other_kinds = std::move(other_kinds_);
  set.epochs = std::move(epochs_);
  const bool all_in_scope = std::find(in_scope_.begin(), in_scope_.end(), false) == in_scope_.end();
  if (all_in_scope) {
    set.in_scope = std::move(objects_);  // the usual case, without moving each object
  } else {
    for (size_t i = 0; i < objects_.size(); ++i)
      (in_scope_[i] ? set.in_scope : set.out_of_scope).push_back(std::move(objects_[i]));
  }
  if (!rendered_.unique_keys()) return set;
  set.rendered_matches.assign(rendered_.rendered_count(), kNoMatch);
  size_t in_scope_index = 0;
  for (size_t i = 0; i < rendered_positions_.size(); ++i) {
    if (rendered_positions_[i] != kNoMatch) set.rendered_matches[rendered_positions_[i]] = in_scope_index;
    if (in_scope_[i]) ++in_scope_index;
  }
  return set;
}

void rematch(LiveSet& live, const ScopeAnchors& rendered) {
  std::vector<PackedObject> still_out;
  for (auto& o : live.out_of_scope) {
    const bool belongs =
        rendered.position_of(o.match) != kNoMatch || rendered.belongs(unpack_object(o), o.match);
    (belongs ? live.in_scope : still_out).push_back(std::move(o));
  }
  live.out_of_scope = std::move(still_out);
  live.rendered_matches.clear();
  if (!rendered.unique_keys()) return;
  live.rendered_matches.assign(rendered.rendered_count(), kNoMatch);
  for (size_t i = 0; i < live.in_scope.size(); ++i) {
    const size_t position = rendered.position_of(live.in_scope[i].match);
    if (position != kNoMatch) live.rendered_matches[position] = i;
  }
}

}  // namespace grovectl::diff
