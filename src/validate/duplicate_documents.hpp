#pragma once
// Two input documents for one object (same kind, namespace and name): the API server would keep only the
// one applied last, and render would emit objects for both. Reported at the later document, naming the
// location of the earlier one.
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "model/options.hpp"

namespace grovectl {

void check_duplicate_documents(const std::vector<ClassifiedDocument>& docs, const RenderOptions& options,
                               Diagnostics& diags);

}  // namespace grovectl
