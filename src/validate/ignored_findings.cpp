#include "validate/ignored_findings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "core/json_member.hpp"
#include "validate/rule_groups.hpp"

namespace grovectl {
namespace {

std::string trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

struct AnnotationEntry {
  std::string rule;
  std::string reason;
};

// grovectl.io/ignore: "RULE[=REASON], RULE[=REASON]" (kube-linter's ignore-check annotations carry a reason
// the same way). Entries that name no rule are reported, the others returned.
std::vector<AnnotationEntry> annotation_entries(const SourceDocument& doc,
                                                std::vector<Diagnostic>& findings) {
  const Json* value = member_at(doc.value, {"metadata", "annotations", kIgnoreAnnotation});
  if (!value || !value->is_string()) return {};
  std::vector<AnnotationEntry> out;
  const std::string text = value->get<std::string>();
  for (size_t start = 0; start <= text.size();) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string entry = text.substr(start, comma - start);
    start = comma + 1;
    const size_t eq = entry.find('=');
    AnnotationEntry e{trimmed(entry.substr(0, eq)),
                      eq == std::string::npos ? "" : trimmed(entry.substr(eq + 1))};
    if (e.rule.empty() && e.reason.empty()) continue;
    if (auto problem = rule_entry_problem(e.rule)) {
      const std::string pointer = "/metadata/annotations/" + std::string("grovectl.io~1ignore");
      findings.push_back({Severity::kWarning, "input/ignore-annotation",
                          fmt::format("\"{}\" {}; the annotation ignores nothing for it", e.rule, *problem),
                          doc.locate(pointer),
                          std::string("metadata.annotations[") + kIgnoreAnnotation + "]"});
      continue;
    }
    out.push_back(std::move(e));
  }
  return out;
}

bool any_matches(const std::vector<std::string>& entries, const std::string& rule) {
  return std::any_of(entries.begin(), entries.end(),
                     [&](const std::string& e) { return rule_entry_matches(e, rule); });
}

// Why `d` is set aside, or nullopt when it counts.
std::optional<std::string> ignore_reason(const RuleSelection& selection,
                                         const std::vector<AnnotationEntry>& annotation,
                                         const Diagnostic& d) {
  for (const auto& e : annotation) {
    if (rule_entry_matches(e.rule, d.rule))
      return e.reason.empty() ? std::string(kIgnoreAnnotation)
                              : fmt::format("{}: {}", kIgnoreAnnotation, e.reason);
  }
  if (any_matches(selection.enable, d.rule)) return std::nullopt;
  if (any_matches(selection.skip, d.rule)) return "--skip-rules";
  if (any_matches(selection.config_skip, d.rule)) return ".grovectl.yaml skipRules";
  return std::nullopt;
}

}  // namespace

void set_aside_ignored(const RuleSelection& selection, const SourceDocument* document,
                       std::vector<Diagnostic>& findings, std::vector<IgnoredFinding>& ignored) {
  const std::vector<AnnotationEntry> annotation =
      document ? annotation_entries(*document, findings) : std::vector<AnnotationEntry>{};
  if (annotation.empty() && selection.skip.empty() && selection.config_skip.empty()) return;
  std::vector<Diagnostic> kept;
  for (auto& d : findings) {
    if (auto reason = ignore_reason(selection, annotation, d))
      ignored.push_back({std::move(d), std::move(*reason)});
    else
      kept.push_back(std::move(d));
  }
  findings = std::move(kept);
}

}  // namespace grovectl
