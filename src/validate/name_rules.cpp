// Go durations, as Grove checks terminationDelay.
#include <cctype>
#include <cstdlib>
#include <regex>

#include "validate/grove_rules.hpp"

namespace grovectl {

std::optional<long double> parse_go_duration(const std::string& text) {
  // Real durations are short; a bound keeps std::regex (recursive in libstdc++) off hostile input.
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
  static const std::regex part("([0-9]*\\.?[0-9]+|[0-9]+\\.)(ns|us|\xC2\xB5s|ms|s|m|h)");
  long double total = 0;
  size_t pos = 0;
  while (pos < s.size()) {
    std::smatch m;
    std::string rest = s.substr(pos);
    if (!std::regex_search(rest, m, part, std::regex_constants::match_continuous)) return std::nullopt;
    long double v = std::strtold(m[1].str().c_str(), nullptr);
    std::string unit = m[2].str();
    long double scale = unit == "ns"   ? 1
                        : unit == "ms" ? 1e6
                        : unit == "s"  ? 1e9
                        : unit == "m"  ? 6e10
                        : unit == "h"  ? 3.6e12
                                       : 1e3;
    total += v * scale;
    pos += m[0].length();
  }
  return sign * total;
}

}  // namespace grovectl
