#include "yaml/document.hpp"

#include <algorithm>
#include <cctype>

#include "core/json_release.hpp"
#include "core/parallel.hpp"
#include "core/strings.hpp"

namespace grovectl {

namespace {

PositionTree::Found find_position(const SourceDocument& doc, std::string_view pointer) {
  if (!doc.positions) return {};
  if (doc.base_pointer.empty()) return doc.positions->find(pointer);
  return doc.positions->find(doc.base_pointer + std::string(pointer));
}

}  // namespace

void release_documents(std::vector<SourceDocument>& docs) {
  for_each_index_parallel(docs.size(), [&](size_t i) {
    release_tree(docs[i].value);
    docs[i].positions.reset();
  });
  docs.clear();
}

Location SourceDocument::locate(std::string_view pointer) const {
  PositionTree::Found found = find_position(*this, pointer);
  Position at = found.key.value_or(found.value);
  return Location{file, at.line, at.column};
}

Location SourceDocument::locate_value(std::string_view pointer) const {
  PositionTree::Found found = find_position(*this, pointer);
  return Location{file, found.value.line, found.value.column};
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

std::string unescape_pointer_token(std::string_view token) {
  std::string out;
  out.reserve(token.size());
  for (size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size()) {
      out += token[i + 1] == '1' ? '/' : '~';
      ++i;
    } else {
      out += token[i];
    }
  }
  return out;
}

std::string pointer_to_field_path(std::string_view pointer) {
  std::string out;
  size_t pos = 0;
  while (pos < pointer.size()) {
    size_t next = pointer.find('/', pos + 1);
    std::string unescaped = unescape_pointer_token(
        pointer.substr(pos + 1, next == std::string_view::npos ? next : next - pos - 1));
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

namespace {

const Json* child(const Json& node, std::string_view token) {
  if (node.is_object()) {
    auto it = token.find('~') == std::string_view::npos ? node.find(token)
                                                        : node.find(unescape_pointer_token(token));
    return it == node.end() ? nullptr : &*it;
  }
  if (!node.is_array()) return nullptr;
  const auto index = parse_decimal<size_t>(token);
  const bool canonical = index && (token.size() == 1 || token.front() != '0');
  return canonical && *index < node.size() ? &node[*index] : nullptr;
}

}  // namespace

const Json* find_pointer(const Json& root, std::string_view pointer) {
  if (!pointer.empty() && pointer.front() != '/') return nullptr;
  const Json* node = &root;
  size_t pos = 0;
  while (node && pos < pointer.size()) {
    const size_t next = pointer.find('/', pos + 1);
    const size_t end = next == std::string_view::npos ? pointer.size() : next;
    node = child(*node, pointer.substr(pos + 1, end - pos - 1));
    pos = end;
  }
  return node;
}

}  // namespace grovectl
