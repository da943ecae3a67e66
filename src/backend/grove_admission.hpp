#pragma once
// Grove's scheduler-backend admission rules: what each backend's ValidatePodCliqueSet refuses
// (operator/internal/scheduler/<backend>/backend.go in ai-dynamo/grove at fcc3b3bb), written once here and
// used by every command: validate reports them with Grove's other admission rules, render and diff refuse
// them before the backend's capability rules, with the same rule id, location and text.
//
// A backend with such rules writes them in src/backend/<backend>/admission.cpp, declares them below and
// adds one entry to the table in grove_admission.cpp.
#include <functional>
#include <string>

#include "core/diagnostic.hpp"
#include "model/gang.hpp"
#include "model/options.hpp"

namespace grovectl {

// Whether `backend` has any (so that a caller builds the GangSource only then).
bool has_grove_admission(Backend backend);
// The rules of `backend` about `source` (none for a backend without any).
void check_grove_admission(Backend backend, const GangSource& source, Diagnostics& diags);

// Each backend's rules, in the operator's order; the first error of a check that returns on it ends that
// check, as the operator's does.
void kai_admission(const GangSource& source, Diagnostics& diags);      // backend/kai/admission.cpp
void volcano_admission(const GangSource& source, Diagnostics& diags);  // backend/volcano/admission.cpp
void lpx_admission(const GangSource& source, Diagnostics& diags);      // backend/lpx/admission.cpp

// What the rules share: an error at `pointer` of the source's document (at the source when it was not
// read from one), with `field` as its field path.
void admission_error(const GangSource& source, const std::string& rule, const std::string& pointer,
                     const std::string& field, const std::string& message, Diagnostics& diags);
// The field path of a key of a labels or annotations map, written as apimachinery's field.Path.Key does:
// ("spec.template.cliques[1].annotations", "scheduling.grove.io/volcano-queue") ->
// "spec.template.cliques[1].annotations[scheduling.grove.io/volcano-queue]".
std::string map_key_field(const std::string& map_field, const std::string& key);
// Refuses the source's first topologyConstraint (the operator's backends return on the first) with
// `message(place)`, at that constraint; false when the source sets none.
bool refuse_first_topology_constraint(const GangSource& source, const std::string& rule,
                                      const std::function<std::string(const TopologyPlace&)>& message,
                                      Diagnostics& diags);

}  // namespace grovectl
