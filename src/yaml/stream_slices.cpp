#include "yaml/stream_slices.hpp"

#include <cstring>

namespace grovectl {
namespace {

// "---" followed by a blank, a line break or the end: a document start marker (YAML 1.2 §9.1.1).
bool is_document_start_at(std::string_view text, size_t at) {
  if (text.compare(at, 3, "---") != 0) return false;
  if (at + 3 == text.size()) return true;
  const char next = text[at + 3];
  return next == ' ' || next == '\t' || next == '\n' || next == '\r';
}

// libyaml also counts a lone CR, NEL (U+0085) and U+2028/U+2029 as line breaks; lines are counted here
// by LF alone, so a stream with any of them is not cut.
bool has_other_line_breaks(std::string_view text) {
  return text.find('\r') != std::string_view::npos || text.find("\xC2\x85") != std::string_view::npos ||
         text.find("\xE2\x80\xA8") != std::string_view::npos ||
         text.find("\xE2\x80\xA9") != std::string_view::npos;
}

}  // namespace

std::vector<StreamSlice> stream_slices(std::string_view text) {
  if (has_other_line_breaks(text)) return {};
  std::vector<StreamSlice> slices;
  size_t slice_start = 0, slice_line = 0, line = 0;
  for (size_t at = 0; at < text.size();) {
    if (text[at] == '%') return {};
    if (at > slice_start && is_document_start_at(text, at)) {
      slices.push_back({slice_start, at - slice_start, slice_line});
      slice_start = at;
      slice_line = line;
    }
    const void* newline = std::memchr(text.data() + at, '\n', text.size() - at);
    if (!newline) break;
    at = static_cast<size_t>(static_cast<const char*>(newline) - text.data()) + 1;
    ++line;
  }
  slices.push_back({slice_start, text.size() - slice_start, slice_line});
  return slices;
}

}  // namespace grovectl
