#pragma once
// Regular expressions in RE2 syntax, which is Go's regexp syntax: the one the API server uses for a CRD
// schema's `pattern` (k8s.io/kube-openapi pkg/validation/validate, through Go's regexp), and the one
// kubeconform's -ignore-filename-pattern takes. No backreferences or lookaround; matching takes time
// linear in the text, so no input can make it hang (https://github.com/google/re2/wiki/Syntax).
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace grovectl {

class Regex {
 public:
  // nullopt, with RE2's reason in `error`, when `pattern` is not an RE2 regular expression.
  static std::optional<Regex> compile(std::string_view pattern, std::string& error);
  // A pattern written in grovectl's own code, which compiles (the tests use each one); a pattern that does
  // not is a programming error and aborts.
  static Regex known(std::string_view pattern);

  // Whether the pattern matches somewhere in `text`, as Go's MatchString: `^`, `$`, `\A` and `\z` in the
  // pattern anchor it at the text's ends, `.` is one UTF-8 character other than a newline.
  bool search(std::string_view text) const;
  // Whether the pattern matches the whole of `text`.
  bool full_match(std::string_view text) const;
  // The match that begins where `text` begins, as Go's regexp picks it (leftmost-first), then its groups
  // (a group that took no part is empty); nullopt when there is none.
  std::optional<std::vector<std::string_view>> match_at_start(std::string_view text) const;

  const std::string& pattern() const;

 private:
  std::shared_ptr<const re2::RE2> re_;  // shared: a compiled RE2 is immutable and safe across threads
};

}  // namespace grovectl
