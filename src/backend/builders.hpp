#pragma once
// Small builders shared by the backend mappings.
#include <string>

#include "core/json.hpp"
#include "model/gang.hpp"

namespace grovectl {

// {name, namespace, labels?, annotations?} with empty maps left out.
Json object_metadata(const std::string& name, const std::string& ns, const StringMap& labels = {},
                     const StringMap& annotations = {});
// Grove packConstraint: {required?, preferred?}
Json pack_constraint_json(const PackConstraint& pack);
// ownerReferences entry pointing at the gang's source object, or null when the input had no uid.
Json owner_references_json(const Gang& gang);
Json owner_references_json(const std::optional<OwnerReference>& owner);
// Sum of min_count over the gang's groups.
int64_t total_min_count(const Gang& gang);

}  // namespace grovectl
