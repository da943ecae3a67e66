#pragma once
// Whether to write ANSI colors (https://no-color.org; --color as dyff and helm-diff spell it): --color
// always|never wins; auto colors only a terminal, never with a non-empty NO_COLOR or TERM=dumb, and always
// with a non-empty FORCE_COLOR other than "0". Machine formats must not call this (they never color).
#include <optional>
#include <string>

namespace grovectl {

enum class ColorMode { kAuto, kAlways, kNever };

std::optional<ColorMode> parse_color_mode(const std::string& text);

// `is_tty` and `env` are parameters so the decision is testable; use_color_for_stdout() reads the process.
bool decide_color(ColorMode mode, bool is_tty, const char* no_color, const char* term,
                  const char* force_color);
bool use_color_for_stdout(ColorMode mode);

}  // namespace grovectl
