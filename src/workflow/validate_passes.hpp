#pragma once
// validate's two passes over the -f inputs (see validate/stream.hpp): the first surveys every document,
// the second checks them a chunk at a time, each through the same loader and budget.
#include "validate/stream.hpp"
#include "workflow/inputs.hpp"

namespace grovectl {

enum class Templates { kUsable, kUnusable };

// `load` holds what loading the templates found; every finding reaches `stream`'s writer. With unusable
// templates no document is checked: the report holds only the reading problems.
ReportSummary run_validation_passes(const SelectorFlags& flags, LoadOptions load_options,
                                    const ReportHeader& header, Templates templates, Diagnostics& load,
                                    ValidationStream& stream);

}  // namespace grovectl
