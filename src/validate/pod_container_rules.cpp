// Containers of a pod spec as core Pod validation checks them (k8s.io/kubernetes
// pkg/apis/core/validation/validation.go: validateContainers, validateInitContainers,
// validateContainerPorts; messages from k8s.io/apimachinery pkg/util/validation).
#include <fmt/format.h>

#include <set>

#include "validate/k8s_names.hpp"
#include "validate/pod_rules.hpp"

namespace grovectl {
namespace {

const std::string* string_at(const Json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? &it->get_ref<const std::string&>() : nullptr;
}

const Json* int_at(const Json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it != obj.end() && it->is_number_integer() ? &*it : nullptr;
}

// Names are unique across containers and init containers; the later one is reported.
void check_name(const Json& c, const std::string& pointer, const std::string& path,
                std::set<std::string>& names, FieldErrors& fe) {
  const std::string* name = string_at(c, "name");
  if (!name) return;  // missing or mistyped: a schema finding already
  if (name->empty()) {
    fe.required("pod/container-name", pointer + "/name", path + ".name", "");
  } else {
    for (const auto& msg : dns1123_label_errors(*name))
      fe.invalid("pod/container-name", pointer + "/name", path + ".name", go_quote(*name), msg);
  }
  if (!names.insert(*name).second)
    fe.duplicate("pod/container-name", pointer + "/name", path + ".name", go_quote(*name));
}

void check_image(const Json& c, const std::string& pointer, const std::string& path, FieldErrors& fe) {
  const std::string* image = string_at(c, "image");
  if (image && !image->empty()) {
    auto first = image->find_first_not_of(" \t\r\n");
    auto last = image->find_last_not_of(" \t\r\n");
    if (first != 0 || last != image->size() - 1) {
      fe.invalid("pod/image", pointer + "/image", path + ".image", go_quote(*image),
                 "must not have leading or trailing whitespace");
    }
    return;
  }
  if (c.is_object() && c.contains("image") && !c["image"].is_string() && !c["image"].is_null()) return;
  fe.required("pod/image", image ? pointer + "/image" : pointer, path + ".image", "");
}

// containerPort must be set; hostPort 0 means none.
enum class PortField { kContainerPort, kHostPort };

void check_port_number(const Json* port, PortField field, const std::string& pointer, const std::string& path,
                       FieldErrors& fe) {
  if (!port) return;
  int64_t n = port->get<int64_t>();
  if (n == 0) {
    if (field == PortField::kContainerPort) fe.required("pod/port", pointer, path, "");
    return;
  }
  if (n < 1 || n > 65535)
    fe.invalid("pod/port", pointer, path, std::to_string(n), "must be between 1 and 65535, inclusive");
}

void check_ports(const Json& c, const std::string& pointer, const std::string& path, FieldErrors& fe) {
  if (!c.is_object() || !c.contains("ports") || !c["ports"].is_array()) return;
  const Json& ports = c["ports"];
  std::set<std::string> names;
  for (size_t i = 0; i < ports.size(); ++i) {
    const Json& p = ports[i];
    std::string pp = pointer_append(pointer + "/ports", i), fp = fmt::format("{}.ports[{}]", path, i);
    if (const std::string* name = string_at(p, "name"); name && !name->empty()) {
      auto errs = port_name_errors(*name);
      for (const auto& msg : errs)
        fe.invalid("pod/port-name", pp + "/name", fp + ".name", go_quote(*name), msg);
      if (errs.empty() && !names.insert(*name).second)
        fe.duplicate("pod/port-name", pp + "/name", fp + ".name", go_quote(*name));
    }
    check_port_number(int_at(p, "containerPort"), PortField::kContainerPort, pp + "/containerPort",
                      fp + ".containerPort", fe);
    check_port_number(int_at(p, "hostPort"), PortField::kHostPort, pp + "/hostPort", fp + ".hostPort", fe);
    if (const std::string* protocol = string_at(p, "protocol");
        protocol && *protocol != "TCP" && *protocol != "UDP" && *protocol != "SCTP") {
      fe.plain("pod/port", pp + "/protocol", fp + ".protocol",
               fmt::format("{}.protocol: Unsupported value: {}: supported values: \"SCTP\", \"TCP\", \"UDP\"",
                           fp, go_quote(*protocol)));
    }
  }
}

void check_list(const Json& spec, const char* list, const PodSpecSite& site, std::set<std::string>& names,
                FieldErrors& fe) {
  if (!spec.contains(list) || !spec[list].is_array()) return;
  const Json& containers = spec[list];
  for (size_t i = 0; i < containers.size(); ++i) {
    const Json& c = containers[i];
    if (!c.is_object()) continue;
    std::string pointer = pointer_append(site.pointer + "/" + list, i);
    std::string path = fmt::format("{}.{}[{}]", site.path, list, i);
    check_name(c, pointer, path, names, fe);
    check_image(c, pointer, path, fe);
    check_ports(c, pointer, path, fe);
    check_container_resources(c, pointer, path, fe);
  }
}

}  // namespace

void check_containers(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  std::set<std::string> names;
  check_list(spec, "containers", site, names, fe);
  check_list(spec, "initContainers", site, names, fe);
}

}  // namespace grovectl
