#pragma once
// Small string helpers every layer uses (ASCII only: they serve names, keys and flag values).
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

}  // namespace grovectl
