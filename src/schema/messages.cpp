#include "schema/messages.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace grovectl::schema {

std::string go_number(double v) {
  if (std::isfinite(v) && std::trunc(v) == v && std::fabs(v) < 1e21) return fmt::format("{:.0f}", v);
  std::string s = fmt::format("{}", v);  // shortest round-trip form, as Go's %v
  auto e = s.find('e');
  if (e != std::string::npos && e + 1 < s.size() && s[e + 1] != '-' && s[e + 1] != '+') s.insert(e + 1, "+");
  if (e != std::string::npos && s.size() - e == 3) s.insert(e + 2, "0");  // Go prints two exponent digits
  return s;
}

std::string go_value(const Json& v) {
  if (v.is_string()) return v.dump();
  if (v.is_number_integer()) return v.dump();
  if (v.is_number_float()) return go_number(v.get<double>());
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

std::string type_message(const std::string& field, const std::string& expected, const std::string& actual) {
  // field.TypeInvalid with the data's JSON type as the value; kube-openapi typeFailWithData.
  return fmt::format("{0}: Invalid value: \"{2}\": {0} in body must be of type {1}: \"{2}\"", field, expected,
                     actual);
}

std::string required_message(const std::string& field) {
  return fmt::format("{}: Required value", field);
}

std::string unsupported_message(const std::string& field, const Json& value,
                                const std::vector<Json>& allowed) {
  // field.NotSupported: every allowed value quoted, non-strings first marshalled to JSON.
  std::string list;
  for (const auto& a : allowed) {
    if (!list.empty()) list += ", ";
    list += a.is_string() ? a.dump() : Json(a.dump()).dump();
  }
  return fmt::format("{}: Unsupported value: {}: supported values: {}", field, go_value(value), list);
}

std::string pattern_message(const std::string& field, const Json& value, const std::string& pattern) {
  return fmt::format("{0}: Invalid value: {1}: {0} in body should match '{2}'", field, go_value(value),
                     pattern);
}

std::string format_message(const std::string& field, const Json& value, const std::string& format) {
  return fmt::format("{0}: Invalid value: {1}: {0} in body must be of type {2}: {1}", field, go_value(value),
                     format);
}

std::string too_long_message(const std::string& field, int64_t max) {
  return fmt::format("{}: Too long: may not be more than {} {}", field, max, max == 1 ? "byte" : "bytes");
}

std::string too_short_message(const std::string& field, const Json& value, int64_t min) {
  return fmt::format("{0}: Invalid value: {1}: {0} in body should be at least {2} chars long", field,
                     go_value(value), min);
}

std::string maximum_message(const std::string& field, const Json& value, double max, bool exclusive) {
  return fmt::format("{0}: Invalid value: {1}: {0} in body should be less than {2}{3}", field,
                     go_value(value), exclusive ? "" : "or equal to ", go_number(max));
}

std::string minimum_message(const std::string& field, const Json& value, double min, bool exclusive) {
  return fmt::format("{0}: Invalid value: {1}: {0} in body should be greater than {2}{3}", field,
                     go_value(value), exclusive ? "" : "or equal to ", go_number(min));
}

std::string multiple_of_message(const std::string& field, const Json& value, double factor) {
  return fmt::format("{0}: Invalid value: {1}: {0} in body should be a multiple of {2}", field,
                     go_value(value), go_number(factor));
}

std::string too_many_items_message(const std::string& field, size_t actual, int64_t max) {
  return fmt::format("{}: Too many: {}: must have at most {} {}", field, actual, max,
                     max == 1 ? "item" : "items");
}

std::string too_few_items_message(const std::string& field, size_t actual, int64_t min) {
  return fmt::format("{0}: Invalid value: {1}: {0} in body should have at least {2} items", field, actual,
                     min);
}

std::string duplicate_message(const std::string& field, const std::string& value_json) {
  return fmt::format("{}: Duplicate value: {}", field, value_json);
}

std::string unknown_field_message(const std::string& field) {
  return fmt::format("unknown field \"{}\"", field);
}

std::string any_of_message(const std::string& field, const std::string& actual) {
  return fmt::format("{0}: Invalid value: \"{1}\": {0} in body must validate at least one schema (anyOf)",
                     field, actual);
}

}  // namespace grovectl::schema
