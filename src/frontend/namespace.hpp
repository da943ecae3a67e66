#pragma once
// --namespace (a selector of render, validate and diff) against the namespace an input object names.
#include <string>

#include "core/diagnostic.hpp"
#include "model/options.hpp"

namespace grovectl {

// False, reported at `where`, when the object names a namespace other than --namespace.
bool namespace_matches(const std::string& object_ns, const RenderOptions& options, const Location& where,
                       Diagnostics& diags);

}  // namespace grovectl
