#pragma once
// Files under templates/, src/validate/schemas/ and schemas/crd/, compiled into the binary by
// cmake/embed_files.cmake.
#include <optional>
#include <string_view>
#include <vector>

namespace grovectl {

struct EmbeddedFile {
  std::string_view path;  // relative to the repository root, e.g. "templates/podgang/v1alpha1/PodGang.yaml"
  std::string_view content;
};

const std::vector<EmbeddedFile>& embedded_files();
std::optional<std::string_view> find_embedded(std::string_view path);

}  // namespace grovectl
