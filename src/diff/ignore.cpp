#include "diff/ignore.hpp"

#include <fnmatch.h>

#include <cctype>

#include "core/strings.hpp"
#include "diff/json_path.hpp"
#include "diff/object_key.hpp"

namespace grovectl::diff {
namespace {

bool glob_matches(const std::string& pattern, const std::string& value, int flags = 0) {
  return pattern.empty() || fnmatch(pattern.c_str(), value.c_str(), flags) == 0;
}

bool only_chars(const std::string& s, const std::string& allowed_extra, bool upper_ok) {
  for (unsigned char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (upper_ok && c >= 'A' && c <= 'Z') ||
              allowed_extra.find(static_cast<char>(c)) != std::string::npos;
    if (!ok) return false;
  }
  return true;
}

// A kind is letters and digits (matched without regard to case); "metadata.labels" is a field path
// written the wrong way, not a kind and a group.
std::string check_scope(const IgnoreRule& r) {
  if (r.kind.empty())
    return "the scope must start with a kind, e.g. PodGroup or PodGroup.scheduling.run.ai/shop-*";
  for (const char* field : {"metadata", "spec", "status", "apiversion", "kind"}) {
    if (to_lower(r.kind) == field)
      return "this is a field path; write it as a JSON pointer, e.g. /metadata/labels, or KIND:/pointer";
  }
  if (!only_chars(r.kind, "*?", true))
    return "\"" + r.kind + "\" is not a kind (letters and digits, globs * and ?)";
  if (!only_chars(r.group, ".-*?", false)) return "\"" + r.group + "\" is not an API group";
  if (!only_chars(r.name, ".-*?", false)) return "\"" + r.name + "\" is not an object name or name glob";
  return "";
}

}  // namespace

std::optional<IgnoreRule> parse_ignore_rule(const std::string& text, std::string& error) {
  IgnoreRule rule;
  rule.text = text;
  const auto fail = [&](const std::string& why) {
    error = "--ignore \"" + text + "\": " + why;
    return std::nullopt;
  };
  if (text.empty()) return fail("empty rule; expected KIND[.GROUP][/NAME][:/json/pointer] or /json/pointer");
  std::string pointer;
  std::string scope;
  if (text[0] == '/') {
    pointer = text;
  } else {
    auto colon = text.find(':');
    scope = text.substr(0, colon);
    if (colon != std::string::npos) {
      pointer = text.substr(colon + 1);
      if (pointer.empty()) return fail("nothing after ':'; give a JSON pointer such as /spec/queue");
    }
  }
  if (!scope.empty() || text[0] != '/') {
    auto slash = scope.find('/');
    if (slash != std::string::npos) {
      rule.name = scope.substr(slash + 1);
      scope = scope.substr(0, slash);
      if (rule.name.empty()) return fail("empty name after '/'");
    }
    auto dot = scope.find('.');
    rule.kind = scope.substr(0, dot);
    if (dot != std::string::npos) {
      rule.group = scope.substr(dot + 1);
      if (rule.group.empty()) return fail("empty API group after '.'");
    }
    if (std::string why = check_scope(rule); !why.empty()) return fail(why);
  }
  if (!pointer.empty()) {
    if (pointer[0] != '/' || pointer.size() < 2)
      return fail("\"" + pointer + "\" is not a JSON pointer; write e.g. /metadata/labels/team");
    rule.tokens = split_pointer(pointer);
    for (const auto& t : rule.tokens) {
      if (t.empty()) return fail("the JSON pointer has an empty segment ('//' or a trailing '/')");
      if (t == "**") return fail("'**' is not supported in --ignore; use * for one level");
    }
  }
  return rule;
}

bool scope_matches(const IgnoreRule& r, const Json& object) {
  ObjectKey k = object_key(object);
  return glob_matches(r.kind, k.kind, FNM_CASEFOLD) && glob_matches(r.group, k.group) &&
         glob_matches(r.name, k.name);
}

bool ignores_whole_object(const IgnoreRule& rule, const Json& object) {
  return rule.tokens.empty() && scope_matches(rule, object);
}

void apply_ignore_rules(Json& object, const std::vector<IgnoreRule>& rules, std::vector<size_t>& hits) {
  for (size_t i = 0; i < rules.size(); ++i) {
    const IgnoreRule& r = rules[i];
    if (r.tokens.empty() || !scope_matches(r, object)) continue;
    hits[i] += erase_matching(object, r.tokens);
  }
}

}  // namespace grovectl::diff
