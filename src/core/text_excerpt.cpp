#include "core/text_excerpt.hpp"

#include <fmt/format.h>

namespace grovectl {
namespace {

bool is_continuation_byte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The longest prefix of `text` of at most `limit` bytes that does not split a UTF-8 character.
std::string_view utf8_prefix(std::string_view text, size_t limit) {
  size_t end = std::min(limit, text.size());
  while (end > 0 && end < text.size() && is_continuation_byte(text[end])) --end;
  return text.substr(0, end);
}

bool is_blank(char c) {
  return c == ' ' || c == '\n' || c == '\t';
}

}  // namespace

std::string excerpt(std::string_view value, size_t limit) {
  if (value.size() <= limit) return std::string(value);
  // The kept start and its "..." fit in `limit`, so bounding an already bounded message changes nothing.
  return fmt::format("{}... ({} bytes)", utf8_prefix(value, limit - 3), value.size());
}

std::string bounded_message(std::string message) {
  if (message.size() <= kMaxQuotedValueBytes) return message;
  std::string out;
  size_t i = 0;
  while (i < message.size()) {
    size_t run_end = i;
    while (run_end < message.size() && !is_blank(message[run_end])) ++run_end;
    out += excerpt(std::string_view(message).substr(i, run_end - i));
    size_t blank_end = run_end;
    while (blank_end < message.size() && is_blank(message[blank_end])) ++blank_end;
    out.append(message, run_end, blank_end - run_end);
    i = blank_end;
    if (out.size() > kMaxMessageBytes) break;
  }
  if (out.size() <= kMaxMessageBytes) return out;
  return fmt::format("{}... (message cut; {} bytes)", utf8_prefix(out, kMaxMessageBytes), message.size());
}

}  // namespace grovectl
