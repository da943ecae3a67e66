#pragma once
// Layers 1 to 3 of validate (DESIGN §6) over every document of one command: kinds (what is skipped, what
// is refused), at least one gang source, one document per object across all inputs, the CRD schema with the
// API server's metadata and Pod rules (layer 2) and Grove's or JobSet's admission rules (layer 3). validate
// continues with layers 4 and 5 on what is admitted; render
// and diff run the same checks first and refuse on their errors, so every command gives one verdict with
// the same messages and locations.
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "model/options.hpp"
#include "validate/input_schema.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// What becomes of layer 3 (Grove's and JobSet's admission rules). validate reports every finding; render
// and diff refuse on its errors, except those their own capability rules report at the same field (the
// webhook's backend rules, topology rules Grove applies only on CREATE, the 45-character name rule: see
// README "One verdict").
enum class AdmissionRules { kReport, kRefuse };

struct InputCheckSettings {
  AdmissionRules admission = AdmissionRules::kReport;
  bool strict = false;  // validate --strict: Grove's warnings that become errors
  UnknownFieldPolicy unknown_fields = UnknownFieldPolicy::kError;
  KindSelection kinds;  // --skip-kinds, --reject-kinds
};

struct CheckedDocument {
  ClassifiedDocument classified;
  bool admitted =
      false;  // a gang source that passes layers 2 and 3 (for render and diff: no refusal of layer 3)
  std::optional<Backend> backend;  // a gang source's backend (--backend, else its pods' schedulerName)
};

struct InputVerdict {
  std::vector<CheckedDocument> documents;  // every input document, in input order
  DocumentRefs context;                    // valid ClusterTopologyBindings and replica overrides
  DocumentRefs admitted() const;           // admitted gang sources, in input order
  DocumentRefs renderable() const;         // admitted gang sources and the context, in input order
};

// Every finding goes to `diags`; render and diff refuse when it has errors.
InputVerdict check_inputs(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                          const InputCheckSettings& settings, Diagnostics& diags);

}  // namespace grovectl
