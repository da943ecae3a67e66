#pragma once
// Findings a report sets aside, in the three forms kube-linter and kubeconform users know: rules switched off
// on the command line (--skip-rules, --enable-rules to switch one back on), rules switched off in
// .grovectl.yaml (skipRules), and an object's own annotation, grovectl.io/ignore: "RULE[=REASON],...".
// A finding set aside does not count towards the verdict; it is counted and listed as ignored.
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// A finding left out of the verdict: its rule is switched off, or its object asks for it.
struct IgnoredFinding {
  Diagnostic finding;
  std::string reason;  // "--skip-rules", ".grovectl.yaml skipRules", "grovectl.io/ignore: <reason>"
};

inline constexpr const char* kIgnoreAnnotation = "grovectl.io/ignore";

struct RuleSelection {
  std::vector<std::string> skip;         // --skip-rules: rule ids or GROUP/*
  std::vector<std::string> config_skip;  // skipRules of .grovectl.yaml
  std::vector<std::string> enable;       // --enable-rules: on, whichever list above switched them off
};

// Moves from `findings` to `ignored` every finding that `selection` switches off or that the object
// `document` (its metadata.annotations) ignores. An annotation entry that names no rule is a warning
// (input/ignore-annotation) at the annotation, added to `findings`.
void set_aside_ignored(const RuleSelection& selection, const SourceDocument* document,
                       std::vector<Diagnostic>& findings, std::vector<IgnoredFinding>& ignored);

}  // namespace grovectl
