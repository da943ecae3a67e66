#include "yaml/scalar.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <limits>

namespace grovectl {
namespace {

// Hand-written matchers: they run on every plain scalar of every input, and each is one pass over it.

// Whether `s` is `lower` in one of the three spellings YAML 1.1 gives a boolean: lower case ("true"),
// capitalised ("True") or upper case ("TRUE").
bool is_spelling_of(std::string_view s, std::string_view lower) {
  if (s.size() != lower.size()) return false;
  const auto upper = [](char c) { return static_cast<char>(c - 'a' + 'A'); };
  if (s[0] == lower[0]) return s.substr(1) == lower.substr(1);
  if (s[0] != upper(lower[0])) return false;
  if (s.substr(1) == lower.substr(1)) return true;
  for (size_t i = 1; i < s.size(); ++i) {
    if (s[i] != upper(lower[i])) return false;
  }
  return true;
}

// Emitting asks this of every short key ("name"), so it compares with the two spellings of the text's
// length only.
std::optional<bool> as_bool(std::string_view s) {
  struct Spellings {
    std::string_view yes, no;
  };
  static constexpr Spellings kByLength[] = {{"", ""},       {"y", "n"},   {"on", "no"},
                                            {"yes", "off"}, {"true", ""}, {"", "false"}};
  if (s.empty() || s.size() >= std::size(kByLength)) return std::nullopt;
  const Spellings& spellings = kByLength[s.size()];
  if (is_spelling_of(s, spellings.yes)) return true;
  if (is_spelling_of(s, spellings.no)) return false;
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

// An integer in the syntax of Go's strconv.ParseInt with base 0, which go-yaml (behind kubectl's
// sigs.k8s.io/yaml) applies to plain scalars after removing underscores: an optional sign, then "0x"
// hexadecimal, "0o" or a bare leading "0" octal (YAML 1.1: 0777 is 511), "0b" binary, else decimal.
// nullopt when `text` is not that syntax.
std::optional<ResolvedScalar> parse_go_integer(std::string_view text, std::string_view original) {
  const size_t sign = sign_length(text);
  const bool negative = sign == 1 && text[0] == '-';
  std::string_view body = text.substr(sign);
  unsigned base = 10;
  size_t prefix = 0;
  if (body.size() >= 2 && body[0] == '0') {
    const char p = body[1];
    if (p == 'x' || p == 'X') {
      base = 16, prefix = 2;
    } else if (p == 'o' || p == 'O') {
      base = 8, prefix = 2;
    } else if (p == 'b' || p == 'B') {
      base = 2, prefix = 2;
    } else {
      base = 8, prefix = 1;
    }
  }
  std::string_view digits = body.substr(prefix);
  if (digits.empty()) return std::nullopt;
  const unsigned long long limit =
      static_cast<unsigned long long>(std::numeric_limits<int64_t>::max()) + 1ULL;
  unsigned long long magnitude = 0;
  bool overflow = false;
  for (char c : digits) {
    unsigned d = is_digit(c)              ? unsigned(c - '0')
                 : (c >= 'a' && c <= 'f') ? unsigned(c - 'a' + 10)
                 : (c >= 'A' && c <= 'F') ? unsigned(c - 'A' + 10)
                                          : 99u;
    if (d >= base) return std::nullopt;
    if (magnitude > (limit - d) / base) overflow = true;
    if (!overflow) magnitude = magnitude * base + d;
  }
  if (overflow || magnitude > limit || (!negative && magnitude == limit))
    return ResolvedScalar{Json(std::string(original)), ScalarError::kIntegerOverflow};
  if (negative) return ResolvedScalar{Json(static_cast<int64_t>(0 - magnitude))};
  return ResolvedScalar{Json(static_cast<int64_t>(magnitude))};
}

// A float as kubectl sends it: sigs.k8s.io/yaml turns the YAML into JSON with Go's encoding/json, which
// writes an integral float64 below 1e21 without a fraction (1.0 -> 1, 1e3 -> 1000), so the API server
// reads an integer. JSON has no infinities: an out-of-range float stays text so a typed field reports it.
ResolvedScalar float_value(std::string_view text, std::string_view original) {
  std::string s(text);
  double v = std::strtod(s.c_str(), nullptr);
  if (!std::isfinite(v)) return {Json(std::string(original))};
  if (std::trunc(v) == v && std::fabs(v) < 9.2e18) return {Json(static_cast<int64_t>(v))};
  return {Json(v)};
}

std::string without_underscores(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c != '_') out += c;
  }
  return out;
}

}  // namespace

bool plain_scalar_is_null(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

// Plain scalars resolve as go-yaml v2 resolves them for kubectl (sigs.k8s.io/yaml): the YAML 1.1
// booleans and nulls, integers in Go's base-0 syntax with underscores ignored, floats; sexagesimal
// numbers (1:30) and timestamps stay strings.
ResolvedScalar resolve_plain_scalar(std::string_view text) {
  if (plain_scalar_is_null(text)) return {Json(nullptr)};
  if (auto b = as_bool(text)) return {Json(*b)};
  const char first = text[0];
  // ".inf" and ".nan" have no JSON form; they stay text so a typed field reports a type error.
  if (first == '.') return is_float(text) ? float_value(text, text) : ResolvedScalar{Json(std::string(text))};
  if (!(is_digit(first) || first == '-' || first == '+')) return {Json(std::string(text))};
  const std::string plain = without_underscores(text);
  if (auto integer = parse_go_integer(plain, text)) return std::move(*integer);
  if (is_float(plain)) return float_value(plain, text);
  return {Json(std::string(text))};
}

namespace {

// Every null, boolean, number, special float and timestamp spelling starts with one of these.
bool may_start_a_typed_scalar(char first) {
  switch (first) {
    case 'n':
    case 'N':
    case 't':
    case 'T':
    case 'f':
    case 'F':
    case 'y':
    case 'Y':
    case 'o':
    case 'O':
    case '~':
    case '.':
    case '-':
    case '+':
      return true;
    default:
      return is_digit(first);
  }
}

}  // namespace

bool plain_scalar_is_ambiguous(std::string_view text) {
  if (!text.empty() && !may_start_a_typed_scalar(text[0])) return false;
  if (plain_scalar_is_null(text) || as_bool(text) || is_special_float(text)) return true;
  char first = text[0];
  if (!(is_digit(first) || first == '-' || first == '+' || first == '.')) return false;
  if (is_decimal(text) || is_hex_int(text) || is_octal_int(text) || is_float(text)) return true;
  return is_yaml11_number(text) || is_timestamp_prefix(text);
}

}  // namespace grovectl
