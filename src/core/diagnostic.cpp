#include "core/diagnostic.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/text_excerpt.hpp"

namespace grovectl {

void Diagnostics::add(Diagnostic d) {
  d.message = bounded_message(std::move(d.message));
  d.field = bounded_message(std::move(d.field));
  items_.push_back(std::move(d));
}

void Diagnostics::error(std::string rule, std::string message, Location loc, std::string field) {
  add({Severity::kError, std::move(rule), std::move(message), std::move(loc), std::move(field)});
}

void Diagnostics::warning(std::string rule, std::string message, Location loc, std::string field) {
  add({Severity::kWarning, std::move(rule), std::move(message), std::move(loc), std::move(field)});
}

void Diagnostics::append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

bool Diagnostics::has_errors() const {
  return error_count() > 0;
}

size_t Diagnostics::error_count() const {
  return std::count_if(items_.begin(), items_.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

size_t Diagnostics::warning_count() const {
  return items_.size() - error_count();
}

std::string format_location(const Location& loc) {
  if (loc.file.empty()) return "";
  if (loc.line <= 0) return loc.file;
  if (loc.column <= 0) return fmt::format("{}:{}", loc.file, loc.line);
  return fmt::format("{}:{}:{}", loc.file, loc.line, loc.column);
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string out;
  std::string where = format_location(d.location);
  if (!where.empty()) out += where + ": ";
  out += d.severity == Severity::kError ? "error: " : "warning: ";
  out += d.message;
  if (!d.field.empty()) out += fmt::format(" (field: {})", d.field);
  if (!d.rule.empty()) out += fmt::format(" [{}]", d.rule);
  return out;
}

}  // namespace grovectl
