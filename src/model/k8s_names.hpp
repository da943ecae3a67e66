#pragma once
// Kubernetes name and key syntax with the API server's own messages (k8s.io/apimachinery
// pkg/util/validation/validation.go and pkg/api/validate/content/kube.go). Each function returns the
// list of problems, empty when the value is valid, exactly as upstream does.
#include <string>
#include <string_view>
#include <vector>

namespace grovectl {

std::vector<std::string> dns1123_label_errors(std::string_view value);
std::vector<std::string> dns1123_subdomain_errors(std::string_view value);
// IsQualifiedName / IsLabelKey: [prefix/]name, prefix a DNS subdomain, name at most 63 characters.
std::vector<std::string> label_key_errors(std::string_view value);
std::vector<std::string> label_value_errors(std::string_view value);
// IsValidPortName (IANA_SVC_NAME).
std::vector<std::string> port_name_errors(std::string_view value);

}  // namespace grovectl
