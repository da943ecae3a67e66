#include "validate/input_schema.hpp"

#include <algorithm>
#include <iterator>
#include <string_view>

#include "schema/crd_schemas.hpp"

namespace grovectl {
namespace {

// Required fields the kind's mutating webhook fills in before the API server validates the schema (mutating
// admission runs first), so leaving them out is not an error. '*' stands for a list index.
//   Grove (grove.md §2): a clique's replicas 0 or unset becomes 1.
//   JobSet (jobset.md §1.4): a failure-policy rule without a name gets failurePolicyRule<i>.
bool defaulted_by_webhook(InputKind kind, std::string_view pointer) {
  static constexpr std::string_view kGrove[] = {"/spec/template/cliques/*/spec/replicas"};
  static constexpr std::string_view kJobSet[] = {"/spec/failurePolicy/rules/*/name"};
  auto matches = [&](std::string_view pattern) {
    size_t p = 0, i = 0;
    while (p < pattern.size() && i < pointer.size()) {
      if (pattern[p] == '*') {
        while (i < pointer.size() && pointer[i] >= '0' && pointer[i] <= '9') ++i;
        ++p;
      } else if (pattern[p++] != pointer[i++]) {
        return false;
      }
    }
    return p == pattern.size() && i == pointer.size();
  };
  if (kind == InputKind::kPodCliqueSet) return std::any_of(std::begin(kGrove), std::end(kGrove), matches);
  if (kind == InputKind::kJobSet) return std::any_of(std::begin(kJobSet), std::end(kJobSet), matches);
  return false;
}

}  // namespace

const char* crd_schema_file(InputKind kind) {
  switch (kind) {
    case InputKind::kPodCliqueSet:
      return "schemas/crd/podcliqueset.json";
    case InputKind::kJobSet:
      return "schemas/crd/jobset.json";
    case InputKind::kClusterTopologyBinding:
      return "schemas/crd/clustertopologybinding.json";
    case InputKind::kPodCliqueScalingGroup:
      return "schemas/crd/podcliquescalinggroup.json";
    case InputKind::kPodClique:
      return "schemas/crd/podclique.json";
    case InputKind::kSkipped:
    case InputKind::kUnknown:
      return nullptr;
  }
  return nullptr;
}

bool check_input_schema(const SourceDocument& doc, InputKind kind, UnknownFieldPolicy unknown_fields,
                        Diagnostics& diags) {
  const char* file = crd_schema_file(kind);
  const schema::CrdSchema* crd = file ? schema::embedded_crd_schema(file) : nullptr;
  if (!crd) return true;
  auto mode = unknown_fields == UnknownFieldPolicy::kIgnore ? schema::UnknownFields::kIgnore
                                                            : schema::UnknownFields::kReport;
  bool ok = true;
  for (auto& f : crd->check(doc.value, mode)) {
    if (f.rule == "schema/required" && defaulted_by_webhook(kind, f.pointer)) continue;
    bool warning = f.rule == "schema/unknown-field" && unknown_fields == UnknownFieldPolicy::kWarn;
    ok &= warning;
    diags.add(Diagnostic{warning ? Severity::kWarning : Severity::kError, std::move(f.rule),
                         std::move(f.message), doc.locate(f.pointer), std::move(f.field)});
  }
  return ok;
}

}  // namespace grovectl
