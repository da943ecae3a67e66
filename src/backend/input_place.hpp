#pragma once
// Where an InputPlace is, for a message.
#include <string>

#include "core/diagnostic.hpp"
#include "model/gang.hpp"

namespace grovectl {

Location location_of(const InputPlace& place);
// e.g. spec.template.cliques[1].spec.podSpec.priorityClassName
std::string field_path_of(const InputPlace& place);

}  // namespace grovectl
