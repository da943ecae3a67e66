#include "yaml/prescan.hpp"

#include <fmt/format.h>

#include <vector>

namespace grovectl {
namespace {

// Length of the UTF-8 sequence starting at text[i], or 0 when it is invalid.
size_t utf8_sequence_length(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
  if (len == 0 || i + len > text.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  uint32_t cp = len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (byte(i + k) & 0x3F);
  bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
  bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
  if (overlong || surrogate || cp > 0x10FFFF) return 0;
  return len;
}

bool check_encoding(std::string_view text, const std::string& file, Diagnostics& diags) {
  int line = 1;
  int column = 1;
  for (size_t i = 0; i < text.size();) {
    if (text[i] == '\0') {
      diags.error("yaml/encoding", "input contains a NUL byte", Location{file, line, column});
      return false;
    }
    size_t len = utf8_sequence_length(text, i);
    if (len == 0) {
      diags.error(
          "yaml/encoding",
          fmt::format("input is not valid UTF-8 (byte 0x{:02X})", static_cast<unsigned char>(text[i])),
          Location{file, line, column});
      return false;
    }
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += len;
  }
  return true;
}

bool is_space(std::string_view row, size_t i) {
  return i >= row.size() || row[i] == ' ' || row[i] == '\t';
}

// A conservative estimate of the nesting depth: block indentation levels, inline "- " and "? "
// indicators, and open flow brackets outside quoted scalars, comments and block-context plain scalars
// (in "key: a[b", the '[' is text). Erring high only refuses early; the reader enforces the exact limit.
bool check_depth(std::string_view text, const std::string& file, size_t max_depth, Diagnostics& diags) {
  std::vector<size_t> indents;
  size_t flow = 0;
  int line = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view row = text.substr(pos, end - pos);
    ++line;
    size_t indent = row.find_first_not_of(' ');
    if (indent != std::string_view::npos && row[indent] != '#' && flow == 0) {
      while (!indents.empty() && indents.back() >= indent) indents.pop_back();
      indents.push_back(indent);
    }
    size_t inline_levels = 0;
    char quote = 0;
    bool in_plain = false;  // inside a block-context plain scalar, which runs to ": " or " #"
    for (size_t i = indent == std::string_view::npos ? row.size() : indent; i < row.size(); ++i) {
      char c = row[i];
      if (quote) {
        if (c == quote) quote = 0;
        continue;
      }
      if (c == '#' && (i == 0 || is_space(row, i - 1))) break;
      if (in_plain) {
        if (c == ':' && is_space(row, i + 1)) in_plain = false;
        continue;
      }
      if (c == '"' || c == '\'') {
        bool starts_scalar = i == 0 || row[i - 1] == ' ' || row[i - 1] == '[' || row[i - 1] == '{' ||
                             row[i - 1] == ',' || row[i - 1] == ':';
        if (starts_scalar) quote = c;
      } else if (c == '[' || c == '{') {
        ++flow;
      } else if ((c == ']' || c == '}') && flow > 0) {
        --flow;
      } else if ((c == '-' || c == '?') && is_space(row, i + 1) && (i == 0 || row[i - 1] == ' ')) {
        ++inline_levels;
      } else if (c == '&' || c == '!') {
        while (!is_space(row, i + 1)) ++i;  // an anchor or a tag: the node itself follows
      } else if (flow == 0 && !is_space(row, i) && !(c == ':' && is_space(row, i + 1))) {
        in_plain = true;
      }
      size_t depth = indents.size() + inline_levels + flow;
      if (depth > max_depth) {
        diags.error("yaml/too-deep", fmt::format("nesting deeper than {} levels", max_depth),
                    Location{file, line, static_cast<int>(i) + 1});
        return false;
      }
    }
    if (end == text.size()) break;
    pos = end + 1;
  }
  return true;
}

bool is_marker(std::string_view row, std::string_view marker) {
  return row.substr(0, 3) == marker && is_space(row, 3);
}

// A document whose first token (after anchors and tags) is ',' is refused here with a plain message.
// (yaml-cpp 0.7, the parser grovectl used first, looped forever on it; fuzz_validate found that.)
bool check_leading_flow_entry(std::string_view text, const std::string& file, Diagnostics& diags) {
  bool at_start = true;
  int line = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view row = text.substr(pos, end - pos);
    ++line;
    size_t i = 0;
    if (is_marker(row, "---")) {
      at_start = true;
      i = 3;
    } else if (is_marker(row, "...")) {
      at_start = true;
      i = row.size();
    } else if (at_start && !row.empty() && row[0] == '%') {
      i = row.size();
    }
    while (at_start && i < row.size()) {
      char c = row[i];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i;
      } else if (c == '#') {
        break;
      } else if (c == '&' || c == '!') {
        // YAML 1.2 ends an anchor or tag at a flow indicator, so in "!x," the ',' is the next token.
        ++i;
        while (i < row.size() && std::string_view(" \t,[]{}").find(row[i]) == std::string_view::npos) ++i;
      } else if (c == ',') {
        diags.error("yaml/syntax", "a document cannot start with ',' outside a flow collection",
                    Location{file, line, static_cast<int>(i) + 1});
        return false;
      } else {
        at_start = false;
      }
    }
    if (end == text.size()) break;
    pos = end + 1;
  }
  return true;
}

}  // namespace

bool prescan_yaml(std::string_view text, const std::string& file, size_t max_depth, Diagnostics& diags) {
  return check_encoding(text, file, diags) && check_depth(text, file, max_depth, diags) &&
         check_leading_flow_entry(text, file, diags);
}

}  // namespace grovectl
