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
// IsDNS1123SubdomainWithUnderscore (DNS search paths).
std::vector<std::string> dns1123_subdomain_with_underscore_errors(std::string_view value);
std::vector<std::string> dns1035_label_errors(std::string_view value);
// IsQualifiedName / IsLabelKey: [prefix/]name, prefix a DNS subdomain, name at most 63 characters.
std::vector<std::string> label_key_errors(std::string_view value);
std::vector<std::string> label_value_errors(std::string_view value);
// IsValidPortName (IANA_SVC_NAME).
std::vector<std::string> port_name_errors(std::string_view value);
// IsRelaxedEnvVarName: printable ASCII but '=' (the rule since Kubernetes 1.34, where it went GA).
std::vector<std::string> env_var_name_errors(std::string_view value);
// IsConfigMapKey: a key of a ConfigMap or Secret.
std::vector<std::string> config_map_key_errors(std::string_view value);
std::vector<std::string> http_header_name_errors(std::string_view value);

// IsDomainPrefixedPath ("acme.io/foo"): each problem with the part of the value it is about, as upstream
// reports it (field.Invalid of that part; an empty value is field.Required, `value` empty).
struct ValueProblem {
  std::string value;
  std::string message;
  bool required = false;
};
std::vector<ValueProblem> domain_prefixed_path_errors(std::string_view value);

}  // namespace grovectl
