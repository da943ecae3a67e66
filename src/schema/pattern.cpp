#include "schema/pattern.hpp"

#include "schema/quantity.hpp"

namespace grovectl::schema {

std::optional<Pattern> Pattern::compile(std::string_view source, std::string& error) {
  Pattern p;
  p.source_ = std::string(source);
  if (source == kQuantityPattern) {
    p.quantity_ = true;
    return p;
  }
  p.regex_ = Regex::compile(source, error);
  if (!p.regex_) return std::nullopt;
  return p;
}

bool Pattern::matches(std::string_view text) const {
  return quantity_ ? is_quantity_text(text) : regex_->search(text);
}

}  // namespace grovectl::schema
