#include "yaml/block_subset.hpp"

#include <cstring>
#include <optional>

namespace grovectl {
namespace {

// One line of the text, without its '\n'.
struct Line {
  std::string_view text;
  size_t offset = 0;  // of its first byte in the text
  size_t number = 0;  // 0-based, in the stream
  size_t indent = 0;  // leading spaces
  bool has_tab = false;
  bool ends_text_without_break = false;

  bool blank() const { return indent == text.size(); }
  bool skipped() const { return blank() || text[indent] == '#'; }  // blank, or only a comment
};

class LineCursor {
 public:
  LineCursor(std::string_view text, size_t offset, size_t number) : text_(text), next_(offset) {
    line_.number = number;
    load(offset);
  }

  bool at_end() const { return line_.offset >= text_.size(); }
  const Line& line() const { return line_; }
  void advance() {
    ++line_.number;
    load(next_);
  }

 private:
  void load(size_t offset) {
    line_.offset = offset;
    if (at_end()) {
      line_.text = {};
      return;
    }
    const char* start = text_.data() + offset;
    const size_t rest = text_.size() - offset;
    const void* newline = std::memchr(start, '\n', rest);
    const size_t length = newline ? static_cast<size_t>(static_cast<const char*>(newline) - start) : rest;
    line_.text = std::string_view(start, length);
    line_.indent = 0;
    while (line_.indent < length && start[line_.indent] == ' ') ++line_.indent;
    line_.has_tab = std::memchr(start, '\t', length) != nullptr;
    line_.ends_text_without_break = newline == nullptr;
    next_ = newline ? offset + length + 1 : text_.size();
  }

  std::string_view text_;
  size_t next_ = 0;
  Line line_;
};

enum class Marker { kNone, kDocumentStart, kOther };

// "---" at column 0 and a blank or the line's end after it starts a document; "..." (a document end) and
// "---" followed by anything else are left to libyaml.
Marker marker_of(const Line& line) {
  const std::string_view head = line.text.substr(0, 3);
  if (head != "---" && head != "...") return Marker::kNone;
  if (head == "..." || (line.text.size() > 3 && line.text[3] != ' ')) return Marker::kOther;
  return Marker::kDocumentStart;
}

// libyaml counts columns in characters: every byte but UTF-8 continuation bytes. Tokens are marked left
// to right along a line, so the count goes on from the last token of the same line (a line of a million
// flow items costs one pass, not a million).
class ColumnCounter {
 public:
  size_t column(const Line& line, size_t at) {
    if (line.offset != line_offset_ || at < byte_) {
      line_offset_ = line.offset;
      byte_ = 0;
      characters_ = 0;
    }
    for (; byte_ < at; ++byte_) characters_ += (static_cast<unsigned char>(line.text[byte_]) & 0xC0) != 0x80;
    return characters_;
  }

 private:
  size_t line_offset_ = SIZE_MAX;
  size_t byte_ = 0;
  size_t characters_ = 0;
};

// Only spaces from `from` to the line's end, or spaces and then a comment.
bool rest_is_blank(const Line& line, size_t from) {
  size_t i = from;
  while (i < line.text.size() && line.text[i] == ' ') ++i;
  return i == line.text.size() || (line.text[i] == '#' && i > from);
}

// A block sequence entry: "-" and then a blank or the line's end.
bool is_entry(const Line& line, size_t at) {
  return at < line.text.size() && line.text[at] == '-' &&
         (at + 1 == line.text.size() || line.text[at + 1] == ' ');
}

// A plain scalar may start here; the indicators that start something else, and the rarer '?' and ':'
// forms, are left to libyaml.
bool plain_may_start(const Line& line, size_t at) {
  if (at >= line.text.size()) return false;
  const char first = line.text[at];
  if (first == '-') return at + 1 < line.text.size() && line.text[at + 1] != ' ';
  constexpr std::string_view kIndicators = ",[]{}#&*!|>'\"%@`?:";
  return kIndicators.find(first) == std::string_view::npos;
}

void append_utf8(std::string& out, uint32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

std::optional<uint32_t> hex_code(std::string_view digits) {
  uint32_t code = 0;
  for (char c : digits) {
    int v = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (v < 0) return std::nullopt;
    code = code * 16 + static_cast<uint32_t>(v);
  }
  if ((code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return std::nullopt;
  return code;
}

// The one-letter escapes of a double-quoted scalar as libyaml reads them.
struct Escape {
  char letter;
  std::string_view text;
};
constexpr Escape kEscapes[] = {
    {'0', {"\0", 1}},      {'a', "\x07"},        {'b', "\x08"}, {'t', "\x09"},     {'n', "\x0A"},
    {'v', "\x0B"},         {'f', "\x0C"},        {'r', "\x0D"}, {'e', "\x1B"},     {' ', " "},
    {'"', "\""},           {'/', "/"},           {'\\', "\\"},  {'N', "\xC2\x85"}, {'_', "\xC2\xA0"},
    {'L', "\xE2\x80\xA8"}, {'P', "\xE2\x80\xA9"}};

// Appends the escape whose letter is text[i] (\x, \u and \U give a code point) and moves `i` past it;
// false for an escape left to libyaml.
bool append_escape(std::string& out, std::string_view text, size_t& i) {
  const char letter = text[i];
  for (const Escape& e : kEscapes) {
    if (e.letter != letter) continue;
    out.append(e.text);
    ++i;
    return true;
  }
  const size_t length = letter == 'x' ? 2 : letter == 'u' ? 4 : letter == 'U' ? 8 : 0;
  if (length == 0 || i + length >= text.size()) return false;
  const std::optional<uint32_t> code = hex_code(text.substr(i + 1, length));
  if (!code) return false;
  append_utf8(out, *code);
  i += length + 1;
  return true;
}

struct Quoted {
  std::string text;
  size_t end = 0;  // just past the closing quote
};

// A quoted scalar that closes on its own line.
std::optional<Quoted> read_quoted(const Line& line, size_t at) {
  const std::string_view text = line.text;
  const char quote = text[at];
  Quoted q;
  size_t i = at + 1;
  while (i < text.size()) {
    const char c = text[i];
    if (quote == '\'' && c == '\'') {
      if (i + 1 < text.size() && text[i + 1] == '\'') {
        q.text += '\'';
        i += 2;
        continue;
      }
      q.end = i + 1;
      return q;
    }
    if (quote == '"' && c == '"') {
      q.end = i + 1;
      return q;
    }
    if (quote == '"' && c == '\\') {
      ++i;
      if (i >= text.size() || !append_escape(q.text, text, i)) return std::nullopt;
      continue;
    }
    const size_t run = i;
    while (i < text.size() && text[i] != quote && !(quote == '"' && text[i] == '\\')) ++i;
    q.text.append(text.substr(run, i - run));
  }
  return std::nullopt;
}

struct Key {
  std::string text;
  ScalarStyle style = ScalarStyle::kQuoted;
  size_t colon = 0;  // offset of the ':' after it
};

// libyaml takes a key only within 1024 characters of its ':'; longer ones are left to it.
constexpr size_t kLongestKey = 1000;

// The key that starts at `at`, when the line holds "key:" followed by a blank or the line's end.
std::optional<Key> scan_key(const Line& line, size_t at) {
  const std::string_view text = line.text;
  if (at >= text.size()) return std::nullopt;
  Key key;
  size_t colon = 0;
  if (text[at] == '\'' || text[at] == '"') {
    std::optional<Quoted> q = read_quoted(line, at);
    if (!q) return std::nullopt;
    key.text = std::move(q->text);
    colon = q->end;
  } else {
    if (!plain_may_start(line, at)) return std::nullopt;
    colon = at;
    for (; colon < text.size(); ++colon) {
      if (text[colon] == ':' && (colon + 1 == text.size() || text[colon + 1] == ' ')) break;
      if (text[colon] == '#' && text[colon - 1] == ' ') return std::nullopt;
    }
    size_t end = colon;
    while (end > at && text[end - 1] == ' ') --end;
    key.text = std::string(text.substr(at, end - at));
    key.style = ScalarStyle::kPlain;
  }
  if (colon >= text.size() || text[colon] != ':' || colon - at > kLongestKey) return std::nullopt;
  if (colon + 1 < text.size() && text[colon + 1] != ' ') return std::nullopt;
  key.colon = colon;
  return key;
}

// Reads one document into `out`; every read_* function leaves the cursor on the first line it did not
// take, and returns false when the document is outside the subset.
class DocumentReader {
 public:
  DocumentReader(std::string_view text, size_t offset, size_t line, size_t max_events, SubsetDocument& out)
      : cursor_(text, offset, line), text_size_(text.size()), max_events_(max_events), out_(out) {}

  SubsetRead read() {
    out_.events.clear();
    if (!skip_ignorable()) return SubsetRead::kOutsideSubset;
    if (cursor_.at_end()) return SubsetRead::kEndOfText;
    const Marker marker = marker_of(cursor_.line());
    if (marker == Marker::kOther) return SubsetRead::kOutsideSubset;
    if (marker == Marker::kDocumentStart) {
      if (!rest_is_blank(cursor_.line(), 3)) return SubsetRead::kOutsideSubset;
      out_.start_line = cursor_.line().number;
      out_.start_column = 0;
      cursor_.advance();
      if (!skip_ignorable()) return SubsetRead::kOutsideSubset;
      if (at_document_end()) return empty_document();
    } else {
      out_.start_line = cursor_.line().number;
      out_.start_column = cursor_.line().indent;
    }
    if (!read_block_node()) return SubsetRead::kOutsideSubset;
    while (true) {
      if (!skip_ignorable() || out_.events.size() > max_events_) return SubsetRead::kOutsideSubset;
      if (at_document_end()) break;
      if (marker_of(cursor_.line()) != Marker::kNone || !read_line()) return SubsetRead::kOutsideSubset;
    }
    if (pending_value_) emit_pending_null();
    while (!stack_.empty()) pop();
    return finish();
  }

 private:
  struct Frame {
    bool is_mapping = false;
    size_t indent = 0;
    bool indentless = false;  // a sequence at its key's indentation
  };

  bool at_document_end() const {
    return cursor_.at_end() || marker_of(cursor_.line()) == Marker::kDocumentStart;
  }

  SubsetRead finish() {
    out_.end_offset = cursor_.at_end() ? text_size_ : cursor_.line().offset;
    out_.end_line = cursor_.line().number;
    count_entries();
    return SubsetRead::kDocument;
  }

  // Each collection start learns how many keys or items follow it (a mapping's children are its keys and
  // values, in turn).
  void count_entries() {
    open_starts_.clear();
    for (size_t i = 0; i < out_.events.size(); ++i) {
      SubsetEvent& event = out_.events[i];
      if (event.kind == SubsetEvent::Kind::kCollectionEnd) {
        SubsetEvent& start = out_.events[open_starts_.back()];
        if (start.kind == SubsetEvent::Kind::kMappingStart) start.entries /= 2;
        open_starts_.pop_back();
        continue;
      }
      if (!open_starts_.empty()) ++out_.events[open_starts_.back()].entries;
      if (event.kind != SubsetEvent::Kind::kScalar) open_starts_.push_back(i);
    }
  }

  // "---" with nothing after it: libyaml gives the document an empty plain scalar (a null).
  SubsetRead empty_document() {
    emit_scalar({}, ScalarStyle::kPlain, cursor_.line().number, 0);
    return finish();
  }

  // Skips blank and comment-only lines; false at a tab, which libyaml treats apart.
  bool skip_ignorable() {
    while (!cursor_.at_end() && cursor_.line().skipped()) {
      if (cursor_.line().has_tab) return false;
      cursor_.advance();
    }
    return cursor_.at_end() || !cursor_.line().has_tab;
  }

  // The document's root, or a key's value that starts on the line below the key: a block sequence or
  // mapping at the line's indentation.
  bool read_block_node() {
    const Line& line = cursor_.line();
    if (is_entry(line, line.indent)) {
      open_sequence(line, line.indent);
      return read_entry();
    }
    open_mapping(line, line.indent);
    return read_key(line.indent);
  }

  bool read_line() {
    const Line& line = cursor_.line();
    if (pending_value_) {
      const Frame& top = stack_.back();
      if (line.indent > top.indent) {
        pending_value_ = false;
        return read_block_node();
      }
      if (line.indent == top.indent && is_entry(line, line.indent)) {
        pending_value_ = false;
        open_sequence_at_key_indent(line.indent);
        return read_entry();
      }
      emit_pending_null();
    }
    while (!stack_.empty() && stack_.back().indent > line.indent) pop();
    if (!stack_.empty() && stack_.back().indentless && !is_entry(line, line.indent)) pop();
    if (stack_.empty() || stack_.back().indent != line.indent) return false;
    if (!stack_.back().is_mapping) return is_entry(line, line.indent) && read_entry();
    return read_key(line.indent);
  }

  // The entry whose "-" is at the line's indentation.
  bool read_entry() {
    const Line& line = cursor_.line();
    size_t at = line.indent + 1;
    while (at < line.text.size() && line.text[at] == ' ') ++at;
    if (at == line.text.size() || line.text[at] == '#' || is_entry(line, at)) return false;
    std::optional<Key> key = scan_key(line, at);
    if (!key) return read_value(at);
    open_mapping(line, at);
    return read_entry_of_mapping(at, std::move(*key));
  }

  bool read_key(size_t at) {
    std::optional<Key> key = scan_key(cursor_.line(), at);
    return key && read_entry_of_mapping(at, std::move(*key));
  }

  // The key that starts at `at`, and its value on the same line or below.
  bool read_entry_of_mapping(size_t at, Key key) {
    const Line& line = cursor_.line();
    emit_scalar(std::move(key.text), key.style, line.number, columns_.column(line, at));
    size_t value = key.colon + 1;
    while (value < line.text.size() && line.text[value] == ' ') ++value;
    if (value == line.text.size() || line.text[value] == '#') {
      // The value is on the lines below, or null: libyaml marks a null just after the ':'.
      pending_value_ = true;
      pending_line_ = line.number;
      pending_column_ = columns_.column(line, key.colon) + 1;
      cursor_.advance();
      return true;
    }
    return read_value(value);
  }

  bool read_value(size_t at) {
    const Line& line = cursor_.line();
    const char first = line.text[at];
    if (first == '|') return read_literal(at);
    if (first == '{' || first == '[') return read_empty_collection(at) || read_flow_sequence(at);
    if (first == '\'' || first == '"') {
      std::optional<Quoted> q = read_quoted(line, at);
      if (!q || !rest_is_blank(line, q->end)) return false;
      emit_scalar(std::move(q->text), ScalarStyle::kQuoted, line.number, columns_.column(line, at));
      cursor_.advance();
      return true;
    }
    if (!plain_may_start(line, at)) return false;
    size_t end = at;
    while (end < line.text.size() && !(line.text[end] == '#' && line.text[end - 1] == ' ')) ++end;
    while (end > at && line.text[end - 1] == ' ') --end;
    const std::string_view value = line.text.substr(at, end - at);
    if (value.back() == ':' || value.find(": ") != std::string_view::npos) return false;
    emit_scalar(std::string(value), ScalarStyle::kPlain, line.number, columns_.column(line, at));
    cursor_.advance();
    return true;
  }

  bool read_empty_collection(size_t at) {
    const Line& line = cursor_.line();
    const bool is_mapping = line.text[at] == '{';
    if (at + 1 >= line.text.size() || line.text[at + 1] != (is_mapping ? '}' : ']')) return false;
    if (!rest_is_blank(line, at + 2)) return false;
    const auto kind = is_mapping ? SubsetEvent::Kind::kMappingStart : SubsetEvent::Kind::kSequenceStart;
    emit(kind, line.number, columns_.column(line, at));
    out_.events.back().is_flow = true;
    emit(SubsetEvent::Kind::kCollectionEnd, 0, 0);
    cursor_.advance();
    return true;
  }

  // A flow sequence of scalars that closes on its line: "[a, 'b', "c"]". A plain item holds none of the
  // characters on which libyaml's flow scalars end or that its versions read differently.
  bool read_flow_sequence(size_t at) {
    const Line& line = cursor_.line();
    const std::string_view text = line.text;
    if (text[at] != '[') return false;
    const size_t start = out_.events.size();
    emit(SubsetEvent::Kind::kSequenceStart, line.number, columns_.column(line, at));
    out_.events.back().is_flow = true;
    size_t i = at + 1;
    for (;;) {
      while (i < text.size() && text[i] == ' ') ++i;
      if (i >= text.size() || out_.events.size() > max_events_) break;
      const size_t item = i;
      if (text[i] == '\'' || text[i] == '"') {
        std::optional<Quoted> q = read_quoted(line, i);
        if (!q) break;
        emit_scalar(std::move(q->text), ScalarStyle::kQuoted, line.number, columns_.column(line, item));
        i = q->end;
      } else {
        if (!plain_may_start(line, i)) break;
        while (i < text.size() && std::string_view(",[]{}:#?'\"").find(text[i]) == std::string_view::npos)
          ++i;
        size_t end = i;
        while (end > item && text[end - 1] == ' ') --end;
        emit_scalar(std::string(text.substr(item, end - item)), ScalarStyle::kPlain, line.number,
                    columns_.column(line, item));
      }
      while (i < text.size() && text[i] == ' ') ++i;
      if (i < text.size() && text[i] == ',') {
        ++i;
        continue;
      }
      if (i < text.size() && text[i] == ']' && rest_is_blank(line, i + 1)) {
        emit(SubsetEvent::Kind::kCollectionEnd, 0, 0);
        cursor_.advance();
        return true;
      }
      break;
    }
    out_.events.resize(start);
    return false;
  }

  // A "|" or "|-" literal block whose first line holds text; its indentation is that line's.
  bool read_literal(size_t at) {
    const Line& header = cursor_.line();
    const std::string_view indicator = header.text.substr(at, 2);
    const bool strip = indicator == "|-";
    const size_t after = at + (strip ? 2 : 1);
    for (size_t i = after; i < header.text.size(); ++i)
      if (header.text[i] != ' ') return false;
    if (header.ends_text_without_break) return false;
    const size_t line = header.number, column = columns_.column(header, at);
    const size_t parent_indent = stack_.back().indent;
    cursor_.advance();
    if (cursor_.at_end()) return false;
    const size_t indent = cursor_.line().indent;
    if (cursor_.line().blank() || indent <= parent_indent) return false;
    std::string value;
    size_t blank_lines = 0;
    bool any = false;
    for (; !cursor_.at_end(); cursor_.advance()) {
      const Line& row = cursor_.line();
      if (row.has_tab) return false;
      if (row.blank()) {
        if (row.text.size() > indent) return false;  // spaces beyond the indentation are text
        ++blank_lines;
        continue;
      }
      if (row.indent < indent) break;
      if (any) value += '\n';
      value.append(blank_lines, '\n');
      blank_lines = 0;
      value.append(row.text.substr(indent));
      any = true;
      if (row.ends_text_without_break) return false;
    }
    if (!strip) value += '\n';
    emit_scalar(std::move(value), ScalarStyle::kQuoted, line, column);
    return true;
  }

  void open_mapping(const Line& line, size_t at) {
    stack_.push_back({.is_mapping = true, .indent = at});
    emit(SubsetEvent::Kind::kMappingStart, line.number, columns_.column(line, at));
  }

  // A sequence whose "-" at `at` is indented deeper than what holds it (indentation is spaces: the column).
  void open_sequence(const Line& line, size_t at) {
    stack_.push_back({.is_mapping = false, .indent = at});
    emit(SubsetEvent::Kind::kSequenceStart, line.number, at);
  }

  // A sequence as kubectl writes a key's: its "-" at the key's own indentation.
  void open_sequence_at_key_indent(size_t at) {
    stack_.push_back({.is_mapping = false, .indent = at, .indentless = true});
    emit(SubsetEvent::Kind::kSequenceStart, cursor_.line().number, at);
  }

  void pop() {
    stack_.pop_back();
    emit(SubsetEvent::Kind::kCollectionEnd, 0, 0);
  }

  void emit(SubsetEvent::Kind kind, size_t line, size_t column) {
    out_.events.push_back(
        {.kind = kind, .style = ScalarStyle::kPlain, .line = line, .column = column, .value = {}});
  }

  void emit_scalar(std::string value, ScalarStyle style, size_t line, size_t column) {
    out_.events.push_back({.kind = SubsetEvent::Kind::kScalar,
                           .style = style,
                           .line = line,
                           .column = column,
                           .value = std::move(value)});
  }

  void emit_pending_null() {
    pending_value_ = false;
    emit_scalar({}, ScalarStyle::kPlain, pending_line_, pending_column_);
  }

  LineCursor cursor_;
  ColumnCounter columns_;
  size_t text_size_;
  size_t max_events_;
  SubsetDocument& out_;
  std::vector<Frame> stack_;
  std::vector<size_t> open_starts_;  // count_entries' collections not yet ended, by event index
  bool pending_value_ = false;       // the last key's value starts on a later line, or is null
  size_t pending_line_ = 0;
  size_t pending_column_ = 0;
};

}  // namespace

bool subset_may_read(std::string_view text) {
  for (std::string_view other : {"\r", "\xC2\x85", "\xE2\x80\xA8", "\xE2\x80\xA9", "\xEF\xBB\xBF"})
    if (text.find(other) != std::string_view::npos) return false;
  return true;
}

SubsetRead read_subset_document(std::string_view text, size_t offset, size_t line, size_t max_events,
                                SubsetDocument& out) {
  return DocumentReader(text, offset, line, max_events, out).read();
}

}  // namespace grovectl
