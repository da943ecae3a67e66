#pragma once
// Rough sizes, in bytes, of what expanding a source keeps and writes. The size checks of both frontends
// (frontend/pcs/structure.cpp, frontend/jobset/size.cpp) add them up and refuse an input before anything
// is expanded.
#include "model/gang.hpp"

namespace grovectl::expansion_size {

// A rendered gang or scheduler object.
constexpr long double kObject = 400;
// One label or annotation as the expansion holds it: a map node, two strings and their text.
constexpr long double kMetadataEntry = 160;
// Copies of the source's labels and annotations that exist once per source (typed input, defaulted input,
// gang source, scheduler objects) besides the one on every gang object.
constexpr long double kMetadataCopies = 8;

// The bytes one copy of these labels and annotations takes.
long double metadata_bytes(const StringMap& labels, const StringMap& annotations);

}  // namespace grovectl::expansion_size
