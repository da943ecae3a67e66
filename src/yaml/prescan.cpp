#include "yaml/prescan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/parallel.hpp"

namespace grovectl {
namespace {

// Below this size the checks run one after the other: side by side saves less than waking a thread costs.
constexpr size_t kSideBySideFromBytes = size_t{1} << 20;

// Whether a byte may start a line break: '\n', '\r', or the first byte of NEL (C2 85), LS or PS (E2 80
// A8/A9).
bool may_start_break(char c) {
  return c == '\n' || c == '\r' || c == '\xC2' || c == '\xE2';
}

// Length of the line break starting at text[i] as libyaml counts breaks (LF, CR, CRLF, NEL, LS, PS), or 0.
size_t break_length(std::string_view text, size_t i) {
  const char c = text[i];
  if (!may_start_break(c)) return 0;
  if (c == '\n') return 1;
  if (c == '\r') return i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
  if (text.substr(i, 2) == "\xC2\x85") return 2;
  if (text.substr(i, 3) == "\xE2\x80\xA8" || text.substr(i, 3) == "\xE2\x80\xA9") return 3;
  return 0;
}

bool is_continuation_byte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// Characters (not bytes) in `text`: libyaml's columns count characters.
int characters(std::string_view text) {
  int n = 0;
  for (char c : text) n += is_continuation_byte(c) ? 0 : 1;
  return n;
}

// One line of the text, without its break.
struct Row {
  std::string_view text;
  int line = 0;
};

bool contains(std::string_view text, char c) {
  return !text.empty() && std::memchr(text.data(), c, text.size()) != nullptr;
}

// Calls visit(row) for every line until it returns false.
template <typename Visit>
void for_each_row(std::string_view text, Visit visit) {
  int line = 1;
  if (!contains(text, '\r') && !contains(text, '\xC2') && !contains(text, '\xE2')) {
    // Only LF breaks (nearly every manifest): memchr finds them.
    for (size_t start = 0;; ++line) {
      const void* found =
          start < text.size() ? std::memchr(text.data() + start, '\n', text.size() - start) : nullptr;
      const size_t end =
          found ? static_cast<size_t>(static_cast<const char*>(found) - text.data()) : text.size();
      if (!visit(Row{text.substr(start, end - start), line}) || !found) return;
      start = end + 1;
    }
  }
  size_t start = 0;
  for (size_t i = 0; i <= text.size();) {
    while (i < text.size() && !may_start_break(text[i])) ++i;  // most bytes: no break
    size_t brk = i < text.size() ? break_length(text, i) : 1;
    if (brk == 0) {
      ++i;
      continue;
    }
    if (!visit(Row{text.substr(start, i - start), line})) return;
    ++line;
    i += brk;
    start = i;
  }
}

// Length of the UTF-8 sequence starting at text[i] and its code point, or length 0 when it is invalid.
size_t decode_utf8(std::string_view text, size_t i, uint32_t& cp) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
  if (len == 0 || i + len > text.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  cp = len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (byte(i + k) & 0x3F);
  bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
  bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
  if (overlong || surrogate || cp > 0x10FFFF) return 0;
  return len;
}

// The characters YAML 1.1 allows in a stream (libyaml refuses the others as "control characters").
bool is_printable(uint32_t cp) {
  return cp == 0x09 || cp == 0x0A || cp == 0x0D || (cp >= 0x20 && cp <= 0x7E) || cp == 0x85 ||
         (cp >= 0xA0 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
}

// Printable ASCII, tab, LF and CR: most bytes of a manifest, accepted without decoding.
bool is_plain_ascii(char c) {
  return (c >= 0x20 && c <= 0x7E) || c == '\t' || c == '\n' || c == '\r';
}

constexpr uint64_t kOnes = 0x0101010101010101, kHigh = 0x8080808080808080, kLow7 = 0x7F7F7F7F7F7F7F7F;

// The high bit of each byte of `word` that is zero, and of no other byte (no borrow crosses bytes).
uint64_t zero_bytes(uint64_t word) {
  return ~(((word & kLow7) + kLow7) | word | kLow7);
}

// The high bit of each byte of `word` that equals `c`.
uint64_t bytes_equal(uint64_t word, unsigned char c) {
  return zero_bytes(word ^ (c * kOnes));
}

// Whether all 8 bytes of `word` are what is_plain_ascii accepts, tested at once. Without a high bit no
// byte carries into the next when 0x60 or 1 is added to each: a byte below 0x20 (a control) is one whose
// high bit stays clear after +0x60, DEL the one whose high bit +1 sets. Of the controls, LF (the one in
// nearly every word that holds one) is told apart first, tab and CR after.
bool all_plain_ascii(uint64_t word) {
  if (word & kHigh) return false;
  const uint64_t controls = ~(word + 0x60 * kOnes) & kHigh;
  if ((word + kOnes) & kHigh) return false;  // DEL
  if (controls == 0) return true;
  const uint64_t line_feeds = bytes_equal(word, '\n');
  if (controls == line_feeds) return true;
  return (controls & ~(line_feeds | bytes_equal(word, '\t') | bytes_equal(word, '\r'))) == 0;
}

bool check_encoding(std::string_view text, const std::string& file, Diagnostics& diags) {
  for (size_t i = 0; i < text.size();) {
    uint64_t word = 0;
    if (i + sizeof word <= text.size()) {
      std::memcpy(&word, text.data() + i, sizeof word);
      if (all_plain_ascii(word)) {
        i += sizeof word;
        continue;
      }
    }
    if (is_plain_ascii(text[i])) {
      ++i;
      continue;
    }
    uint32_t cp = 0;
    size_t len = decode_utf8(text, i, cp);
    std::string problem;
    if (len == 0) {
      problem = fmt::format("input is not valid UTF-8 (byte 0x{:02X})", static_cast<unsigned char>(text[i]));
    } else if (cp == 0) {
      problem = "input contains a NUL byte";
    } else if (!is_printable(cp)) {
      problem = fmt::format("input contains the control character U+{:04X}, which YAML does not allow", cp);
    }
    if (!problem.empty()) {
      Position at = position_at_offset(text, i);
      diags.error("yaml/encoding", problem, Location{file, at.line, at.column});
      return false;
    }
    i += len;
  }
  return true;
}

bool is_space(std::string_view row, size_t i) {
  return i >= row.size() || row[i] == ' ' || row[i] == '\t';
}

// Whether `row` holds only blanks, given that its first `indent` characters are spaces.
bool is_blank(std::string_view row, size_t indent) {
  return row.find_first_not_of(" \t", indent) == std::string_view::npos;
}

bool is_marker(std::string_view row, std::string_view marker) {
  return !row.empty() && row[0] == marker[0] && row.substr(0, 3) == marker && is_space(row, 3);
}

// A block scalar header ("|", ">-", "|2+" ...) starting at row[i], followed by blanks or a comment.
bool is_block_scalar_header(std::string_view row, size_t i) {
  if (row[i] != '|' && row[i] != '>') return false;
  size_t k = i + 1;
  while (k < row.size() && (row[k] == '+' || row[k] == '-' || (row[k] >= '1' && row[k] <= '9'))) ++k;
  return is_space(row, k);
}

// The first position from `i` on that holds `a` or `b`, or the row's end.
size_t next_of(std::string_view row, size_t i, char a, char b) {
  while (i < row.size() && row[i] != a && row[i] != b) ++i;
  return i;
}

// A conservative estimate of the nesting depth: block indentation levels, inline "- " and "? "
// indicators, and open flow brackets outside quoted scalars (which may span lines), comments, block
// scalars ("key: |" and the more indented lines after it) and block-context plain scalars (in "key: a[b",
// and on the more indented lines that continue it, '[' is text). Erring low only leaves the refusal to
// the reader, which enforces the exact limit.
class DepthEstimate {
 public:
  DepthEstimate(const std::string& file, size_t max_depth, Diagnostics& diags)
      : file_(file), max_depth_(max_depth), diags_(diags) {}

  bool row(const Row& r) {
    std::string_view row = r.text;
    size_t indent = row.find_first_not_of(' ');
    if (indent == std::string_view::npos) indent = row.size();
    if (in_block_scalar_) {
      if (is_blank(row, indent) || indent > block_scalar_indent_) return true;
      in_block_scalar_ = false;
    }
    if (plain_continues_ && !is_blank(row, indent) && indent > plain_indent_ && quote_ == 0) return true;
    plain_continues_ = false;
    size_t start = quote_ ? 0 : indent;
    if (quote_ == 0 && (is_marker(row, "---") || is_marker(row, "..."))) {
      indents_.clear();
      flow_ = 0;
      start = row[0] == '-' ? 3 : row.size();
    } else if (quote_ == 0 && flow_ == 0 && indent < row.size() && row[indent] != '#') {
      while (!indents_.empty() && indents_.back() >= indent) indents_.pop_back();
      indents_.push_back(indent);
    }
    return scan(row, start, indent, r.line);
  }

 private:
  bool scan(std::string_view row, size_t start, size_t indent, int line) {
    size_t inline_levels = 0;
    size_t node_indent = indent;  // where the innermost node of this row starts (after "- ", "? ")
    bool in_plain = false;        // inside a block-context plain scalar, which runs to ": " or " #"
    for (size_t i = start; i < row.size(); ++i) {
      // Inside a quoted or plain scalar only a few characters matter; the others are passed over at once.
      if (quote_) i = next_of(row, i, quote_, quote_ == '"' ? '\\' : quote_);
      if (in_plain) i = next_of(row, i, ':', '#');
      if (i == row.size()) break;
      char c = row[i];
      if (quote_) {
        if (quote_ == '"' && c == '\\') {
          ++i;
        } else if (c == quote_) {
          if (quote_ == '\'' && i + 1 < row.size() && row[i + 1] == '\'') {
            ++i;
          } else {
            quote_ = 0;
          }
        }
        continue;
      }
      if (c == '#' && (i == 0 || is_space(row, i - 1))) break;
      if (in_plain) {
        if (c == ':' && is_space(row, i + 1)) in_plain = false;
        continue;
      }
      if (c == '"' || c == '\'') {
        bool starts_scalar = i == 0 || row[i - 1] == ' ' || row[i - 1] == '\t' || row[i - 1] == '[' ||
                             row[i - 1] == '{' || row[i - 1] == ',' || row[i - 1] == ':';
        if (starts_scalar) quote_ = c;
      } else if (c == '[' || c == '{') {
        ++flow_;
      } else if ((c == ']' || c == '}') && flow_ > 0) {
        --flow_;
      } else if ((c == '-' || c == '?') && is_space(row, i + 1) && (i == 0 || is_space(row, i - 1))) {
        ++inline_levels;
        node_indent = i + 2;
      } else if (c == '&' || c == '!') {
        while (!is_space(row, i + 1)) ++i;  // an anchor or a tag: the node itself follows
      } else if (flow_ == 0 && is_block_scalar_header(row, i) && (i == 0 || is_space(row, i - 1))) {
        in_block_scalar_ = true;
        block_scalar_indent_ = indent;
        return true;
      } else if (flow_ == 0 && !is_space(row, i) && !(c == ':' && is_space(row, i + 1))) {
        in_plain = true;
      }
      size_t depth = indents_.size() + inline_levels + flow_;
      if (depth > max_depth_) {
        diags_.error("yaml/too-deep", fmt::format("nesting deeper than {} levels", max_depth_),
                     Location{file_, line, characters(row.substr(0, i)) + 1});
        return false;
      }
    }
    if (in_plain && flow_ == 0 && quote_ == 0) {
      plain_continues_ = true;
      plain_indent_ = node_indent;
    }
    return true;
  }

  const std::string& file_;
  size_t max_depth_;
  Diagnostics& diags_;
  std::vector<size_t> indents_;
  size_t flow_ = 0;
  char quote_ = 0;  // the quote of a quoted scalar still open at the end of the previous line
  bool in_block_scalar_ = false;
  size_t block_scalar_indent_ = 0;  // content lines are indented more than the header's line
  bool plain_continues_ = false;
  size_t plain_indent_ = 0;  // continuation lines of a plain scalar are indented more than this
};

size_t count_of(std::string_view text, char c) {
  size_t n = 0;
  for (size_t at = text.find(c); at != std::string_view::npos; at = text.find(c, at + 1)) ++n;
  return n;
}

size_t leading_spaces(std::string_view row) {
  constexpr char kEightSpaces[] = "        ";
  size_t n = 0;
  while (n + 8 <= row.size() && std::memcmp(row.data() + n, kEightSpaces, 8) == 0) n += 8;
  while (n < row.size() && row[n] == ' ') ++n;
  return n;
}

// The '[' and '{' of a text up to a growing offset, each found once: the two are looked for apart, so that
// many of one between two of the other are not scanned again.
class FlowOpenCounter {
 public:
  explicit FlowOpenCounter(std::string_view text)
      : text_(text), next_square_(text.find('[')), next_curly_(text.find('{')) {}

  // How many lie before `end` that earlier calls did not count.
  size_t count_before(size_t end) {
    size_t n = 0;
    for (; next_square_ < end; ++n) next_square_ = text_.find('[', next_square_ + 1);
    for (; next_curly_ < end; ++n) next_curly_ = text_.find('{', next_curly_ + 1);
    return n;
  }

 private:
  std::string_view text_;
  size_t next_square_, next_curly_;  // npos when there are no more
};

// Whether each row's bound stays within `max_depth`, with at most `opens_of(row)` open flow collections.
template <typename OpensOf>
bool rows_bounded(std::string_view text, size_t max_depth, OpensOf opens_of) {
  size_t deepest_indent = 0;
  bool bounded = true;
  for_each_row(text, [&](const Row& r) {
    const size_t opens = opens_of(r);
    const size_t indent = leading_spaces(r.text);
    deepest_indent = std::max(deepest_indent, indent);
    const size_t bound = (deepest_indent + 1) + ((r.text.size() - indent) / 2 + 1) + opens;
    return bounded = bound <= max_depth;
  });
  return bounded;
}

// Whether no row can reach past `max_depth` whatever the estimate's state, which it never exceeds: the
// indentation levels are strictly increasing indents, so at most the deepest indent so far plus one; the
// inline "- " and "? " of a row at most one per two characters after its indent (plus one); the open flow
// collections at most every '[' and '{' of the text, or, when those reach the limit, every one since the
// document's marker, where the estimate starts again (it does not at a marker inside a quoted scalar, but a
// document marker there is a syntax error the reader reports). A `kubectl get -o yaml` stream of thousands of
// small documents with an empty list each is so bounded document by document.
bool depth_bounded(std::string_view text, size_t max_depth) {
  const size_t opens_in_text = count_of(text, '[') + count_of(text, '{');
  if (opens_in_text < max_depth)
    return rows_bounded(text, max_depth, [&](const Row&) { return opens_in_text; });
  FlowOpenCounter flow_opens(text);
  size_t opens_in_document = 0;
  return rows_bounded(text, max_depth, [&](const Row& r) {
    if (opens_in_document > 0 && (is_marker(r.text, "---") || is_marker(r.text, "...")))
      opens_in_document = 0;
    return opens_in_document +=
           flow_opens.count_before(static_cast<size_t>(r.text.data() - text.data()) + r.text.size());
  });
}

bool check_depth(std::string_view text, const std::string& file, size_t max_depth, Diagnostics& diags) {
  if (depth_bounded(text, max_depth)) return true;  // most manifests: no exact estimate needed
  DepthEstimate estimate(file, max_depth, diags);
  bool ok = true;
  for_each_row(text, [&](const Row& r) { return ok = estimate.row(r); });
  return ok;
}

// A document whose first token (after anchors and tags) is ',' is refused here with a plain message.
// (yaml-cpp 0.7, the parser grovectl used first, looped forever on it; fuzz_validate found that.)
bool check_leading_flow_entry(std::string_view text, const std::string& file, Diagnostics& diags) {
  bool at_start = true;
  bool ok = true;
  for_each_row(text, [&](const Row& r) {
    std::string_view row = r.text;
    if (!at_start && (row.empty() || (row[0] != '-' && row[0] != '.'))) return true;  // not a marker
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
      if (c == ' ' || c == '\t') {
        ++i;
      } else if (c == '#') {
        break;
      } else if (c == '&' || c == '!') {
        // YAML 1.2 ends an anchor or tag at a flow indicator, so in "!x," the ',' is the next token.
        ++i;
        while (i < row.size() && std::string_view(" \t,[]{}").find(row[i]) == std::string_view::npos) ++i;
      } else if (c == ',') {
        diags.error("yaml/syntax", "a document cannot start with ',' outside a flow collection",
                    Location{file, r.line, characters(row.substr(0, i)) + 1});
        ok = false;
        return false;
      } else {
        at_start = false;
      }
    }
    return true;
  });
  return ok;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  uint32_t cp = 0;
  for (size_t i = 0; i < text.size();) {
    size_t len = decode_utf8(text, i, cp);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

Position position_at_offset(std::string_view text, size_t offset) {
  Position at{1, 1};
  for (size_t i = 0; i < text.size() && i < offset;) {
    size_t brk = break_length(text, i);
    if (brk > 0) {
      ++at.line;
      at.column = 1;
      i += brk;
      continue;
    }
    if (!is_continuation_byte(text[i])) ++at.column;
    ++i;
  }
  return at;
}

bool prescan_yaml(std::string_view text, const std::string& file, size_t max_depth, Diagnostics& diags) {
  if (text.size() < kSideBySideFromBytes) {
    return check_encoding(text, file, diags) && check_depth(text, file, max_depth, diags) &&
           check_leading_flow_entry(text, file, diags);
  }
  // The checks read the text independently, so they run side by side; the first that fails, in the order
  // above, is the one reported.
  std::array<Diagnostics, 3> found;
  std::array<bool, 3> passed{};
  for_each_index_parallel(3, [&](size_t check) {
    if (check == 0) passed[0] = check_depth(text, file, max_depth, found[0]);  // the longest: started first
    if (check == 1) passed[1] = check_encoding(text, file, found[1]);
    if (check == 2) passed[2] = check_leading_flow_entry(text, file, found[2]);
  });
  for (size_t check : {1, 0, 2}) {
    if (!passed[check]) {
      diags.append(found[check]);
      return false;
    }
  }
  return true;
}

}  // namespace grovectl
