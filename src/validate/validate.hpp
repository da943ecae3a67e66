#pragma once
// grovectl validate (docs/rules.md): five layers over the input documents, each finding located.
//   1 YAML syntax / duplicate keys (the reader), kinds (classify_documents: what is skipped, what is
//   refused),
//     at least one gang source, one document per object
//   2 input schema: the official CRD schema of the kind (unknown fields are errors unless relaxed), the API
//     server's metadata rules and core Pod validation of the pod templates
//   3 Grove admission rules and JobSet webhook rules
//   4 backend x version capability rules (the mappings' check())
//   5 every rendered object against the schema of its kind and version
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backend/templates.hpp"
#include "core/diagnostic.hpp"
#include "core/skipped_file.hpp"
#include "frontend/classify.hpp"
#include "model/options.hpp"
#include "validate/duplicate_documents.hpp"
#include "validate/ignored_findings.hpp"
#include "validate/input_schema.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct DocumentReport {
  std::string file;
  int index = 0;
  int line = 0;  // first line of the document
  std::string kind;
  std::string name;
  std::string skipped;  // why grovectl did not read it (kind not ours, --skip-kinds); "" when read
  std::string backend;  // a gang source's backend; "" for other documents
  std::vector<Diagnostic> findings;
  std::vector<IgnoredFinding> ignored;
  bool has_errors() const;
};

// Findings that belong to no document, one per input: a file that cannot be read or parsed, or the
// run as a whole (file "": zero gang sources). Every format reports it as a failed case.
struct InputReport {
  std::string file;
  std::vector<Diagnostic> findings;
  std::vector<IgnoredFinding> ignored;
  bool has_errors() const;
};

// The counts every format prints, computed once so that text, json, junit and github agree.
struct ReportSummary {
  size_t documents = 0;  // every document read, skipped ones included
  size_t files = 0;
  size_t valid = 0;    // read, no error
  size_t invalid = 0;  // with an error (skipped documents too, when they do not parse)
  size_t skipped = 0;
  size_t input_errors = 0;  // InputReports with an error
  size_t errors = 0;        // error findings
  size_t warnings = 0;
  size_t ignored = 0;  // findings left out by rule or annotation
  // Files a walk found but did not check (Helm chart templates, empty files), by category.
  std::map<std::string, size_t> skipped_files;
  size_t skipped_file_count() const;
};

struct ValidateReport {
  std::vector<DocumentReport> documents;
  std::vector<InputReport> inputs;
  std::vector<SkippedFile> skipped_files;
  size_t files = 0;
  std::string tool_version;  // set by the caller (grovectl version)
  std::string kube_version;
  std::string backend;  // --backend, or "" when each source's pods decide
  size_t error_count() const;
  size_t warning_count() const;
  ReportSummary summary() const;
  bool has_io_errors() const;  // a file or directory that could not be read (exit 3)
};

struct ValidateSettings {
  bool strict = false;  // every remaining warning is an error
  UnknownFieldPolicy unknown_fields = UnknownFieldPolicy::kError;
  KindSelection kinds;                                        // --skip-kinds, --reject-kinds
  DuplicateScope duplicates = DuplicateScope::kAcrossInputs;  // --duplicate-scope
  RuleSelection rules;  // --skip-rules, --enable-rules, .grovectl.yaml skipRules
  std::shared_ptr<const CrdOverrides> crd_overrides;  // --crd
};

// Runs layers 1 (classification) to 5 over `docs` and files every finding under its document.
// `load_diags` are the reader's findings (layer 1) from loading the same inputs.
ValidateReport validate_documents(const std::vector<SourceDocument>& docs, const Diagnostics& load_diags,
                                  const RenderOptions& options, const TemplateSet& templates,
                                  const ValidateSettings& settings);

// Layer 5 for one object: its embedded schema by apiVersion and kind (a Grove kind that has a CRD in
// `grove_version`: that CRD), findings located at `where`. Returns false when grovectl has no schema for
// the kind (reported as an error: nothing is skipped).
bool check_rendered_object(const Json& object, const GroveVersion& grove_version, const SourceDocument& where,
                           Diagnostics& diags);

}  // namespace grovectl
