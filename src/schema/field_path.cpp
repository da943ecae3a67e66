#include "schema/field_path.hpp"

namespace grovectl::schema {

std::string FieldPath::pointer() const {
  std::string out;
  for (const auto& s : segments_) {
    out += '/';
    if (!s.key) {
      out += std::to_string(s.index);
      continue;
    }
    for (char c : *s.key) {
      if (c == '~') {
        out += "~0";
      } else if (c == '/') {
        out += "~1";
      } else {
        out += c;
      }
    }
  }
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
