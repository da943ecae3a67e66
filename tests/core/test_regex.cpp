// core/regex.hpp is RE2, compiled with the options that give Go's regexp answers. Go's regexp is what the
// API server matches a CRD `pattern` with, so the expected answers here are Go's own, taken from its tests:
// - matches: findTests in golang/go src/regexp/find_test.go at 0b434f314d8b624cdc584f6816031794a01ca5ab
//   (a pattern and a text with a match, or nil for none; MatchString is "there is a first match");
// - refusals: invalidRegexps and onlyPOSIX (refused with regexp.Compile's Perl flags) in golang/go
//   src/regexp/syntax/parse_test.go at 0657e5d4a8a7f47fd9c7f2396c8d36e58c0d1d8a, the entries the RE2 of
//   Debian 12 refuses too (docs/design.md, "Dependencies", names the few it does not), and the syntax
//   regexp/syntax documents as unsupported (lookaround, backreferences).
#include <catch2/catch.hpp>
#include <string>

#include "core/regex.hpp"

using namespace grovectl;

namespace {

bool matches(const std::string& pattern, const std::string& text) {
  std::string error;
  auto re = Regex::compile(pattern, error);
  INFO(pattern << ": " << error);
  REQUIRE(re);
  return re->search(text);
}

}  // namespace

TEST_CASE("regex: Go's findTests give the same match or none", "[core][regex]") {
  struct Case {
    const char* pattern;
    const char* text;
    bool match;
  };
  const Case cases[] = {
      {"", "", true},
      {"^abcdefg", "abcdefg", true},
      {"a+", "baaab", true},
      {"x", "y", false},
      {"^abcd$", "abcd", true},
      {"^bcd'", "abcdef", false},
      {"^abcd$", "abcde", false},
      {"[^a-z]+", "ab1234cd", true},
      {R"([a\-\]z]+)", "az]-bcz", true},
      {"/$", "/abc/", true},
      {"/$", "/abc", false},
      {"axxb$", "axxcb", false},
      {"(?:.|(?:.a))", "", false},
      {"(?-s)(?:(?:^).)", "\n", false},  // '.' leaves out a newline unless (?s)
      {"(?s)(?:(?:^).)", "\n", true},
      {"(?:(?:^).)", "\n", false},
      {R"(\B)", "x", false},
      {R"(\B)", "xx", true},
      {R"([^\S\s])", "abcd", false},
      {R"([^\D[:digit:]])", "abcd", false},
      {R"((?i)\W)", "k", false},
      {"(.)(.)",
       "\xE6\x97\xA5"
       "a",
       true},  // 日a: '.' is one UTF-8 character
      {"[\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E]+", "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", true},  // [日本語]+
  };
  for (const auto& c : cases) {
    INFO("pattern `" << c.pattern << "` on \"" << c.text << "\"");
    CHECK(matches(c.pattern, c.text) == c.match);
  }
  // '.' is one character, not one byte: 日 is three bytes.
  CHECK(matches("^a.c$",
                "a\xE6\x97\xA5"
                "c"));
  CHECK_FALSE(matches("^a...c$",
                      "a\xE6\x97\xA5"
                      "c"));
}

TEST_CASE("regex: what Go refuses is refused, with RE2's reason", "[core][regex]") {
  for (const char* pattern : {"(",
                              ")",
                              "(a",
                              "a)",
                              "(a|b|",
                              "a|b)",
                              "[a-z",
                              "([a-z)",
                              "x{1001}",
                              "x{2,1}",
                              "(?P<name>a",
                              "(?P<x y>a)",
                              "(?P<>a)",
                              "[a-Z]",
                              R"(\Q\E*)",
                              "a{100000}",
                              "((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})",
                              "a**",
                              "(?=x)",
                              "(?<=x)",
                              "(?!x)",
                              R"((a)\1)"}) {
    INFO(pattern);
    std::string error;
    CHECK_FALSE(Regex::compile(pattern, error));
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("regex: a multi-megabyte text is matched in linear time", "[core][regex]") {
  std::string error;
  auto dns = Regex::compile("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", error);
  REQUIRE(dns);
  std::string big(8 << 20, 'a');
  CHECK(dns->search(big));
  big.back() = '-';
  CHECK_FALSE(dns->search(big));
  // A pattern that backtracks exponentially in a backtracking engine ((a*)*b on a run of a's).
  auto nested = Regex::compile("^(a*)*b$", error);
  REQUIRE(nested);
  CHECK_FALSE(nested->search(std::string(1 << 20, 'a')));
  CHECK(nested->pattern() == "^(a*)*b$");
}

// The two other ways grovectl matches its own fixed patterns; the answers follow from the patterns by hand.
TEST_CASE("regex: a whole-text match and a match where the text begins", "[core][regex]") {
  const Regex file = Regex::known(R"([A-Za-z0-9_.-]+\.(yaml|json))");
  CHECK(file.full_match("pods.yaml"));
  CHECK_FALSE(file.full_match("pods.yaml~"));
  CHECK_FALSE(file.full_match("a/pods.yaml"));
  CHECK(file.search("a/pods.yaml"));

  // Leftmost-first, as Go and Perl pick: "ms" is tried before "m", the first number form before the second.
  const Regex part = Regex::known(R"(([0-9]*\.?[0-9]+|[0-9]+\.)(ns|ms|s|m|h))");
  const auto m = part.match_at_start("1.5ms3h");
  REQUIRE(m);
  REQUIRE(m->size() == 3);
  CHECK((*m)[0] == "1.5ms");
  CHECK((*m)[1] == "1.5");
  CHECK((*m)[2] == "ms");
  const auto trailing_dot = part.match_at_start("5.s");
  REQUIRE(trailing_dot);
  CHECK((*trailing_dot)[1] == "5.");
  CHECK_FALSE(part.match_at_start("x1s"));  // only where the text begins
  CHECK_FALSE(part.match_at_start(""));
}
