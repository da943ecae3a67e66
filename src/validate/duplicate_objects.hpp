#pragma once
// Two input documents for the same object (same kind, namespace and name): the API server keeps only the
// last one applied, and render would emit both. Reported at the later document, naming the earlier one.
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "model/options.hpp"

namespace grovectl {

void check_duplicate_objects(const std::vector<ClassifiedDocument>& docs, const RenderOptions& options,
                             Diagnostics& diags);

}  // namespace grovectl
