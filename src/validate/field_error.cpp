#include "validate/field_error.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace grovectl {

void FieldErrors::emit(Severity severity, const std::string& rule, const std::string& pointer,
                       const std::string& path, const std::string& message) {
  diags_.add(Diagnostic{severity, rule, message, doc_.locate(pointer), path});
}

void FieldErrors::invalid(const std::string& rule, const std::string& pointer, const std::string& path,
                          const std::string& value, const std::string& detail) {
  emit(Severity::kError, rule, pointer, path, fmt::format("{}: Invalid value: {}: {}", path, value, detail));
}

void FieldErrors::required(const std::string& rule, const std::string& pointer, const std::string& path,
                           const std::string& detail) {
  emit(Severity::kError, rule, pointer, path,
       detail.empty() ? fmt::format("{}: Required value", path)
                      : fmt::format("{}: Required value: {}", path, detail));
}

void FieldErrors::duplicate(const std::string& rule, const std::string& pointer, const std::string& path,
                            const std::string& value) {
  emit(Severity::kError, rule, pointer, path, fmt::format("{}: Duplicate value: {}", path, value));
}

void FieldErrors::forbidden(const std::string& rule, const std::string& pointer, const std::string& path,
                            const std::string& detail) {
  emit(Severity::kError, rule, pointer, path, fmt::format("{}: Forbidden: {}", path, detail));
}

void FieldErrors::plain(const std::string& rule, const std::string& pointer, const std::string& path,
                        const std::string& message) {
  emit(Severity::kError, rule, pointer, path, message);
}

void FieldErrors::warning(const std::string& rule, const std::string& pointer, const std::string& path,
                          const std::string& message) {
  emit(Severity::kWarning, rule, pointer, path, message);
}

void RepeatedNames::add(const std::string& name, const std::string& pointer) {
  if (seen_.insert(name).second) return;
  if (repeated_.empty()) first_pointer_ = pointer;
  if (std::find(repeated_.begin(), repeated_.end(), name) == repeated_.end()) repeated_.push_back(name);
}

void RepeatedNames::report(FieldErrors& fe, const std::string& rule, const std::string& path) const {
  if (!repeated_.empty()) fe.duplicate(rule, first_pointer_, path, go_json(Json(repeated_)));
}

}  // namespace grovectl
