#pragma once
// The groups of validate's rule ids ("<group>/<name>": grove/kai-queue, pod/image, ...), each with the help
// text and the link that reports give for its rules (SARIF's reportingDescriptor), and the check of the
// rule entries users write (--skip-rules, --enable-rules, .grovectl.yaml, the grovectl.io/ignore annotation).
#include <optional>
#include <string>
#include <vector>

namespace grovectl {

struct RuleGroup {
  const char* name;    // "grove"
  const char* help;    // what its rules check and where they come from
  const char* anchor;  // the section of docs/rules.md that lists the group
};

const std::vector<RuleGroup>& rule_groups();
// The group of a rule id ("grove" for "grove/kai-queue"), or nullptr for an id of no known group.
const RuleGroup* rule_group_of(const std::string& rule);
// Where a rule's help lives: docs/rules.md of the project, at its group's section.
std::string rule_help_uri(const std::string& rule);

// An entry of a rule list is a rule id ("input/duplicate-object") or a whole group ("pod/*"). Returns the
// problem with `entry` in words, or nullopt when it names rules of a known group.
std::optional<std::string> rule_entry_problem(const std::string& entry);
// Whether the entry names `rule`.
bool rule_entry_matches(const std::string& entry, const std::string& rule);

}  // namespace grovectl
