#include "frontend/namespace.hpp"

#include <fmt/format.h>

namespace grovectl {

bool namespace_matches(const std::string& object_ns, const RenderOptions& options, const Location& where,
                       Diagnostics& diags) {
  if (!options.namespace_override || object_ns.empty() || object_ns == *options.namespace_override)
    return true;
  diags.error("usage/namespace",
              fmt::format("the namespace of the object ({}) does not match --namespace {}", object_ns,
                          *options.namespace_override),
              where, "metadata.namespace");
  return false;
}

}  // namespace grovectl
