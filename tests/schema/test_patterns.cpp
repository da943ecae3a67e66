// Patterns and quantities of the structural-schema checker. The regex engine must give Go's RE2 answers
// for the RE2 subset it accepts (a match anywhere unless anchored, UTF-8 runes); the DFA it builds must
// agree with the NFA simulation on every input; and the resource-quantity scanner must accept exactly the
// language of the CRD quantity pattern (controller-gen's pattern for resource.Quantity, as written in
// grove.io_podcliquesets.yaml) — checked here against the general engine on the same pattern.
#include <catch2/catch.hpp>

#include "schema/pattern.hpp"
#include "schema/quantity.hpp"
#include "schema/regex.hpp"

using namespace grovectl::schema;

namespace {

Regex compiled(const std::string& pattern) {
  std::string error;
  auto re = Regex::compile(pattern, error);
  INFO(pattern << ": " << error);
  REQUIRE(re);
  return *re;
}

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

TEST_CASE("regex: RE2 semantics for anchors, classes, groups and repetition") {
  Regex dns = compiled("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$");
  CHECK(dns.search("my-name"));
  CHECK(dns.search("a"));
  CHECK_FALSE(dns.search(""));
  CHECK_FALSE(dns.search("-a"));
  CHECK_FALSE(dns.search("a-"));
  CHECK_FALSE(dns.search("A"));
  Regex unanchored = compiled("[0-9]+");
  CHECK(unanchored.search("abc123def"));  // MatchString finds a match anywhere
  CHECK_FALSE(unanchored.search("abc"));
  Regex counted = compiled("^a{2,3}$");
  CHECK_FALSE(counted.search("a"));
  CHECK(counted.search("aa"));
  CHECK(counted.search("aaa"));
  CHECK_FALSE(counted.search("aaaa"));
  CHECK(compiled("^x{2}$").search("xx"));
  CHECK(compiled("^x{2,}$").search("xxxxx"));
  CHECK(compiled("^a{,2}$").search("a{,2}"));  // not a repeat count: literal, as in RE2
  CHECK(compiled(R"(^\d+\.\d*$)").search("12."));
  CHECK(compiled(R"(^[\w-]+$)").search("a_b-c"));
  CHECK_FALSE(compiled(R"(^\S+$)").search("a b"));
  CHECK(compiled("^(?:ab|cd)+$").search("abcdab"));
  CHECK(compiled("^(?P<x>a)b$").search("ab"));
  CHECK(
      compiled("^a.c$").search("a\xC3\xA9"
                               "c"));  // '.' is one rune, not one byte
  CHECK_FALSE(
      compiled("^a..c$").search("a\xC3\xA9"
                                "c"));
  CHECK(compiled("^[^a]$").search("\xE2\x82\xAC"));  // a negated class takes a whole rune
  CHECK(compiled("^a+?$").search("aaa"));            // lazy: the same language
  CHECK_FALSE(compiled("^a.b$").search("a\nb"));     // '.' excludes newline
  CHECK(compiled(R"(\Aab\z)").search("ab"));
}

TEST_CASE("regex: unsupported syntax is a compile error, not a silent pass") {
  std::string error;
  for (const char* p :
       {"\\bx", "(?=x)", "(?i)x", "[[:alpha:]]", "a**", "(a", "a)", "[a", "a{2,1}", "x{1001}"}) {
    INFO(p);
    CHECK_FALSE(Regex::compile(p, error));
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("regex: the DFA and the NFA simulation agree on every short input") {
  const std::vector<std::string> patterns = {
      "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$",
      R"(^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$)",
      "^[a-z][a-z0-9-]*$",
      "a-",
      "(a|-)(a|\\.)$",
      "^(a|)+$",
      "a{2}-?$",
      "^$",
      "",
  };
  auto inputs = all_strings("a-.0", 5);
  for (const auto& p : patterns) {
    Regex re = compiled(p);
    for (const auto& in : inputs) {
      INFO(p << " on \"" << in << "\"");
      CHECK(re.search(in) == re.nfa_search(in));
    }
  }
}

TEST_CASE("regex: a multi-megabyte input is matched in one pass without recursion") {
  Regex dns = compiled("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$");
  std::string big(8 << 20, 'a');
  CHECK(dns.search(big));
  CHECK(dns.nfa_search(big));
  big.back() = '-';
  CHECK_FALSE(dns.search(big));
}

TEST_CASE("quantity: the scanner accepts exactly the CRD quantity pattern") {
  std::string error;
  auto general = Regex::compile(kQuantityPattern, error);
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
