#include "schema/quantity.hpp"

#include <algorithm>

namespace grovectl::schema {

const std::string_view kQuantityPattern =
    R"(^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$)";

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

struct Number {
  std::string_view whole, fraction;  // digits before and after the point
};

// (([0-9]+(\.[0-9]*)?)|(\.[0-9]+)) at `pos`.
std::optional<Number> read_number(std::string_view s, size_t& pos) {
  size_t start = pos;
  while (pos < s.size() && is_digit(s[pos])) ++pos;
  Number n{s.substr(start, pos - start), {}};
  if (pos < s.size() && s[pos] == '.') {
    size_t frac = ++pos;
    while (pos < s.size() && is_digit(s[pos])) ++pos;
    n.fraction = s.substr(frac, pos - frac);
    if (n.whole.empty() && n.fraction.empty()) return std::nullopt;
  } else if (n.whole.empty()) {
    return std::nullopt;
  }
  return n;
}

bool read_sign(std::string_view s, size_t& pos) {
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) return s[pos++] == '-';
  return false;
}

enum class SuffixKind { kNone, kBinary, kDecimal, kExponent };

struct Parsed {
  bool negative = false;
  Number number;
  SuffixKind suffix = SuffixKind::kNone;
  char suffix_char = 0;
  bool exponent_negative = false;
  Number exponent;
};

std::optional<Parsed> parse_text(std::string_view s) {
  Parsed p;
  size_t pos = 0;
  p.negative = read_sign(s, pos);
  auto n = read_number(s, pos);
  if (!n) return std::nullopt;
  p.number = *n;
  if (pos == s.size()) return p;
  char c = s[pos];
  static constexpr std::string_view kBinary = "KMGTPE", kDecimal = "numkMGTPE";
  // "E" alone is exa; "E" followed by more is an exponent ("1E3").
  const bool exponent = (c == 'e' || c == 'E') && pos + 1 < s.size() && s[pos + 1] != 'i';
  if (kBinary.find(c) != std::string_view::npos && pos + 1 < s.size() && s[pos + 1] == 'i') {
    p.suffix = SuffixKind::kBinary;
    p.suffix_char = c;
    pos += 2;
  } else if (kDecimal.find(c) != std::string_view::npos && !exponent) {
    p.suffix = SuffixKind::kDecimal;
    p.suffix_char = c;
    pos += 1;
  } else if (c == 'e' || c == 'E') {
    p.suffix = SuffixKind::kExponent;
    ++pos;
    p.exponent_negative = read_sign(s, pos);
    auto e = read_number(s, pos);
    if (!e) return std::nullopt;
    p.exponent = *e;
  } else {
    return std::nullopt;
  }
  if (pos != s.size()) return std::nullopt;
  return p;
}

// digits * 2 (decimal string arithmetic).
std::string doubled(const std::string& digits) {
  std::string out(digits.size() + 1, '0');
  int carry = 0;
  for (size_t i = digits.size(); i-- > 0;) {
    int d = (digits[i] - '0') * 2 + carry;
    out[i + 1] = static_cast<char>('0' + d % 10);
    carry = d / 10;
  }
  out[0] = static_cast<char>('0' + carry);
  return out;
}

void normalize(ExactQuantity& q) {
  size_t first = q.digits.find_first_not_of('0');
  q.digits = first == std::string::npos ? "" : q.digits.substr(first);
  while (!q.digits.empty() && q.digits.back() == '0') {
    q.digits.pop_back();
    ++q.exp10;
  }
  if (q.digits.empty()) {
    q.exp10 = 0;
    q.negative = false;
  }
}

}  // namespace

bool is_quantity_text(std::string_view text) {
  return parse_text(text).has_value();
}

std::optional<ExactQuantity> parse_quantity(std::string_view text) {
  // Values are compared only for requests and limits; no real quantity comes near this many digits.
  constexpr size_t kMaxDigits = 256;
  auto p = parse_text(text);
  if (!p || p->number.whole.size() + p->number.fraction.size() > kMaxDigits) return std::nullopt;
  ExactQuantity q;
  q.negative = p->negative;
  q.digits = std::string(p->number.whole) + std::string(p->number.fraction);
  q.exp10 = -static_cast<int64_t>(p->number.fraction.size());
  int binary_shift = 0;
  switch (p->suffix) {
    case SuffixKind::kNone:
      break;
    case SuffixKind::kBinary:
      binary_shift = 10 * (1 + static_cast<int>(std::string_view("KMGTPE").find(p->suffix_char)));
      break;
    case SuffixKind::kDecimal: {
      static constexpr std::string_view kSuffixes = "numkMGTPE";
      static constexpr int kExponents[] = {-9, -6, -3, 3, 6, 9, 12, 15, 18};
      q.exp10 += kExponents[kSuffixes.find(p->suffix_char)];
      break;
    }
    case SuffixKind::kExponent: {
      if (!p->exponent.fraction.empty() || p->exponent.whole.empty()) return std::nullopt;
      // Go's resource.Quantity caps exponents far below this; larger ones are refused there too.
      if (p->exponent.whole.size() > 6) return std::nullopt;
      int64_t e = std::stoll(std::string(p->exponent.whole));
      q.exp10 += p->exponent_negative ? -e : e;
      break;
    }
  }
  for (int i = 0; i < binary_shift; ++i) q.digits = doubled(q.digits);
  normalize(q);
  return q;
}

int compare_quantities(const ExactQuantity& a, const ExactQuantity& b) {
  if (a.digits.empty() || b.digits.empty()) {
    int sa = a.digits.empty() ? 0 : (a.negative ? -1 : 1);
    int sb = b.digits.empty() ? 0 : (b.negative ? -1 : 1);
    return sa < sb ? -1 : sa > sb ? 1 : 0;
  }
  if (a.negative != b.negative) return a.negative ? -1 : 1;
  const int flip = a.negative ? -1 : 1;
  // Magnitudes: compare the position of the leading digit, then the digits themselves.
  int64_t lead_a = a.exp10 + static_cast<int64_t>(a.digits.size());
  int64_t lead_b = b.exp10 + static_cast<int64_t>(b.digits.size());
  if (lead_a != lead_b) return (lead_a < lead_b ? -1 : 1) * flip;
  size_t n = std::max(a.digits.size(), b.digits.size());
  for (size_t i = 0; i < n; ++i) {
    char da = i < a.digits.size() ? a.digits[i] : '0';
    char db = i < b.digits.size() ? b.digits[i] : '0';
    if (da != db) return (da < db ? -1 : 1) * flip;
  }
  return 0;
}

}  // namespace grovectl::schema
