// Patterns and quantities of the structural-schema checker. A "pattern" keyword is matched by RE2
// (tests/core/test_regex.cpp), except the resource-quantity pattern, which a scanner of its own matches:
// it must accept exactly the language of that pattern (controller-gen's pattern for resource.Quantity, as
// written in grove.io_podcliquesets.yaml), checked here against RE2 on the same pattern.
#include <catch2/catch.hpp>

#include "core/regex.hpp"
#include "schema/pattern.hpp"
#include "schema/quantity.hpp"

using namespace grovectl;
using namespace grovectl::schema;

namespace {

// Every string over `alphabet` up to `max_len` characters.
std::vector<std::string> all_strings(const std::string& alphabet, size_t max_len) {
  std::vector<std::string> out = {""};
  size_t begin = 0;
  for (size_t len = 1; len <= max_len; ++len) {
    size_t end = out.size();
    for (size_t i = begin; i < end; ++i) {
      for (char c : alphabet) out.push_back(out[i] + c);
    }
    begin = end;
  }
  return out;
}

}  // namespace

TEST_CASE("quantity: the scanner accepts exactly the CRD quantity pattern") {
  std::string error;
  auto general = Regex::compile(kQuantityPattern, error);  // RE2, as every other pattern
  REQUIRE(general);
  for (const char* q : {"1",    "10Gi",    "500m", "0.5", ".5",   "5.", "+1", "-1Gi", "1e3", "1E3", "1e-3",
                        "1e+3", "1.5e1.5", "1E",   "2Ei", "100n", "3u", "7k", "1M",   "1T",  "1P"}) {
    INFO(q);
    CHECK(is_quantity_text(q));
    CHECK(general->search(q));
  }
  for (const char* q : {"", "eight", "10XB", "1.5.5", "Gi", "1i", "1e", "1ki", "1 Gi", "--1", ".", "+",
                        "1Gib", "1e.", "0x10", "1_000"}) {
    INFO(q);
    CHECK_FALSE(is_quantity_text(q));
    CHECK_FALSE(general->search(q));
  }
  // Exhaustively on short strings over the characters that matter.
  for (const auto& s : all_strings("1.eE+-Gim", 4)) {
    INFO(s);
    CHECK(is_quantity_text(s) == general->search(s));
  }
  auto p = Pattern::compile(kQuantityPattern, error);
  REQUIRE(p);
  CHECK(p->matches("10Gi"));
  CHECK_FALSE(p->matches("10XB"));
}

TEST_CASE("patterns: any other pattern is RE2's, and one RE2 refuses is a compile error") {
  std::string error;
  auto dns = Pattern::compile("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", error);
  REQUIRE(dns);
  CHECK(dns->matches("my-name"));
  CHECK_FALSE(dns->matches("My-name"));
  CHECK_FALSE(dns->matches("a-"));
  auto unanchored = Pattern::compile("[0-9]+", error);  // Go's MatchString: a match anywhere
  REQUIRE(unanchored);
  CHECK(unanchored->matches("abc123def"));
  CHECK_FALSE(Pattern::compile("(?=x)", error));  // lookahead: Go's regexp refuses it
  CHECK(error == "invalid perl operator: (?=");
}

TEST_CASE("quantity: exact values compare as resource.Quantity does") {
  auto q = [](const char* text) {
    auto v = parse_quantity(text);
    INFO(text);
    REQUIRE(v);
    return *v;
  };
  CHECK(compare_quantities(q("1Gi"), q("1024Mi")) == 0);
  CHECK(compare_quantities(q("1Gi"), q("1073741824")) == 0);
  CHECK(compare_quantities(q("500m"), q("0.5")) == 0);
  CHECK(compare_quantities(q("1.1k"), q("1100")) == 0);
  CHECK(compare_quantities(q("0.1"), q("100m")) == 0);
  CHECK(compare_quantities(q("1e3"), q("1k")) == 0);
  CHECK(compare_quantities(q("2"), q("1")) == 1);
  CHECK(compare_quantities(q("100m"), q("1")) == -1);
  CHECK(compare_quantities(q("-1"), q("0")) == -1);
  CHECK(compare_quantities(q("-2"), q("-1")) == -1);
  CHECK(compare_quantities(q("0"), q("-0")) == 0);
  CHECK(compare_quantities(q("1Ki"), q("1k")) == 1);
  CHECK(compare_quantities(q("8"), q("8.000")) == 0);
  CHECK(q("-1").negative);
  CHECK_FALSE(parse_quantity("1e1.5"));  // the pattern allows it; resource.ParseQuantity does not
  CHECK_FALSE(parse_quantity("eight"));
}
