#include "core/go_values.hpp"

#include <fmt/format.h>

#include "core/text_excerpt.hpp"

namespace grovectl {

std::string go_quote(const std::string& s) {
  if (s.size() <= kMaxQuotedValueBytes) return Json(s).dump();
  // The start of a long value, quoted, then its length: a 10 MB name must not make a 10 MB message.
  std::string cut = excerpt(s);
  std::string start = cut.substr(0, cut.rfind("... ("));
  return fmt::format("{}... ({} bytes)", Json(start).dump(), s.size());
}

std::string go_json(const Json& value) {
  return excerpt(value.dump());
}

}  // namespace grovectl
