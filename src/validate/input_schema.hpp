#pragma once
// Layer 2 of validate (DESIGN §6), the CRD schema part: each input document against the structural copy of
// the official CRD schema of its kind (schemas/crd/, checked by src/schema/), as the API server would on
// `kubectl apply`. Unknown fields are errors by default, as with kubectl's default --validate=strict.
#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// What an unknown (pruned) field is: kubectl's --validate=strict, warn and ignore.
enum class UnknownFieldPolicy { kError, kWarn, kIgnore };

// The embedded structural schema of an input kind ("schemas/crd/podcliqueset.json"), or nullptr.
const char* crd_schema_file(InputKind kind);

// Checks one classified input document. Returns false when it has schema errors.
bool check_input_schema(const SourceDocument& doc, InputKind kind, UnknownFieldPolicy unknown_fields,
                        Diagnostics& diags);

}  // namespace grovectl
