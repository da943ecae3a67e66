#include "validate/input_schema.hpp"

#include <fmt/format.h>

#include <map>
#include <memory>

#include "core/embedded.hpp"

namespace grovectl {
namespace {

const char* schema_file(InputKind kind) {
  switch (kind) {
    case InputKind::kPodCliqueSet:
      return "src/validate/schemas/podcliqueset.json";
    case InputKind::kJobSet:
      return "src/validate/schemas/jobset.json";
    case InputKind::kClusterTopologyBinding:
      return "src/validate/schemas/clustertopologybinding.json";
    case InputKind::kPodCliqueScalingGroup:
    case InputKind::kPodClique:
      return "src/validate/schemas/replica_override.json";
    case InputKind::kUnknown:
      return nullptr;
  }
  return nullptr;
}

// The quoted name at the end of a valijson message ("... 'foo'.").
std::string last_quoted(const std::string& message) {
  auto end = message.rfind('\'');
  if (end == std::string::npos || end == 0) return {};
  auto begin = message.rfind('\'', end - 1);
  if (begin == std::string::npos) return {};
  return message.substr(begin + 1, end - begin - 1);
}

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

struct Classified {
  std::string rule;
  std::string pointer;
  std::string text;
};

// valijson reports the failing keyword at the node and then one wrapper per ancestor; keep the former.
std::optional<Classified> classify(const SchemaError& e) {
  const std::string& m = e.message;
  if (starts_with(m, "Failed to validate against schema associated with property") ||
      starts_with(m, "Failed to validate item #") ||
      starts_with(m, "Failed to validate against child schema") ||
      starts_with(m, "Failed to validate against additional properties") ||
      starts_with(m, "Cannot validate item #")) {
    return std::nullopt;
  }
  if (starts_with(m, "Missing required property")) {
    std::string name = last_quoted(m);
    std::string p = pointer_append(e.pointer, name);
    return Classified{"schema/required", p, fmt::format("{}: Required value", pointer_to_field_path(p))};
  }
  if (starts_with(m, "Object contains a property")) {
    std::string name = last_quoted(m);
    std::string p = pointer_append(e.pointer, name);
    return Classified{"schema/unknown-field", p,
                      fmt::format("{}: unknown field \"{}\"", pointer_to_field_path(p), name)};
  }
  std::string field = pointer_to_field_path(e.pointer);
  if (field.empty()) field = "<root>";
  if (starts_with(m, "Value type not permitted")) {
    return Classified{"schema/type", e.pointer, fmt::format("{}: Invalid value: wrong type ({})", field, m)};
  }
  if (starts_with(m, "Failed to match against any enum")) {
    return Classified{"schema/enum", e.pointer, fmt::format("{}: Unsupported value ({})", field, m)};
  }
  if (starts_with(m, "Failed to match regex")) {
    return Classified{"schema/pattern", e.pointer, fmt::format("{}: Invalid value ({})", field, m)};
  }
  if (starts_with(m, "String should be no")) {
    return Classified{"schema/length", e.pointer, fmt::format("{}: Invalid value ({})", field, m)};
  }
  if (starts_with(m, "Expected number") || starts_with(m, "Array should contain")) {
    return Classified{"schema/range", e.pointer, fmt::format("{}: Invalid value ({})", field, m)};
  }
  return Classified{"schema/invalid", e.pointer, fmt::format("{}: Invalid value ({})", field, m)};
}

}  // namespace

std::optional<Json> input_schema(InputKind kind) {
  const char* file = schema_file(kind);
  if (!file) return std::nullopt;
  auto text = find_embedded(file);
  if (!text) return std::nullopt;
  return Json::parse(*text);
}

void report_schema_errors(const SourceDocument& doc, const std::vector<SchemaError>& errors,
                          bool unknown_fields_are_errors, const std::string& rule_prefix,
                          Diagnostics& diags) {
  std::vector<Classified> found;
  for (const auto& e : errors) {
    auto c = classify(e);
    if (!c) continue;
    bool seen = false;
    for (const auto& f : found) seen |= f.rule == c->rule && f.pointer == c->pointer;
    if (!seen) found.push_back(*c);
  }
  for (const auto& c : found) {
    bool warning = c.rule == "schema/unknown-field" && !unknown_fields_are_errors;
    std::string rule = rule_prefix.empty() ? c.rule : rule_prefix + c.rule.substr(c.rule.find('/'));
    diags.add(Diagnostic{warning ? Severity::kWarning : Severity::kError, rule, c.text, doc.locate(c.pointer),
                         pointer_to_field_path(c.pointer)});
  }
}

bool check_input_schema(const SourceDocument& doc, InputKind kind, bool strict, Diagnostics& diags) {
  // One validator per kind for the whole run (parsing a schema is the costly part).
  static std::map<InputKind, std::shared_ptr<SchemaValidator>> cache;
  auto it = cache.find(kind);
  if (it == cache.end()) {
    auto schema = input_schema(kind);
    if (!schema) return true;
    it = cache.emplace(kind, std::make_shared<SchemaValidator>(strict_schema(*schema))).first;
  }
  size_t before = diags.error_count();
  report_schema_errors(doc, it->second->validate(doc.value), strict, "", diags);
  return diags.error_count() == before;
}

}  // namespace grovectl
