#pragma once
// Cheap checks that run before the YAML parser: encoding (UTF-8, no NUL or control characters) and a
// nesting-depth estimate, each located the way libyaml counts lines and columns.
#include <string>
#include <string_view>

#include "core/diagnostic.hpp"
#include "yaml/positions.hpp"

namespace grovectl {

// Returns false (after adding a located diagnostic) for NUL bytes, invalid UTF-8, control characters,
// or nesting that is certainly deeper than `max_depth`. The depth estimate errs low (the reader enforces
// the exact limit), so valid input is never refused here.
bool prescan_yaml(std::string_view text, const std::string& file, size_t max_depth, Diagnostics& diags);

// True when `text` is valid UTF-8 (no overlong forms, surrogates or code points beyond U+10FFFF).
bool is_valid_utf8(std::string_view text);

// Line and column (1-based, columns in characters) of byte `offset` of `text`, counting line breaks as
// libyaml does: LF, CR, CRLF, and the YAML 1.1 breaks NEL, LS and PS.
Position position_at_offset(std::string_view text, size_t offset);

}  // namespace grovectl
