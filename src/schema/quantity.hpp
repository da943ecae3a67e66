#pragma once
// Kubernetes resource quantities ("500m", "10Gi", "1e3") as the CRD pattern of every quantity field
// accepts them, and their exact values for comparing requests with limits.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace grovectl::schema {

// The pattern controller-gen writes for resource.Quantity fields; a field with exactly this pattern is
// checked by is_quantity_text (same language, without a regex engine).
extern const std::string_view kQuantityPattern;

// True when `text` matches kQuantityPattern: sign? (digits[.digits*] | .digits) then an optional binary
// (Ki..Ei), decimal (n u m k M G T P E) or exponent (e/E sign? number) suffix.
bool is_quantity_text(std::string_view text);

// An exact value: sign * digits * 10^exp10 (digits without leading zeros; "" for zero).
struct ExactQuantity {
  bool negative = false;
  std::string digits;
  int64_t exp10 = 0;
};

// The value of a quantity as resource.ParseQuantity reads it; nullopt for text it would refuse
// (anything is_quantity_text refuses, and fractional exponents such as "1e1.5").
std::optional<ExactQuantity> parse_quantity(std::string_view text);

// -1, 0 or 1 as a <, ==, > b.
int compare_quantities(const ExactQuantity& a, const ExactQuantity& b);

}  // namespace grovectl::schema
