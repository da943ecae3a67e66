#include "schema/field_path.hpp"

#include "yaml/document.hpp"

namespace grovectl::schema {

std::string FieldPath::pointer() const {
  std::string out;
  for (const auto& s : segments_) out = s.key ? pointer_append(out, *s.key) : pointer_append(out, s.index);
  return out;
}

std::string FieldPath::field() const {
  std::string out;
  for (const auto& s : segments_) {
    if (!s.key) {
      out += '[' + std::to_string(s.index) + ']';
      continue;
    }
    if (!out.empty()) out += '.';
    out += *s.key;
  }
  return out;
}

}  // namespace grovectl::schema
