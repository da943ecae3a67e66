#pragma once
// Layer 2 of validate (DESIGN §6): each input document against grovectl's own schema of its kind
// (src/validate/schemas/*.json). Unknown fields are warnings, errors under --strict.
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "validate/schema_validator.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// The embedded schema file for an input kind ("src/validate/schemas/podcliqueset.json"), or nullopt.
std::optional<Json> input_schema(InputKind kind);

// Turns schema errors into located diagnostics. Cascading "failed to validate child" errors are dropped.
// `unknown_fields_are_errors` selects the severity of schema/unknown-field findings.
void report_schema_errors(const SourceDocument& doc, const std::vector<SchemaError>& errors,
                          bool unknown_fields_are_errors, const std::string& rule_prefix, Diagnostics& diags);

// Checks one classified input document. Returns false when it has schema errors.
bool check_input_schema(const SourceDocument& doc, InputKind kind, bool strict, Diagnostics& diags);

}  // namespace grovectl
