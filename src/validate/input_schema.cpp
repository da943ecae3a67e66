#include "validate/input_schema.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string_view>

#include "frontend/pcs/defaulter_patch.hpp"

namespace grovectl {
namespace {

// Required fields the kind's mutating webhook fills in before the API server validates the schema (mutating
// admission runs first), so leaving them out is not an error. '*' stands for a list index.
//   JobSet (pkg/webhooks/jobset_webhook.go Default): a failure-policy rule without a name gets
//   failurePolicyRule<i>.
// Grove's webhook writes its fields as its Go types encode them: frontend/pcs/defaulter_patch.hpp.
bool defaulted_by_webhook(InputKind kind, std::string_view pointer) {
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
  if (kind == InputKind::kJobSet) return std::any_of(std::begin(kJobSet), std::end(kJobSet), matches);
  return false;
}

std::string api_version_of(const Json& v) {
  auto it = v.is_object() ? v.find("apiVersion") : v.end();
  return v.is_object() && it != v.end() && it->is_string() ? it->get<std::string>() : "";
}

std::string string_at(const Json& v, std::initializer_list<const char*> keys) {
  const Json* j = &v;
  for (const char* k : keys) {
    if (!j->is_object()) return "";
    auto it = j->find(k);
    if (it == j->end()) return "";
    j = &*it;
  }
  return j->is_string() ? j->get<std::string>() : "";
}

bool is_grove_kind(InputKind kind) {
  return kind != InputKind::kJobSet && kind != InputKind::kSkipped && kind != InputKind::kUnknown;
}

// The CRD that checks `kind`, and how a message names it.
struct ChosenCrd {
  const schema::CrdSchema* schema = nullptr;
  std::string origin;
};

ChosenCrd choose_crd(const SourceDocument& doc, InputKind kind, const CrdSelection& crds) {
  const std::string name = input_kind_name(kind);
  if (crds.overrides) {
    if (const auto* given = crds.overrides->find(api_version_of(doc.value), name))
      return {given, fmt::format("the {} CRD from {} (--crd)", name, given->file)};
  }
  const std::string file = crd_schema_file(kind, *crds.grove_version);
  const schema::CrdSchema* embedded = file.empty() ? nullptr : schema::embedded_crd_schema(file);
  if (!is_grove_kind(kind)) return {embedded, fmt::format("grovectl's {} CRD", name)};
  return {embedded, fmt::format("the {} CRD of Grove {}", name, crds.grove_version->name)};
}

std::vector<schema::SchemaFinding> check_with(const schema::CrdSchema& crd, const Json& value,
                                              UnknownFieldPolicy unknown_fields) {
  auto mode = unknown_fields == UnknownFieldPolicy::kIgnore ? schema::UnknownFields::kIgnore
                                                            : schema::UnknownFields::kReport;
  return crd.check(value, mode);
}

}  // namespace

std::string crd_schema_file(InputKind kind, const GroveVersion& grove_version) {
  switch (kind) {
    case InputKind::kJobSet:
      return "schemas/crd/jobset.json";
    case InputKind::kPodCliqueSet:
    case InputKind::kClusterTopologyBinding:
    case InputKind::kPodCliqueScalingGroup:
    case InputKind::kPodClique:
      return grove_version.crd_file(input_kind_name(kind));
    case InputKind::kSkipped:
    case InputKind::kUnknown:
      break;
  }
  return "";
}

bool check_input_schema(const SourceDocument& doc, InputKind kind, const CrdSelection& crds,
                        UnknownFieldPolicy unknown_fields, Diagnostics& diags) {
  const ChosenCrd crd = choose_crd(doc, kind, crds);
  if (!crd.schema) return true;
  std::vector<schema::SchemaFinding> findings = check_with(*crd.schema, doc.value, unknown_fields);
  // A field missing from a PodCliqueSet may be one that Grove's defaulting webhook writes with its zero
  // value before the API server checks the schema: then the server checks what the webhook sent.
  const bool missing = std::any_of(findings.begin(), findings.end(), [](const schema::SchemaFinding& f) {
    return f.rule == "schema/required";
  });
  if (kind == InputKind::kPodCliqueSet && missing) {
    Json patched = doc.value;
    if (add_defaulter_zero_values(patched)) findings = check_with(*crd.schema, patched, unknown_fields);
  }
  const std::string choose = is_grove_kind(kind) ? "--grove-version or --crd" : "--crd";
  bool ok = true;
  for (auto& f : findings) {
    if (f.rule == "schema/required" && defaulted_by_webhook(kind, f.pointer)) continue;
    const bool unknown = f.rule == "schema/unknown-field";
    const bool warning = unknown && unknown_fields == UnknownFieldPolicy::kWarn;
    if (unknown)
      f.message += fmt::format(" ({} does not declare it; {} chooses another)", crd.origin, choose);
    ok &= warning;
    diags.add(Diagnostic{warning ? Severity::kWarning : Severity::kError, std::move(f.rule),
                         std::move(f.message), doc.locate(f.pointer), std::move(f.field)});
  }
  return ok;
}

bool CrdOverrides::add(const SourceDocument& doc, Diagnostics& diags) {
  const Json& v = doc.value;
  if (api_version_of(v) != "apiextensions.k8s.io/v1" || string_at(v, {"kind"}) != "CustomResourceDefinition")
    return false;
  const std::string group = string_at(v, {"spec", "group"});
  const std::string kind = string_at(v, {"spec", "names", "kind"});
  const std::string crd_name = string_at(v, {"metadata", "name"});
  const Json* versions = v.contains("spec") && v["spec"].is_object() && v["spec"].contains("versions")
                             ? &v["spec"]["versions"]
                             : nullptr;
  if (!versions || !versions->is_array()) return false;
  bool any = false;
  for (const auto& version : *versions) {
    const std::string name = string_at(version, {"name"});
    if (name.empty() || !version.contains("schema") || !version["schema"].is_object() ||
        !version["schema"].contains("openAPIV3Schema"))
      continue;
    const std::string api_version = group + "/" + name;
    Diagnostics unused;  // a kind of another version is a CRD version grovectl does not read
    SourceDocument head;
    head.value = Json{{"apiVersion", api_version}, {"kind", kind}};
    ClassifiedDocument probe = classify_document(head, KindSelection{}, unused);
    if (probe.kind == InputKind::kSkipped || probe.kind == InputKind::kUnknown) continue;
    std::string error;
    auto compiled = schema::compile_crd_version(doc.file, v, version, error);
    if (!compiled) {
      diags.error("usage/crd",
                  fmt::format("--crd: CustomResourceDefinition {} version {}: {}", crd_name, name, error),
                  doc.locate(), "spec.versions");
      continue;
    }
    schemas_[api_version + "/" + kind] = std::move(compiled);
    any = true;
  }
  return any;
}

const schema::CrdSchema* CrdOverrides::find(const std::string& api_version, const std::string& kind) const {
  auto it = schemas_.find(api_version + "/" + kind);
  return it == schemas_.end() ? nullptr : it->second.get();
}

}  // namespace grovectl
