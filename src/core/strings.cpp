#include "core/strings.hpp"

namespace grovectl {

std::string trim(std::string_view text) {
  // ASCII white space as Go's strings.TrimSpace sees it (the operator trims annotation values with it).
  constexpr std::string_view kBlank = " \t\n\v\f\r";
  const size_t first = text.find_first_not_of(kBlank);
  if (first == std::string_view::npos) return "";
  return std::string(text.substr(first, text.find_last_not_of(kBlank) - first + 1));
}

std::string to_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += separator;
    out += items[i];
  }
  return out;
}

}  // namespace grovectl
