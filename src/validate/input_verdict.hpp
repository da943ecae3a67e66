#pragma once
// Layers 1 to 3 of validate (docs/rules.md) over every document of one command: kinds (what is skipped, what
// is refused), at least one gang source, one document per object across all inputs, the CRD schema with the
// API server's metadata and Pod rules (layer 2) and Grove's or JobSet's admission rules (layer 3). validate
// continues with layers 4 and 5 on what is admitted; render
// and diff run the same checks first and refuse on their errors, so every command gives one verdict with
// the same messages and locations.
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "frontend/pcs/types.hpp"
#include "model/options.hpp"
#include "validate/duplicate_documents.hpp"
#include "validate/input_schema.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// What becomes of layer 3 (Grove's and JobSet's admission rules). validate reports every finding; render
// and diff refuse on its errors, except rules Grove applies only on CREATE and the 45-character name rule,
// and refuse Grove's scheduler-backend rules where they render the source, for the backend they render (see
// README "One verdict").
enum class AdmissionRules { kReport, kRefuse };

// Who reports zero gang sources (input/no-gang-source, a failure of the run, located nowhere): the check of
// the first chunk (render and diff), or the caller, from the survey, before any document (validate's
// reports).
enum class GangSourceCheck { kWithFirstChunk, kByCaller };

struct InputCheckSettings {
  AdmissionRules admission = AdmissionRules::kReport;
  bool strict = false;  // validate --strict: Grove's warnings that become errors
  UnknownFieldPolicy unknown_fields = UnknownFieldPolicy::kError;
  KindSelection kinds;                                        // --skip-kinds, --reject-kinds
  DuplicateScope duplicates = DuplicateScope::kAcrossInputs;  // --duplicate-scope
  GangSourceCheck gang_sources = GangSourceCheck::kWithFirstChunk;
  std::shared_ptr<const CrdOverrides> crd_overrides;  // --crd
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

// Whether documents given to InputSurvey::add stay alive as long as the survey (a loaded input), or are
// dropped after it (validate's first pass over a stream): then the survey keeps a copy of the few it needs.
enum class SurveyedDocuments { kOutliveTheSurvey, kAreDropped };

// What checking one document needs to know of all the others: whether any is a gang source (layer 1), the
// first document of each object (layer 1's duplicates), and the valid ClusterTopologyBindings and replica
// overrides (layer 3 and the render). Gathered one document at a time, in input order, holding no
// document but those companions, so that validate can check a stream of any length a chunk at a time.
class InputSurvey {
 public:
  InputSurvey(const RenderOptions& options, const InputCheckSettings& settings, SurveyedDocuments lifetime);
  InputSurvey(const InputSurvey&) = delete;  // context() points into it
  void add(const SourceDocument& doc);

  size_t documents() const { return documents_; }
  const GangSourceTally& gang_sources() const { return gang_sources_; }
  const FirstDefinitions& first_definitions() const { return first_definitions_; }
  const DocumentRefs& context() const { return context_; }
  const std::deque<ClusterTopologyBinding>& bindings() const { return bindings_; }

 private:
  const InputCheckSettings settings_;
  const CrdSelection crds_;
  const SurveyedDocuments lifetime_;
  size_t documents_ = 0;
  GangSourceTally gang_sources_;
  FirstDefinitions first_definitions_;
  std::deque<SourceDocument> kept_;  // copies of the companions when documents are dropped
  DocumentRefs context_;
  std::deque<ClusterTopologyBinding> bindings_;
};

// Every finding goes to `diags`; render and diff refuse when it has errors.
InputVerdict check_inputs(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                          const InputCheckSettings& settings, Diagnostics& diags);

// check_inputs for consecutive documents of a longer input that `survey` has seen whole; the first of
// them is the `first_ordinal`-th document of the input. Findings are those check_inputs gives for them.
// The verdict's context points into the survey.
InputVerdict check_input_chunk(const std::vector<SourceDocument>& docs, size_t first_ordinal,
                               const InputSurvey& survey, const RenderOptions& options,
                               const InputCheckSettings& settings, Diagnostics& diags);

}  // namespace grovectl
