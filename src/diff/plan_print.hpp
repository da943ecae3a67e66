#pragma once
// A migration plan as a runbook (text) and as data (JSON, the same content).
#include <string>

#include "core/json.hpp"
#include "diff/plan.hpp"

namespace grovectl::diff {

std::string format_plan_text(const MigrationPlan& plan);
Json plan_json(const MigrationPlan& plan);

}  // namespace grovectl::diff
