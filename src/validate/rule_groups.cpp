#include "validate/rule_groups.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace grovectl {
namespace {

// The project's home (the Debian package's Homepage, cmake/debian_package.cmake).
constexpr const char* kRulesPage = "https://github.com/grovectl/grovectl/blob/main/docs/rules.md";

bool is_rule_word(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

}  // namespace

const std::vector<RuleGroup>& rule_groups() {
  static const std::vector<RuleGroup> groups = {
      {"yaml",
       "The input is not YAML as kubectl reads it: a syntax error, a duplicate key (kubectl keeps the last "
       "one silently), an encoding or YAML 1.1 form the API server would read otherwise, or a size budget.",
       "yaml"},
      {"input",
       "The inputs as a whole: files that cannot be read, documents without apiVersion and kind in a group "
       "grovectl reads or of a kind that group does not serve, the same object defined twice, no "
       "PodCliqueSet or JobSet at all.",
       "input"},
      {"schema",
       "The official CRD schema of the input kind, as the API server checks it on kubectl apply: types, "
       "enums, patterns, quantities, required fields, list-map keys and unknown fields.",
       "schema"},
      {"meta",
       "The API server's object metadata rules: names, namespaces, label and annotation syntax and sizes.",
       "meta"},
      {"pod",
       "Core Pod validation of the pod templates (k8s.io/kubernetes pkg/apis/core/validation): what would "
       "make the operator's or the Job controller's pod creation fail, far from the pull request.",
       "pod"},
      {"grove",
       "Grove's admission webhooks for PodCliqueSets and ClusterTopologyBindings and the CEL rules of its "
       "CRDs, with Grove's own messages and field paths.",
       "grove"},
      {"jobset", "JobSet's validating webhook and what a JobSet gang cannot express.", "jobset"},
      {"render",
       "What the render of a source finds: a source with no gang, a refusal of the expansion, a field the "
       "render drops.",
       "render"},
      {"capability",
       "What the chosen scheduler backend and Kubernetes version can express (limits, feature gates, "
       "topology, queues, priorities).",
       "capability"},
      {"output", "A rendered object that its kind's embedded schema refuses.", "output"},
      {"templates", "Object templates given with --templates that cannot be used.", "templates"},
  };
  return groups;
}

const RuleGroup* rule_group_of(const std::string& rule) {
  const std::string group = rule.substr(0, rule.find('/'));
  for (const auto& g : rule_groups()) {
    if (group == g.name) return &g;
  }
  return nullptr;
}

std::string rule_help_uri(const std::string& rule) {
  const RuleGroup* group = rule_group_of(rule);
  return group ? fmt::format("{}#{}", kRulesPage, group->anchor) : kRulesPage;
}

std::optional<std::string> rule_entry_problem(const std::string& entry) {
  const size_t slash = entry.find('/');
  if (slash == std::string::npos || !is_rule_word(entry.substr(0, slash)) ||
      (entry.substr(slash + 1) != "*" && !is_rule_word(entry.substr(slash + 1))))
    return "is not a rule id (GROUP/NAME, e.g. input/duplicate-object, or GROUP/* for a whole group)";
  if (!rule_group_of(entry)) {
    std::string groups;
    for (const auto& g : rule_groups()) groups += fmt::format("{}{}", groups.empty() ? "" : ", ", g.name);
    return fmt::format("names no rule group of grovectl validate (groups: {})", groups);
  }
  return std::nullopt;
}

bool rule_entry_matches(const std::string& entry, const std::string& rule) {
  if (entry.ends_with("/*")) return rule.starts_with(entry.substr(0, entry.size() - 1));
  return entry == rule;
}

}  // namespace grovectl
