#pragma once
// The regular expressions of OpenAPI "pattern" keywords, matched the way the API server matches them
// (Go's regexp, RE2 syntax, MatchString: a match anywhere unless the pattern anchors itself).
//
// A small Thompson-NFA engine, turned into a DFA at compile time when that stays small (every schema
// pattern does): time linear in the input, no recursion on the input, so a hostile multi-megabyte
// string can neither hang nor overflow the stack (std::regex can do both). It reads UTF-8 runes, as RE2
// does. Supported: literals and escapes, '.', classes with ranges and negation,
// \d \w \s (and their negations), groups ( ) (?: ) (?P<n> ), '|', * + ? {n} {n,} {n,m} (lazy forms
// accepted), ^ $ \A \z. Anything else is a compile error, so an unsupported pattern is never
// silently skipped.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grovectl::schema {

class Regex {
 public:
  // nullopt and `error` set when the pattern uses syntax outside the supported subset.
  static std::optional<Regex> compile(std::string_view pattern, std::string& error);

  // True when the pattern matches somewhere in `text`.
  bool search(std::string_view text) const;
  // The same answer by simulating the NFA (what search falls back to when the DFA would be too large);
  // tests compare the two.
  bool nfa_search(std::string_view text) const;

  struct Range {
    char32_t lo, hi;
  };
  struct Class {
    std::vector<Range> ranges;
    bool negated = false;
    bool contains(char32_t c) const;
  };
  enum class Op : uint8_t { kClass, kSplit, kJump, kMatch, kBegin, kEnd };
  struct Inst {
    Op op;
    int x = 0;  // kClass: class index; kSplit/kJump: target
    int y = 0;  // kSplit: second target
  };

 private:
  void build_dfa();
  int symbol(char32_t rune) const;

  std::vector<Inst> program_;
  std::vector<Class> classes_;
  int start_ = 0;

  // The DFA: the rune space split at every class boundary into symbols; one row of successors per state.
  struct DfaState {
    std::vector<int> next;      // by symbol
    bool match_now = false;     // the pattern has matched (a search can stop)
    bool match_at_end = false;  // the pattern matches if the text ends here
    bool dead = false;          // no match can follow
  };
  std::vector<char32_t> bounds_;  // symbol i covers [bounds_[i], bounds_[i + 1])
  std::array<int, 128> ascii_symbol_{};
  std::vector<DfaState> dfa_;  // empty: too large, the NFA runs instead
};

}  // namespace grovectl::schema
