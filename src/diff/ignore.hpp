#pragma once
// --ignore rules. Syntax: [SCOPE:]POINTER
//   POINTER  JSON pointer with pattern tokens (json_path.hpp): /metadata/labels/team,
//            /spec/podgroups/*/minReplicas, /spec/subGroups/name=decode/minMember
//   SCOPE    Kind, Kind.group, or either followed by /name (e.g. PodGroup.scheduling.run.ai/my-pcs-0);
//            Kind matches case-insensitively.
// Ignored fields are removed from both sides before comparing, so they never show and never count
// for the exit code (cli-anchors.md §8.8).
#include <optional>
#include <string>
#include <vector>

#include "core/json.hpp"

namespace grovectl::diff {

struct IgnoreRule {
  std::string kind;   // empty: every kind
  std::string group;  // empty with a kind: any group
  std::string name;   // empty: every object
  std::vector<std::string> tokens;
};

// nullopt and `error` set when the rule is malformed.
std::optional<IgnoreRule> parse_ignore_rule(const std::string& text, std::string& error);

void apply_ignore_rules(Json& object, const std::vector<IgnoreRule>& rules);

}  // namespace grovectl::diff
