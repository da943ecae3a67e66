#pragma once
// grovectl validate (DESIGN §6): five layers over the input documents, each finding located.
//   1 YAML syntax / duplicate keys (the reader) and unknown apiVersion/kind (classify_documents)
//   2 input schema: the official CRD schema of the kind (unknown fields are errors unless relaxed), the API
//     server's metadata rules and core Pod validation of the pod templates
//   3 Grove admission rules and JobSet webhook rules
//   4 backend x version capability rules (the mappings' check())
//   5 every rendered object against the schema of its kind and version
#include <string>
#include <vector>

#include "backend/templates.hpp"
#include "core/diagnostic.hpp"
#include "model/options.hpp"
#include "validate/input_schema.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct DocumentReport {
  std::string file;
  int index = 0;
  int line = 0;  // first line of the document
  std::string kind;
  std::string name;
  std::vector<Diagnostic> findings;
  bool has_errors() const;
};

struct ValidateReport {
  std::vector<DocumentReport> documents;
  std::vector<Diagnostic> unattached;  // findings that belong to no document (e.g. a file that did not parse)
  size_t files = 0;
  size_t error_count() const;
  size_t warning_count() const;
};

struct ValidateSettings {
  bool strict = false;  // every remaining warning is an error
  UnknownFieldPolicy unknown_fields = UnknownFieldPolicy::kError;
};

// Runs layers 1 (classification) to 5 over `docs` and files every finding under its document.
// `load_diags` are the reader's findings (layer 1) from loading the same inputs.
ValidateReport validate_documents(const std::vector<SourceDocument>& docs, const Diagnostics& load_diags,
                                  const RenderOptions& options, const TemplateSet& templates,
                                  const ValidateSettings& settings);

// Layer 5 for one object: its embedded schema by apiVersion and kind, findings located at `where`.
// Returns false when grovectl has no schema for the kind (reported as an error: nothing is skipped).
bool check_rendered_object(const Json& object, const SourceDocument& where, Diagnostics& diags);

}  // namespace grovectl
