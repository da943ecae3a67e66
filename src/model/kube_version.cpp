#include "model/kube_version.hpp"

#include <fmt/format.h>

#include <charconv>
#include <string_view>

namespace grovectl {
namespace {

// The run of 1 to `max_digits` decimal digits that `text` starts with, taken off `text`; nullopt when
// there is none or a longer one.
std::optional<int> take_number(std::string_view& text, size_t max_digits) {
  size_t n = 0;
  while (n < text.size() && text[n] >= '0' && text[n] <= '9') ++n;
  if (n == 0 || n > max_digits) return std::nullopt;
  int value = 0;
  std::from_chars(text.data(), text.data() + n, value);
  text.remove_prefix(n);
  return value;
}

bool take(std::string_view& text, char c) {
  if (text.empty() || text.front() != c) return false;
  text.remove_prefix(1);
  return true;
}

// v?MAJOR.MINOR[.PATCH]: up to three digits for the major and minor, four for the patch (which is read
// and dropped: a mapping serves a minor version).
std::optional<KubeVersion> read_version(std::string_view text) {
  take(text, 'v');
  auto major = take_number(text, 3);
  if (!major || !take(text, '.')) return std::nullopt;
  auto minor = take_number(text, 3);
  if (!minor) return std::nullopt;
  if (take(text, '.') && !take_number(text, 4)) return std::nullopt;
  if (!text.empty()) return std::nullopt;
  return KubeVersion{*major, *minor};
}

}  // namespace

std::optional<KubeVersion> parse_kube_version(const std::string& text, std::string& error) {
  std::string supported;
  for (const auto& v : KubeVersion::supported()) supported += (supported.empty() ? "" : ", ") + v.text();
  auto v = read_version(text);
  if (!v) {
    error = fmt::format("invalid Kubernetes version \"{}\"; use MAJOR.MINOR such as 1.37 (supported: {})",
                        text, supported);
    return std::nullopt;
  }
  for (const auto& s : KubeVersion::supported()) {
    if (s == *v) return v;
  }
  error = fmt::format("Kubernetes {} is not supported; supported versions: {}", v->text(), supported);
  return std::nullopt;
}

}  // namespace grovectl
