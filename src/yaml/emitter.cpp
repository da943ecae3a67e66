#include "yaml/emitter.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string_view>

#include "yaml/scalar.hpp"

namespace grovectl {
namespace {

bool is_printable_plain_char(unsigned char c) {
  return c >= 0x20 && c != 0x7F;
}

// Characters outside the 7-bit range that are written escaped: the C1 controls U+0080-U+009F (not
// printable in YAML; U+0085 is also a YAML 1.1 line break), the line and paragraph separators
// U+2028/U+2029 (YAML 1.1 line breaks), U+FEFF (a byte order mark, dropped by readers at the start
// of a stream) and the non-characters U+FFFE/U+FFFF. Returns the UTF-8 length at `i` and sets
// `code_point`, or returns 0.
size_t escaped_unicode_at(const std::string& s, size_t i, unsigned& code_point) {
  auto byte = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
  if (byte(0) == 0xC2 && byte(1) >= 0x80 && byte(1) <= 0x9F) {
    code_point = byte(1);
    return 2;
  }
  const unsigned b0 = byte(0), b1 = byte(1), b2 = byte(2);
  if ((b0 == 0xE2 && b1 == 0x80 && (b2 == 0xA8 || b2 == 0xA9)) || (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) ||
      (b0 == 0xEF && b1 == 0xBF && (b2 == 0xBE || b2 == 0xBF))) {
    code_point = ((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F);
    return 3;
  }
  return 0;
}

bool has_escaped_unicode(const std::string& s) {
  unsigned code_point = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (static_cast<unsigned char>(s[i]) >= 0xC2 && escaped_unicode_at(s, i, code_point)) return true;
  }
  return false;
}

// Bytes that need a closer look in a plain scalar: controls, DEL, ':' and '#' (by their neighbours),
// and the lead bytes of the escaped code points.
constexpr std::array<bool, 256> kNoteworthyBytes = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[c] = true;
  table[0x7F] = table[':'] = table['#'] = true;
  table[0xC2] = table[0xE2] = table[0xEF] = true;
  return table;
}();

// Whether any byte makes a plain scalar unsafe: a control, an escaped code point, ": " or " #".
bool has_unsafe_plain_byte(const std::string& s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = s[i];
    if (!kNoteworthyBytes[c]) continue;
    unsigned code_point = 0;
    if (!is_printable_plain_char(c) || (c >= 0xC2 && escaped_unicode_at(s, i, code_point))) return true;
    if (c == ':' && i + 1 < s.size() && s[i + 1] == ' ') return true;
    if (c == '#' && i > 0 && s[i - 1] == ' ') return true;
  }
  return false;
}

// Letters, digits and "-._/": what most keys and names are made of.
constexpr std::array<bool, 256> kWordBytes = [] {
  std::array<bool, 256> table{};
  for (int c = 'a'; c <= 'z'; ++c) table[c] = table[c - 'a' + 'A'] = true;
  for (int c = '0'; c <= '9'; ++c) table[c] = true;
  table['-'] = table['.'] = table['_'] = table['/'] = true;
  return table;
}();

// Whether each of eight bytes is a word byte, all at once: once every byte is below 0x80, adding a constant
// to each byte sets its high bit exactly when the byte is at least (or above) a bound, and never carries
// into the next byte.
bool all_word_bytes(uint64_t eight) {
  constexpr uint64_t kOnes = 0x0101010101010101, kHighBits = kOnes * 0x80;
  if (eight & kHighBits) return false;
  const auto at_least = [](uint64_t bytes, unsigned low) {
    return (bytes + kOnes * (0x80 - low)) & kHighBits;
  };
  const auto above = [](uint64_t bytes, unsigned high) {
    return (bytes + kOnes * (0x7F - high)) & kHighBits;
  };
  const uint64_t lowered = eight | (kOnes * 0x20);  // 'A'-'Z' onto 'a'-'z', and nothing else onto them
  const uint64_t letters = at_least(lowered, 'a') & ~above(lowered, 'z');
  const uint64_t digits_and_marks = at_least(eight, '-') & ~above(eight, '9');  // "-./0123456789"
  const uint64_t underscores = ~above(eight ^ (kOnes * '_'), 0) & kHighBits;
  return (letters | digits_and_marks | underscores) == kHighBits;
}

// Names and keys of eight bytes or more are read eight bytes at a time, the last eight overlapping the ones
// before.
bool all_word_bytes(const std::string& s) {
  if (s.size() < 8) {
    for (unsigned char c : s) {
      if (!kWordBytes[c]) return false;
    }
    return true;
  }
  const auto eight_at = [&](size_t i) {
    uint64_t eight = 0;
    std::memcpy(&eight, s.data() + i, sizeof eight);
    return eight;
  };
  for (size_t i = 0; i + 8 < s.size(); i += 8) {
    if (!all_word_bytes(eight_at(i))) return false;
  }
  return all_word_bytes(eight_at(s.size() - 8));
}

// A letter followed by word bytes ("apiVersion", "train-0-workers"): none of the rules below can quote it
// but the words YAML reads as booleans or null, which are at most five letters long ("false").
bool is_plain_word(const std::string& s) {
  const auto is_letter = [](unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; };
  if (s.empty() || !is_letter(static_cast<unsigned char>(s[0])) || !all_word_bytes(s)) return false;
  return s.size() > 5 || !plain_scalar_is_ambiguous(s);
}

bool needs_quotes(const std::string& s) {
  if (is_plain_word(s)) return false;
  if (s.empty()) return true;
  if (plain_scalar_is_ambiguous(s)) return true;
  if (s == "<<" || s.starts_with("...")) return true;  // a merge key; a document end marker at column 0
  unsigned char first = s.front();
  if (first == ' ' || s.back() == ' ') return true;
  constexpr std::string_view kIndicators = "-?:,[]{}#&*!|>'\"%@`";
  if (kIndicators.find(static_cast<char>(first)) != std::string_view::npos) {
    // "-x", "?x" and ":x" are plain-safe only when followed by a non-space; keep it simple and quote
    // every leading indicator except '-' followed by a safe character.
    bool dash_ok = first == '-' && s.size() > 1 && s[1] != ' ' && s[1] != '-';
    if (!dash_ok) return true;
  }
  if (s.back() == ':') return true;
  return has_unsafe_plain_byte(s);
}

bool needs_double_quotes(const std::string& s) {
  if (has_escaped_unicode(s)) return true;
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7F) return true;
  }
  return false;
}

void append_double_quoted(std::string& out, const std::string& s) {
  out += '"';
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = s[i];
    unsigned code_point = 0;
    if (size_t length = escaped_unicode_at(s, i, code_point)) {
      out += fmt::format("\\u{:04X}", code_point);
      i += length - 1;
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          out += fmt::format("\\x{:02X}", c);
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

void append_single_quoted(std::string& out, const std::string& s) {
  out += '\'';
  for (char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  out += '\'';
}

// Multi-line strings become literal blocks when every line can be written verbatim. The first line
// sets the block's indentation, so it cannot start with a space, a tab (YAML parsers refuse a tab
// where they detect indentation) or a line break.
bool can_be_literal_block(const std::string& s) {
  if (s.find('\n') == std::string::npos) return false;
  if (s.front() == ' ' || s.front() == '\t' || s.front() == '\n') return false;
  if (has_escaped_unicode(s)) return false;
  for (unsigned char c : s) {
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return false;
  }
  return true;
}

void append_literal_block(std::string& out, const std::string& s, int indent) {
  size_t trailing = 0;
  while (trailing < s.size() && s[s.size() - 1 - trailing] == '\n') ++trailing;
  out += trailing == 0 ? "|-" : trailing == 1 ? "|" : "|+";
  std::string pad(indent, ' ');
  size_t pos = 0;
  std::string body = s.substr(0, s.size() - trailing);
  while (pos <= body.size()) {
    size_t end = body.find('\n', pos);
    if (end == std::string::npos) end = body.size();
    out += '\n';
    if (end > pos) out += pad + body.substr(pos, end - pos);
    if (end == body.size()) break;
    pos = end + 1;
  }
  for (size_t i = 1; i < trailing; ++i) out += '\n';
}

void append_string(std::string& out, const std::string& s, int indent) {
  if (is_plain_word(s)) {  // most strings of a manifest: no line break, nothing to quote
    out += s;
    return;
  }
  if (can_be_literal_block(s)) return append_literal_block(out, s, indent);
  if (!needs_quotes(s)) {
    out += s;
  } else if (needs_double_quotes(s)) {
    append_double_quoted(out, s);
  } else {
    append_single_quoted(out, s);
  }
}

void append_key(std::string& out, const std::string& key) {
  if (is_plain_word(key) || (!needs_quotes(key) && key.find('\n') == std::string::npos)) {
    out += key;
  } else if (needs_double_quotes(key)) {
    append_double_quoted(out, key);
  } else {
    append_single_quoted(out, key);
  }
}

// YAML limits an implicit key to 1024 characters; a longer one is written as an explicit "? key" entry.
constexpr size_t kMaxImplicitKey = 1000;

void append_key_and_colon(std::string& out, const std::string& key, int indent) {
  const size_t start = out.size();
  append_key(out, key);
  if (out.size() - start > kMaxImplicitKey) {
    out.insert(start, "? ");
    out += '\n';
    out.append(indent, ' ');
  }
  out += ':';
}

// Integers as Json::dump writes them (plain decimal), without the serializer it sets up for each call.
template <typename Integer>
void append_integer(std::string& out, Integer value) {
  char digits[24];
  const auto result = std::to_chars(std::begin(digits), std::end(digits), value);
  out.append(digits, result.ptr);
}

void append_scalar(std::string& out, const Json& v, int indent) {
  switch (v.type()) {
    case Json::value_t::null:
      out += "null";
      break;
    case Json::value_t::boolean:
      out += v.get<bool>() ? "true" : "false";
      break;
    case Json::value_t::string:
      append_string(out, v.get_ref<const std::string&>(), indent);
      break;
    case Json::value_t::number_integer:
      append_integer(out, v.get<int64_t>());
      break;
    case Json::value_t::number_unsigned:
      append_integer(out, v.get<uint64_t>());
      break;
    default:
      out += v.dump();
      break;
  }
}

bool is_empty_collection(const Json& v) {
  return v.is_structured() && v.empty();
}

void append_node(std::string& out, const Json& v, int indent);

void append_map_body(std::string& out, const Json& map, int indent, bool first_inline) {
  bool first = true;
  for (const auto& [key, child] : map.get_ref<const Json::object_t&>()) {
    if (!(first && first_inline)) out.append(indent, ' ');
    first = false;
    append_key_and_colon(out, key, indent);
    if (child.is_object() && !child.empty()) {
      out += '\n';
      append_map_body(out, child, indent + 2, false);
    } else if (child.is_array() && !child.empty()) {
      out += '\n';
      append_node(out, child, indent);  // sequences sit at the key's indentation, as kubectl writes them
    } else {
      out += ' ';
      if (is_empty_collection(child)) {
        out += child.is_object() ? "{}" : "[]";
      } else {
        append_scalar(out, child, indent + 2);
      }
      out += '\n';
    }
  }
}

void append_sequence_body(std::string& out, const Json& seq, int indent) {
  for (const Json& item : seq.get_ref<const Json::array_t&>()) {
    out.append(indent, ' ');
    out += "- ";
    if (item.is_object() && !item.empty()) {
      append_map_body(out, item, indent + 2, true);
    } else if (item.is_array() && !item.empty()) {
      out += '\n';
      append_sequence_body(out, item, indent + 2);
    } else {
      if (is_empty_collection(item)) {
        out += item.is_object() ? "{}" : "[]";
      } else {
        append_scalar(out, item, indent + 2);
      }
      out += '\n';
    }
  }
}

void append_node(std::string& out, const Json& v, int indent) {
  if (v.is_object() && !v.empty()) return append_map_body(out, v, indent, false);
  if (v.is_array() && !v.empty()) return append_sequence_body(out, v, indent);
  if (is_empty_collection(v)) {
    out += v.is_object() ? "{}\n" : "[]\n";
    return;
  }
  append_scalar(out, v, indent + 2);  // a top-level literal block needs indented content
  out += '\n';
}

}  // namespace

void append_yaml(std::string& out, const Json& value) {
  append_node(out, value, 0);
}

std::string to_yaml(const Json& value) {
  std::string out;
  append_yaml(out, value);
  return out;
}

std::string to_yaml_stream(const std::vector<Json>& documents) {
  std::string out;
  for (size_t i = 0; i < documents.size(); ++i) {
    if (i > 0) out += "---\n";
    append_yaml(out, documents[i]);
  }
  return out;
}

std::string to_json_text(const std::vector<Json>& documents) {
  if (documents.size() == 1) return documents.front().dump(2) + "\n";
  Json list = Json::object();
  list["apiVersion"] = "v1";
  list["kind"] = "List";
  list["items"] = Json::array();
  for (const Json& d : documents) list["items"].push_back(d);
  return list.dump(2) + "\n";
}

}  // namespace grovectl
