#pragma once
// Where a node sits in its document while it is read or checked: its JSON pointer (RFC 6901) and its field
// path (as apimachinery's field.Path prints it), written out only when a finding names the node. Most nodes
// have none, and writing both for every container of every template cost more than checking it. The one
// place type of every layer (docs/architecture.md, "Places"): the frontends' reads, the schema check and the
// validation rules walk with it; what they keep (InputPlace, a finding) holds the pointer it spells.
#include <cstddef>
#include <string>
#include <string_view>

namespace grovectl {

class FieldPlace {
 public:
  // A place whose pointer and path are already written; the document's root is FieldPlace("", "").
  // Both strings are referred to, not copied.
  FieldPlace(std::string_view pointer, std::string_view path) : pointer_(pointer), path_(path) {}

  // A member ("/name", ".name") or an item ("/3", "[3]") of this place. The result refers to this place, so
  // it is made from a named place only (never from a temporary) and must not outlive it.
  FieldPlace key(std::string_view name) const&;
  FieldPlace item(size_t index) const&;
  FieldPlace key(std::string_view name) const&& = delete;
  FieldPlace item(size_t index) const&& = delete;

  std::string pointer() const;
  std::string path() const;

 private:
  enum class Step { kWritten, kKey, kItem };
  FieldPlace(const FieldPlace& parent, Step step, std::string_view key, size_t index)
      : parent_(&parent), step_(step), key_(key), index_(index) {}

  const FieldPlace* parent_ = nullptr;
  Step step_ = Step::kWritten;
  std::string_view pointer_, path_;  // kWritten
  std::string_view key_;             // kKey
  size_t index_ = 0;                 // kItem
};

}  // namespace grovectl
