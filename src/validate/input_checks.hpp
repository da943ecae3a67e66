#pragma once
// Layers 1 to 3 of validate (DESIGN §6) over the documents of one command: kinds, one object per
// identity across all inputs, the CRD schema with the API server's metadata and Pod rules (layer 2), and
// Grove's or JobSet's admission rules (layer 3). validate continues with layers 4 and 5 on what they
// admit; render and diff run the same checks first and refuse on their errors, so every command gives
// one verdict with the same messages and locations.
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "model/options.hpp"
#include "validate/input_schema.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct InputCheckSettings {
  bool strict = false;  // validate --strict: Grove's warnings that become errors
  UnknownFieldPolicy unknown_fields = UnknownFieldPolicy::kError;
};

struct AdmittedInputs {
  DocumentRefs sources;  // PodCliqueSets and JobSets that pass layers 2 and 3
  DocumentRefs context;  // valid ClusterTopologyBindings and live replica overrides they may use
};

AdmittedInputs check_inputs(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                            const InputCheckSettings& settings, Diagnostics& diags);

// For render and diff: the errors of check_inputs (warnings are validate's to show; render reports its
// own). True when there are none.
bool inputs_admitted(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                     UnknownFieldPolicy unknown_fields, Diagnostics& diags);

}  // namespace grovectl
