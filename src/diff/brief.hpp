#pragma once
// dyff-style reading of a diff: one line per changed field, with a path a person can read
// (spec.subGroups[name=x].minMember: 3 → 2) instead of a unified diff.
#include <string>
#include <vector>

#include "diff/compare.hpp"
#include "diff/print.hpp"

namespace grovectl::diff {

// "/spec/subGroups/name=x/minMember" -> "spec.subGroups[name=x].minMember"; keys that are not plain
// identifiers are bracketed and quoted: metadata.labels["grove.io/podgang"].
std::string brief_path(const std::string& pointer);

// A value on one line: numbers and plain strings as they are, other strings and structures as JSON,
// (absent) for a missing value.
std::string brief_value(const Json& value);

// Per object "~ Kind.group ns/name" (+ added, - removed) and its changed fields, then the summary line.
std::string format_brief(const std::vector<ObjectDiff>& diffs, const TextOptions& options);

}  // namespace grovectl::diff
