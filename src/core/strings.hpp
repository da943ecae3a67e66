#pragma once
// Small string helpers every layer uses (ASCII only: they serve names, keys and flag values).
#include <charconv>
#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grovectl {

// `text` without leading and trailing spaces, tabs, carriage returns and newlines.
std::string trim(std::string_view text);

// `text` with A-Z lowered; other bytes as they are.
std::string to_lower(std::string_view text);

// The items with `separator` between each two, as Go's strings.Join (an empty item keeps its separators).
std::string join(const std::vector<std::string>& items, std::string_view separator);

// `text` as a decimal number of type T: ASCII digits only (no sign, no spaces, not empty), as Go's
// strconv.ParseInt(text, 10, ...) reads an unsigned value; nullopt when it is not one or does not fit T.
template <std::integral T>
std::optional<T> parse_decimal(std::string_view text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  T value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace grovectl
