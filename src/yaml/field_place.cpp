#include "yaml/field_place.hpp"

#include "yaml/document.hpp"

namespace grovectl {

FieldPlace FieldPlace::key(std::string_view name) const& {
  return FieldPlace(*this, Step::kKey, name, 0);
}

FieldPlace FieldPlace::item(size_t index) const& {
  return FieldPlace(*this, Step::kItem, {}, index);
}

std::string FieldPlace::pointer() const {
  switch (step_) {
    case Step::kKey:
      return pointer_append(parent_->pointer(), key_);
    case Step::kItem:
      return pointer_append(parent_->pointer(), index_);
    case Step::kWritten:
      break;
  }
  return std::string(pointer_);
}

// A field path joins keys with dots, from the root without one, and writes items in brackets:
// spec.replicatedJobs[0].template.
std::string FieldPlace::path() const {
  switch (step_) {
    case Step::kKey: {
      std::string path = parent_->path();
      if (!path.empty()) path += '.';
      return path.append(key_);
    }
    case Step::kItem:
      return parent_->path() + '[' + std::to_string(index_) + ']';
    case Step::kWritten:
      break;
  }
  return std::string(path_);
}

}  // namespace grovectl
