#pragma once
// --ignore rules. Syntax: SCOPE | [SCOPE:]POINTER
//   SCOPE    KIND[.GROUP][/NAME]; KIND, GROUP and NAME are globs (* and ?), KIND matched without regard
//            to case: PodGroup, PodGroup.scheduling.run.ai/shop-*, */shop-0-sg-*
//   POINTER  JSON pointer with pattern tokens (json_path.hpp): /metadata/labels/team,
//            /spec/podgroups/*/minReplicas, /spec/subGroups/name=decode/minMember
// A SCOPE alone leaves whole objects out; with a POINTER, the matching fields of the matching objects.
// Ignored objects and fields are removed from both sides before comparing, so they never show and never
// count for the exit code (what helm-diff#473, homeport/dyff#161 and kubernetes/kubectl#1717 ask for).
#include <optional>
#include <string>
#include <vector>

#include "core/json.hpp"

namespace grovectl::diff {

struct IgnoreRule {
  std::string text;                 // as given, for messages
  std::string kind;                 // glob; empty: every kind
  std::string group;                // glob; empty: any group
  std::string name;                 // glob; empty: every object
  std::vector<std::string> tokens;  // empty: the whole object
};

// nullopt and `error` set when the rule is malformed.
std::optional<IgnoreRule> parse_ignore_rule(const std::string& text, std::string& error);

bool scope_matches(const IgnoreRule& rule, const Json& object);
bool ignores_whole_object(const IgnoreRule& rule, const Json& object);

// Removes the fields the rules select; adds to hits[i] what rule i removed (hits has one entry per rule).
void apply_ignore_rules(Json& object, const std::vector<IgnoreRule>& rules, std::vector<size_t>& hits);

}  // namespace grovectl::diff
