#include "core/embedded.hpp"

namespace grovectl {

std::optional<std::string_view> find_embedded(std::string_view path) {
  for (const auto& f : embedded_files()) {
    if (f.path == path) return f.content;
  }
  return std::nullopt;
}

}  // namespace grovectl
