#include "diff/ignore.hpp"

#include <algorithm>
#include <cctype>

#include "diff/json_path.hpp"
#include "diff/object_key.hpp"

namespace grovectl::diff {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

bool scope_matches(const IgnoreRule& r, const Json& object) {
  ObjectKey k = object_key(object);
  if (!r.kind.empty() && lower(r.kind) != lower(k.kind)) return false;
  if (!r.group.empty() && r.group != k.group) return false;
  return r.name.empty() || r.name == k.name;
}

}  // namespace

std::optional<IgnoreRule> parse_ignore_rule(const std::string& text, std::string& error) {
  IgnoreRule rule;
  std::string pointer = text;
  auto colon = text.find(':');
  if (colon != std::string::npos && (text.empty() || text[0] != '/')) {
    std::string scope = text.substr(0, colon);
    pointer = text.substr(colon + 1);
    auto slash = scope.find('/');
    if (slash != std::string::npos) {
      rule.name = scope.substr(slash + 1);
      scope = scope.substr(0, slash);
    }
    auto dot = scope.find('.');
    rule.kind = scope.substr(0, dot);
    if (dot != std::string::npos) rule.group = scope.substr(dot + 1);
    if (rule.kind.empty()) {
      error =
          "--ignore \"" + text + "\": the scope before ':' must start with a kind, e.g. PodGroup:/spec/queue";
      return std::nullopt;
    }
  }
  if (pointer.size() < 2 || pointer[0] != '/') {
    error =
        "--ignore \"" + text + "\": expected [Kind[.group][/name]:]/json/pointer, e.g. /metadata/labels/team";
    return std::nullopt;
  }
  rule.tokens = split_pointer(pointer);
  return rule;
}

void apply_ignore_rules(Json& object, const std::vector<IgnoreRule>& rules) {
  for (const auto& r : rules) {
    if (scope_matches(r, object)) erase_matching(object, r.tokens);
  }
}

}  // namespace grovectl::diff
