// A container's env and envFrom as core Pod validation checks them (kubernetes/kubernetes v1.35.7
// pkg/apis/core/validation/validation.go: ValidateEnv, validateEnvVarValueFrom, validateObjectFieldSelector,
// validateContainerResourceFieldSelector, the key selectors, ValidateEnvFrom; field paths of the downward API
// from pkg/apis/core/pods/helpers.go ConvertDownwardAPIFieldLabel). Env names follow the relaxed rule
// (RelaxedEnvironmentVariableValidation, GA in 1.34) and a value may come from a file (EnvFiles, beta and on
// in 1.35).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

#include "model/k8s_names.hpp"
#include "validate/pod_rules.hpp"

namespace grovectl {
namespace {

constexpr const char* kRule = "pod/env";

// The field paths an env var may read (validEnvDownwardAPIFieldPathExpressions), as upstream lists them.
constexpr std::initializer_list<const char*> kEnvFieldPaths = {
    "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName",
    "status.hostIP", "status.hostIPs",     "status.podIP", "status.podIPs"};

constexpr std::string_view kConvertibleFieldPaths[] = {
    "metadata.annotations", "metadata.labels", "metadata.name",      "metadata.namespace",
    "metadata.uid",         "spec.nodeName",   "spec.restartPolicy", "spec.serviceAccountName",
    "spec.schedulerName",   "status.phase",    "status.hostIP",      "status.hostIPs",
    "status.podIP",         "status.podIPs",   "spec.host"};

void required(const FieldPlace& place, FieldErrors& fe) {
  fe.required(kRule, place.pointer(), place.path(), "");
}

// What ConvertDownwardAPIFieldLabel accepts from a v1 pod without a subscript.
bool convertible(const std::string& field_path) {
  for (auto known : kConvertibleFieldPaths) {
    if (field_path == known) return true;
  }
  return false;
}

// fieldpath.SplitMaybeSubscriptedPath: "metadata.labels['app']" is ("metadata.labels", "app").
bool split_subscript(const std::string& field_path, std::string& path, std::string& subscript) {
  if (!field_path.ends_with("']")) return false;
  const std::string trimmed = field_path.substr(0, field_path.size() - 2);
  const size_t open = trimmed.find("['");
  if (open == std::string::npos || open == 0) return false;
  path = trimmed.substr(0, open);
  subscript = trimmed.substr(open + 2);
  return true;
}

// A string member the schema requires (absent: the schema's finding): empty is refused as missing, anything
// else by what `problems` finds in it.
using Problems = std::vector<std::string> (*)(std::string_view);

void check_required_text(const Json& ref, const char* key, const FieldPlace& place, Problems problems,
                         FieldErrors& fe) {
  const std::string* value = string_of(ref, key);
  if (!value) return;
  const FieldPlace field = place.key(key);
  if (value->empty()) return required(field, fe);
  for (const auto& msg : problems(*value))
    fe.invalid(kRule, field.pointer(), field.path(), go_quote(*value), msg);
}

std::vector<std::string> backstep_errors(std::string_view path) {
  if (has_backstep(path)) return {"must not contain '..'"};
  return {};
}

// configMapKeyRef and secretKeyRef: the object's name is a DNS subdomain ("" included: the CRD defaults an
// unset name to ""), the key a ConfigMap key.
void check_key_ref(const Json& ref, const FieldPlace& place, FieldErrors& fe) {
  const std::string* name = string_of(ref, "name");
  const std::string unset;
  const FieldPlace name_place = place.key("name");
  for (const auto& msg : dns1123_subdomain_errors(name ? *name : unset))
    fe.invalid(kRule, name ? name_place.pointer() : place.pointer(), name_place.path(),
               go_quote(name ? *name : unset), msg);
  check_required_text(ref, "key", place, config_map_key_errors, fe);
}

void check_file_key_ref(const Json& ref, const FieldPlace& place, FieldErrors& fe) {
  check_required_text(ref, "key", place, env_var_name_errors, fe);
  check_required_text(ref, "volumeName", place, dns1123_label_errors, fe);
  check_required_text(ref, "path", place, backstep_errors, fe);
}

void check_value_from(const Json& var, const FieldPlace& var_place, FieldErrors& fe) {
  const Json* from = object_of(var, "valueFrom");
  if (!from) return;
  const FieldPlace place = var_place.key("valueFrom");
  size_t sources = 0;
  auto source = [&](const char* key, void (*check)(const Json&, const FieldPlace&, FieldErrors&)) {
    const Json* ref = object_of(*from, key);
    if (!ref) return;
    ++sources;
    check(*ref, place.key(key), fe);
  };
  if (const Json* ref = object_of(*from, "fieldRef")) {
    ++sources;
    const FieldPlace ref_place = place.key("fieldRef");
    check_object_field_selector(*ref, ref_place, ref_place, kEnvFieldPaths, kRule, fe);
  }
  if (const Json* ref = object_of(*from, "resourceFieldRef")) {
    ++sources;
    const FieldPlace ref_place = place.key("resourceFieldRef");
    check_resource_field_selector(*ref, ref_place, ref_place, ResourceSelector::kEnv, kRule, fe);
  }
  source("configMapKeyRef", check_key_ref);
  source("secretKeyRef", check_key_ref);
  source("fileKeyRef", check_file_key_ref);
  const std::string* value = string_of(var, "value");
  auto invalid = [&](const char* detail) {
    fe.invalid(kRule, place.pointer(), place.path(), "\"\"", detail);
  };
  if (sources == 0) {
    invalid(
        "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or "
        "`fileKeyRef`");
  } else if (value && !value->empty()) {
    invalid("may not be specified when `value` is not empty");
  } else if (sources > 1) {
    invalid("may not have more than one field specified at a time");
  }
}

// A ConfigMap or Secret named by envFrom: a DNS subdomain, to which a suffix could still be added
// (NameIsDNSSubdomain with prefix: upstream masks a trailing '-' by replacing the last two characters).
void check_env_from_name(const Json& ref, const FieldPlace& place, FieldErrors& fe) {
  const std::string* name = string_of(ref, "name");
  const FieldPlace name_place = place.key("name");
  if (!name || name->empty()) {
    fe.required(kRule, name ? name_place.pointer() : place.pointer(), name_place.path(), "");
    return;
  }
  std::string masked = *name;
  if (masked.size() > 1 && masked.ends_with('-')) masked = masked.substr(0, masked.size() - 2) + "a";
  for (const auto& msg : dns1123_subdomain_errors(masked))
    fe.invalid(kRule, name_place.pointer(), name_place.path(), go_quote(*name), msg);
}

void check_env_from(const Json& container, const FieldPlace& place, FieldErrors& fe) {
  const Json* sources = list_of(container, "envFrom");
  if (!sources) return;
  const FieldPlace list = place.key("envFrom");
  for (size_t i = 0; i < sources->size(); ++i) {
    const Json& source = (*sources)[i];
    const FieldPlace item = list.item(i);
    if (const std::string* prefix = string_of(source, "prefix"); prefix && !prefix->empty()) {
      const FieldPlace prefix_place = item.key("prefix");
      for (const auto& msg : env_var_name_errors(*prefix))
        fe.invalid(kRule, prefix_place.pointer(), prefix_place.path(), go_quote(*prefix), msg);
    }
    size_t count = 0;
    for (const char* key : {"configMapRef", "secretRef"}) {
      if (const Json* ref = object_of(source, key)) {
        ++count;
        check_env_from_name(*ref, item.key(key), fe);
      }
    }
    // Upstream reports these two at the list's path.
    if (count == 0)
      fe.invalid(kRule, item.pointer(), list.path(), "\"\"",
                 "must specify one of: `configMapRef` or `secretRef`");
    if (count > 1)
      fe.invalid(kRule, item.pointer(), list.path(), "\"\"",
                 "may not have more than one field specified at a time");
  }
}

}  // namespace

void check_env(const Json& container, const FieldPlace& place, FieldErrors& fe) {
  if (const Json* vars = list_of(container, "env")) {
    const FieldPlace list = place.key("env");
    for (size_t i = 0; i < vars->size(); ++i) {
      const Json& var = (*vars)[i];
      const FieldPlace item = list.item(i);
      if (const std::string* name = string_of(var, "name")) {
        const FieldPlace name_place = item.key("name");
        if (name->empty()) {
          required(name_place, fe);
        } else {
          for (const auto& msg : env_var_name_errors(*name))
            fe.invalid(kRule, name_place.pointer(), name_place.path(), go_quote(*name), msg);
        }
      }
      check_value_from(var, item, fe);
    }
  }
  check_env_from(container, place, fe);
}

void check_object_field_selector(const Json& ref, const FieldPlace& place, const FieldPlace& upstream,
                                 std::initializer_list<const char*> allowed, const char* rule,
                                 FieldErrors& fe) {
  const std::string* api = string_of(ref, "apiVersion");  // "v1" when unset
  const std::string* field_path = string_of(ref, "fieldPath");
  if (!field_path) return;  // required by the schema
  const FieldPlace path_place = place.key("fieldPath");
  const std::string path_text = upstream.key("fieldPath").path();
  if (field_path->empty()) return fe.required(rule, path_place.pointer(), path_text, "");
  auto conversion_error = [&](const std::string& why) {
    fe.invalid(rule, path_place.pointer(), path_text, go_quote(*field_path),
               "error converting fieldPath: " + why);
  };
  if (api && !api->empty() && *api != "v1") return conversion_error("unsupported pod version: " + *api);
  std::string path, subscript;
  if (split_subscript(*field_path, path, subscript)) {
    if (path != "metadata.annotations" && path != "metadata.labels")
      return conversion_error("field label does not support subscript: " + *field_path);
    if (path == "metadata.annotations")
      std::transform(subscript.begin(), subscript.end(), subscript.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const auto& msg : label_key_errors(subscript))
      fe.invalid(rule, path_place.pointer(), upstream.path(), go_quote(subscript), msg);
    return;
  }
  if (!convertible(*field_path)) return conversion_error("field label not supported: " + *field_path);
  const std::string converted = *field_path == "spec.host" ? "spec.nodeName" : *field_path;
  for (const char* a : allowed) {
    if (converted == a) return;
  }
  // Upstream lists them sorted (sets.List).
  std::vector<std::string> sorted(allowed.begin(), allowed.end());
  std::sort(sorted.begin(), sorted.end());
  std::string values;
  for (const auto& a : sorted) values += fmt::format("{}\"{}\"", values.empty() ? "" : ", ", a);
  fe.plain(
      rule, path_place.pointer(), path_text,
      fmt::format("{}: Unsupported value: {}: supported values: {}", path_text, go_quote(converted), values));
}

void check_resource_field_selector(const Json& ref, const FieldPlace& place, const FieldPlace& upstream,
                                   ResourceSelector kind, const char* rule, FieldErrors& fe) {
  const std::string* container = string_of(ref, "containerName");
  if (kind == ResourceSelector::kVolume && (!container || container->empty())) {
    const FieldPlace field = place.key("containerName");
    return fe.required(rule, container ? field.pointer() : place.pointer(),
                       upstream.key("containerName").path(), "");
  }
  const std::string* resource = string_of(ref, "resource");
  if (!resource) return;  // required by the schema
  const FieldPlace field = place.key("resource");
  const std::string path_text = upstream.key("resource").path();
  if (resource->empty()) return fe.required(rule, field.pointer(), path_text, "");
  if (resource->starts_with("requests.hugepages-") || resource->starts_with("limits.hugepages-")) return;
  static constexpr std::string_view kResources[] = {
      "limits.cpu",   "limits.ephemeral-storage",   "limits.memory",
      "requests.cpu", "requests.ephemeral-storage", "requests.memory"};
  std::string values;
  for (auto known : kResources) {
    if (*resource == known) return;
    values += fmt::format("{}\"{}\"", values.empty() ? "" : ", ", known);
  }
  fe.plain(
      rule, field.pointer(), path_text,
      fmt::format("{}: Unsupported value: {}: supported values: {}", path_text, go_quote(*resource), values));
}

}  // namespace grovectl
