#pragma once
// Bounded text for messages: a hostile 10 MB name must not become 10 MB of diagnostics per finding.
#include <string>
#include <string_view>

#include "core/budgets.hpp"

namespace grovectl {

// `value` itself when it has at most `limit` bytes; otherwise its start (cut at a UTF-8 character
// boundary, at most limit - 3 bytes) followed by "... (N bytes)".
std::string excerpt(std::string_view value, size_t limit = kMaxQuotedValueBytes);

// `message` with every run of more than kMaxQuotedValueBytes non-blank bytes shortened by excerpt(), and
// the whole cut at kMaxMessageBytes. Diagnostics applies it to every message and field path, so a value
// that reaches a message unquoted is bounded too.
std::string bounded_message(std::string message);

}  // namespace grovectl
