#include "core/go_values.hpp"

#include <fmt/format.h>

#include "core/text_excerpt.hpp"

namespace grovectl {

std::string go_quote(const std::string& s) {
  if (s.size() <= kMaxQuotedValueBytes) return Json(s).dump();
  // The start of a long value, quoted, then its length: a 10 MB name must not make a 10 MB message. The
  // quoted start and its "..." are one word of at most kMaxQuotedValueBytes, which the message's own bound
  // (bounded_message) then leaves whole instead of cutting it again.
  std::string quoted;
  for (size_t keep = kMaxQuotedValueBytes - 2; keep > 3; keep = keep * 3 / 4) {
    const std::string cut = excerpt(s, keep);
    quoted = Json(cut.substr(0, cut.rfind("... ("))).dump();
    if (quoted.size() + 3 <= kMaxQuotedValueBytes) break;
  }
  return fmt::format("{}... ({} bytes)", quoted, s.size());
}

std::string go_json(const Json& value) {
  return excerpt(value.dump());
}

}  // namespace grovectl
