#include "yaml/scalar.hpp"

#include <cerrno>
#include <cstdlib>
#include <limits>
#include <regex>

namespace grovectl {
namespace {

bool is_null(std::string_view s) { return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL"; }

std::optional<bool> as_bool(std::string_view s) {
  static const char* kTrue[] = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y"};
  static const char* kFalse[] = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N"};
  for (const char* t : kTrue)
    if (s == t) return true;
  for (const char* f : kFalse)
    if (s == f) return false;
  return std::nullopt;
}

const std::regex& decimal_re() {
  static const std::regex re("[-+]?[0-9]+");
  return re;
}
const std::regex& hex_re() {
  static const std::regex re("[-+]?0x[0-9a-fA-F]+");
  return re;
}
const std::regex& octal_re() {
  static const std::regex re("[-+]?0o[0-7]+");
  return re;
}
const std::regex& float_re() {
  static const std::regex re("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
  return re;
}

ResolvedScalar parse_integer(std::string_view text, int base, size_t prefix) {
  std::string s(text);
  bool negative = s[0] == '-';
  size_t start = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  std::string digits = s.substr(start + prefix);
  errno = 0;
  char* end = nullptr;
  unsigned long long magnitude = std::strtoull(digits.c_str(), &end, base);
  if (errno == ERANGE) return {Json(std::string(text)), ScalarError::kIntegerOverflow};
  if (negative) {
    if (magnitude > static_cast<unsigned long long>(std::numeric_limits<int64_t>::max()) + 1ULL)
      return {Json(std::string(text)), ScalarError::kIntegerOverflow};
    return {Json(static_cast<int64_t>(0 - magnitude))};
  }
  if (magnitude > static_cast<unsigned long long>(std::numeric_limits<int64_t>::max()))
    return {Json(std::string(text)), ScalarError::kIntegerOverflow};
  return {Json(static_cast<int64_t>(magnitude))};
}

}  // namespace

ResolvedScalar resolve_plain_scalar(std::string_view text) {
  if (is_null(text)) return {Json(nullptr)};
  if (auto b = as_bool(text)) return {Json(*b)};
  char first = text[0];
  bool maybe_number = (first >= '0' && first <= '9') || first == '-' || first == '+' || first == '.';
  if (!maybe_number) return {Json(std::string(text))};
  std::string s(text);
  if (std::regex_match(s, decimal_re())) return parse_integer(text, 10, 0);
  if (std::regex_match(s, hex_re())) return parse_integer(text, 16, 2);
  if (std::regex_match(s, octal_re())) return parse_integer(text, 8, 2);
  if (std::regex_match(s, float_re())) {
    double v = std::strtod(s.c_str(), nullptr);
    return {Json(v)};
  }
  if (s == ".inf" || s == ".Inf" || s == ".INF" || s == "+.inf" || s == "-.inf" || s == "-.Inf" || s == ".nan" ||
      s == ".NaN" || s == ".NAN") {
    // JSON has no infinities; keep the text so a typed field reports a type error.
    return {Json(s)};
  }
  return {Json(s)};
}

bool plain_scalar_is_ambiguous(std::string_view text) {
  if (is_null(text) || as_bool(text)) return true;
  if (text == ".inf" || text == "-.inf" || text == "+.inf" || text == ".nan" || text == ".Inf" || text == ".NaN")
    return true;
  char first = text[0];
  if (!((first >= '0' && first <= '9') || first == '-' || first == '+' || first == '.')) return false;
  std::string s(text);
  if (std::regex_match(s, decimal_re()) || std::regex_match(s, hex_re()) || std::regex_match(s, octal_re()) ||
      std::regex_match(s, float_re()))
    return true;
  // YAML 1.1 extras: underscores in numbers, sexagesimal, binary, timestamps.
  static const std::regex yaml11_number("[-+]?([0-9][0-9_]*(\\.[0-9_]*)?|0b[01_]+|[0-9][0-9_]*(:[0-5]?[0-9])+(\\.[0-9_]*)?)");
  static const std::regex timestamp("[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}.*");
  return std::regex_match(s, yaml11_number) || std::regex_match(s, timestamp);
}

}  // namespace grovectl
