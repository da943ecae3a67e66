#pragma once
// The API server's wording for CRD schema errors. Each message is what kubectl prints for the same
// field: the kube-openapi validator's text (k8s.io/kube-openapi pkg/validation/errors/schema.go, e.g.
// "%s in %s must be of type %s: %q", "%s in %s should match '%s'") wrapped by apiextensions-apiserver's
// kubeOpenAPIResultToFieldErrors (pkg/apiserver/validation/validation.go) into an apimachinery
// field.Error (pkg/util/validation/field/errors.go: "<path>: <Type>[: <value>][: <detail>]").
#include <string>
#include <vector>

#include "core/json.hpp"

namespace grovectl::schema {

// A value as field.Error prints it: strings Go-quoted, numbers and booleans plain, the rest as JSON.
std::string go_value(const Json& v);
// A number as Go's %v prints a float64 or int64 ("3", "2.5", "1e+21").
std::string go_number(double v);

std::string type_message(const std::string& field, const std::string& expected, const std::string& actual);
std::string required_message(const std::string& field);
std::string unsupported_message(const std::string& field, const Json& value,
                                const std::vector<Json>& allowed);
std::string pattern_message(const std::string& field, const Json& value, const std::string& pattern);
std::string format_message(const std::string& field, const Json& value, const std::string& format);
std::string too_long_message(const std::string& field, int64_t max);
std::string too_short_message(const std::string& field, const Json& value, int64_t min);
std::string maximum_message(const std::string& field, const Json& value, double max, bool exclusive);
std::string minimum_message(const std::string& field, const Json& value, double min, bool exclusive);
std::string multiple_of_message(const std::string& field, const Json& value, double factor);
std::string too_many_items_message(const std::string& field, size_t actual, int64_t max);
std::string too_few_items_message(const std::string& field, size_t actual, int64_t min);
std::string duplicate_message(const std::string& field, const std::string& value_json);
// Strict field validation of a pruned field (apiextensions-apiserver pkg/apiserver/schema/pruning).
std::string unknown_field_message(const std::string& field);
std::string any_of_message(const std::string& field, const std::string& actual);

}  // namespace grovectl::schema
