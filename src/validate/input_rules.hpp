#pragma once
// Layer 2 of validate (docs/rules.md) for one input document: the CRD schema of its kind (schema/*), the API
// server's metadata rules on the object and on the templates it carries (meta/*), and core Pod validation
// of its pod templates (pod/*). render and diff run the same layer and refuse on its errors.
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "validate/input_schema.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// Returns false when the document has layer-2 errors.
bool check_input_document(const SourceDocument& doc, InputKind kind, const CrdSelection& crds,
                          UnknownFieldPolicy unknown_fields, Diagnostics& diags);

}  // namespace grovectl
