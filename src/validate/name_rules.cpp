// Go durations, as Grove checks terminationDelay.
#include <cstdlib>

#include "core/regex.hpp"
#include "validate/grove_rules.hpp"

namespace grovectl {

std::optional<long double> parse_go_duration(const std::string& text) {
  // No real duration is this long; longer text is refused unread.
  constexpr size_t kMaxDurationLength = 64;
  if (text.size() > kMaxDurationLength) return std::nullopt;
  std::string s = text;
  long double sign = 1;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    if (s[0] == '-') sign = -1;
    s = s.substr(1);
  }
  if (s == "0") return 0.0L;
  if (s.empty()) return std::nullopt;
  // Go's units (unitMap in golang/go src/time/format.go at go1.22.0): "µs" is U+00B5, "μs" U+03BC.
  static const Regex part = Regex::known("([0-9]*\\.?[0-9]+|[0-9]+\\.)(ns|us|\xC2\xB5s|\xCE\xBCs|ms|s|m|h)");
  long double total = 0;
  size_t pos = 0;
  while (pos < s.size()) {
    const auto m = part.match_at_start(std::string_view(s).substr(pos));
    if (!m) return std::nullopt;
    const long double v = std::strtold(std::string((*m)[1]).c_str(), nullptr);
    const std::string_view unit = (*m)[2];
    long double scale = unit == "ns"   ? 1
                        : unit == "ms" ? 1e6
                        : unit == "s"  ? 1e9
                        : unit == "m"  ? 6e10
                        : unit == "h"  ? 3.6e12
                                       : 1e3;
    total += v * scale;
    pos += (*m)[0].size();
  }
  return sign * total;
}

}  // namespace grovectl
