#include "yaml/document.hpp"

#include <algorithm>
#include <cctype>

namespace grovectl {

Location SourceDocument::locate(std::string_view pointer) const {
  Location loc{file, 0, 0};
  if (!positions) return loc;
  std::string full = base_pointer + std::string(pointer);
  while (true) {
    auto it = positions->find(full);
    if (it != positions->end()) {
      loc.line = it->second.line;
      loc.column = it->second.column;
      return loc;
    }
    if (full.empty()) return loc;
    full.erase(full.rfind('/'));
  }
}

std::string pointer_append(std::string_view pointer, std::string_view token) {
  std::string out(pointer);
  out += '/';
  for (char c : token) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

std::string pointer_append(std::string_view pointer, size_t index) {
  return std::string(pointer) + "/" + std::to_string(index);
}

std::string pointer_to_field_path(std::string_view pointer) {
  std::string out;
  size_t pos = 0;
  while (pos < pointer.size()) {
    size_t next = pointer.find('/', pos + 1);
    std::string token(pointer.substr(pos + 1, next == std::string_view::npos ? next : next - pos - 1));
    std::string unescaped;
    for (size_t i = 0; i < token.size(); ++i) {
      if (token[i] == '~' && i + 1 < token.size()) {
        unescaped += token[i + 1] == '1' ? '/' : '~';
        ++i;
      } else {
        unescaped += token[i];
      }
    }
    bool numeric = !unescaped.empty() && std::all_of(unescaped.begin(), unescaped.end(),
                                                     [](unsigned char c) { return std::isdigit(c); });
    if (numeric) {
      out += "[" + unescaped + "]";
    } else {
      if (!out.empty()) out += '.';
      out += unescaped;
    }
    if (next == std::string_view::npos) break;
    pos = next;
  }
  return out;
}

}  // namespace grovectl
