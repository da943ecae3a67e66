#include "cli/color.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace grovectl {
namespace {

bool non_empty(const char* v) {
  return v != nullptr && *v != '\0';
}

}  // namespace

std::optional<ColorMode> parse_color_mode(const std::string& text) {
  if (text == "auto") return ColorMode::kAuto;
  if (text == "always") return ColorMode::kAlways;
  if (text == "never") return ColorMode::kNever;
  return std::nullopt;
}

bool decide_color(ColorMode mode, bool is_tty, const char* no_color, const char* term,
                  const char* force_color) {
  if (mode != ColorMode::kAuto) return mode == ColorMode::kAlways;
  if (non_empty(no_color)) return false;
  if (non_empty(force_color) && std::string_view(force_color) != "0") return true;
  if (term != nullptr && std::string_view(term) == "dumb") return false;
  return is_tty;
}

bool use_color_for_stdout(ColorMode mode) {
  return decide_color(mode, isatty(STDOUT_FILENO) == 1, std::getenv("NO_COLOR"), std::getenv("TERM"),
                      std::getenv("FORCE_COLOR"));
}

}  // namespace grovectl
