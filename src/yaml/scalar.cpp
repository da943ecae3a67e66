#include "yaml/scalar.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace grovectl {
namespace {

// Hand-written matchers: libstdc++'s std::regex recurses once per character and overflows the
// stack on long scalars (hostile input), so no regex is used on user text.

std::optional<bool> as_bool(std::string_view s) {
  static const char* kTrue[] = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y"};
  static const char* kFalse[] = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N"};
  for (const char* t : kTrue)
    if (s == t) return true;
  for (const char* f : kFalse)
    if (s == f) return false;
  return std::nullopt;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool is_octal(char c) {
  return c >= '0' && c <= '7';
}

size_t sign_length(std::string_view s) {
  return !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
}

// [-+]? <prefix> <one or more chars satisfying pred>
template <typename Pred>
bool match_integer(std::string_view s, std::string_view prefix, Pred pred) {
  size_t i = sign_length(s);
  if (s.substr(i, prefix.size()) != prefix) return false;
  i += prefix.size();
  if (i >= s.size()) return false;
  for (; i < s.size(); ++i) {
    if (!pred(s[i])) return false;
  }
  return true;
}

bool is_decimal(std::string_view s) {
  return match_integer(s, "", is_digit);
}
bool is_hex_int(std::string_view s) {
  return match_integer(s, "0x", is_hex);
}
bool is_octal_int(std::string_view s) {
  return match_integer(s, "0o", is_octal);
}

size_t skip_digits(std::string_view s, size_t i) {
  while (i < s.size() && is_digit(s[i])) ++i;
  return i;
}

// [-+]? ( \.[0-9]+ | [0-9]+ (\.[0-9]*)? ) ([eE][-+]?[0-9]+)?
bool is_float(std::string_view s) {
  size_t i = sign_length(s);
  if (i < s.size() && s[i] == '.') {
    size_t j = skip_digits(s, i + 1);
    if (j == i + 1) return false;
    i = j;
  } else {
    size_t j = skip_digits(s, i);
    if (j == i) return false;
    i = j;
    if (i < s.size() && s[i] == '.') i = skip_digits(s, i + 1);
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    size_t j = skip_digits(s, i);
    if (j == i) return false;
    i = j;
  }
  return i == s.size();
}

// YAML 1.1 extras: [-+]?( [0-9][0-9_]*(\.[0-9_]*)? | 0b[01_]+ | [0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)? )
bool is_yaml11_number(std::string_view s) {
  size_t i = sign_length(s);
  if (s.substr(i, 2) == "0b") {
    if (i + 2 >= s.size()) return false;
    for (size_t k = i + 2; k < s.size(); ++k) {
      if (s[k] != '0' && s[k] != '1' && s[k] != '_') return false;
    }
    return true;
  }
  if (i >= s.size() || !is_digit(s[i])) return false;
  ++i;
  while (i < s.size() && (is_digit(s[i]) || s[i] == '_')) ++i;
  while (i < s.size() && s[i] == ':') {  // sexagesimal groups
    size_t j = skip_digits(s, i + 1);
    size_t n = j - (i + 1);
    if (n == 0 || n > 2 || (n == 2 && s[i + 1] > '5')) return false;
    i = j;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && (is_digit(s[i]) || s[i] == '_')) ++i;
  }
  return i == s.size();
}

// [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}.*
bool is_timestamp_prefix(std::string_view s) {
  if (s.size() < 8) return false;
  for (size_t k = 0; k < 4; ++k) {
    if (!is_digit(s[k])) return false;
  }
  size_t i = 4;
  for (int part = 0; part < 2; ++part) {
    if (i >= s.size() || s[i] != '-') return false;
    size_t j = skip_digits(s, i + 1);
    size_t n = j - (i + 1);
    if (n < 1) return false;
    if (n > 2) j = i + 3;  // the rest matches ".*"
    i = j;
  }
  return true;
}

bool is_special_float(std::string_view s) {
  return s == ".inf" || s == ".Inf" || s == ".INF" || s == "+.inf" || s == "-.inf" || s == "-.Inf" ||
         s == ".nan" || s == ".NaN" || s == ".NAN";
}

ResolvedScalar parse_integer(std::string_view text, int base, size_t prefix) {
  bool negative = text[0] == '-';
  size_t start = sign_length(text);
  std::string digits(text.substr(start + prefix));
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

bool plain_scalar_is_null(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

ResolvedScalar resolve_plain_scalar(std::string_view text) {
  if (plain_scalar_is_null(text)) return {Json(nullptr)};
  if (auto b = as_bool(text)) return {Json(*b)};
  char first = text[0];
  bool maybe_number = is_digit(first) || first == '-' || first == '+' || first == '.';
  if (!maybe_number) return {Json(std::string(text))};
  if (is_decimal(text)) return parse_integer(text, 10, 0);
  if (is_hex_int(text)) return parse_integer(text, 16, 2);
  if (is_octal_int(text)) return parse_integer(text, 8, 2);
  if (is_float(text)) {
    std::string s(text);
    double v = std::strtod(s.c_str(), nullptr);
    // JSON has no infinities: keep an out-of-range float as text so a typed field reports it.
    if (!std::isfinite(v)) return {Json(s)};
    return {Json(v)};
  }
  // .inf/.nan: JSON has no infinities; keep the text so a typed field reports a type error.
  return {Json(std::string(text))};
}

bool plain_scalar_is_ambiguous(std::string_view text) {
  if (plain_scalar_is_null(text) || as_bool(text) || is_special_float(text)) return true;
  char first = text[0];
  if (!(is_digit(first) || first == '-' || first == '+' || first == '.')) return false;
  if (is_decimal(text) || is_hex_int(text) || is_octal_int(text) || is_float(text)) return true;
  return is_yaml11_number(text) || is_timestamp_prefix(text);
}

}  // namespace grovectl
