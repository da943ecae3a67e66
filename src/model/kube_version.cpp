#include "model/kube_version.hpp"

#include <fmt/format.h>

#include <regex>

namespace grovectl {

std::optional<KubeVersion> parse_kube_version(const std::string& text, std::string& error) {
  static const std::regex re("v?([0-9]{1,3})\\.([0-9]{1,3})(\\.[0-9]{1,4})?");
  std::smatch m;
  std::string supported;
  for (const auto& v : KubeVersion::supported()) supported += (supported.empty() ? "" : ", ") + v.text();
  if (!std::regex_match(text, m, re)) {
    error = fmt::format("invalid Kubernetes version \"{}\"; use MAJOR.MINOR such as 1.37 (supported: {})",
                        text, supported);
    return std::nullopt;
  }
  KubeVersion v{std::stoi(m[1]), std::stoi(m[2])};
  for (const auto& s : KubeVersion::supported()) {
    if (s == v) return v;
  }
  error = fmt::format("Kubernetes {} is not supported; supported versions: {}", v.text(), supported);
  return std::nullopt;
}

}  // namespace grovectl
