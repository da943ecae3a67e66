#pragma once
// --include pods: one Pod stub per pod with exactly what the backend's PreparePod sets.
#include <vector>

#include "backend/mapping.hpp"

namespace grovectl {

std::vector<Json> pod_stubs(const Gang& gang, const Mapping& mapping, const MappingContext& ctx);

}  // namespace grovectl
