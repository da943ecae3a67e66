// Containers of a pod spec as core Pod validation checks them (k8s.io/kubernetes
// pkg/apis/core/validation/validation.go: validateContainers, validateInitContainers,
// validateContainerPorts; messages from k8s.io/apimachinery pkg/util/validation).
#include <fmt/format.h>

#include <set>

#include "model/k8s_names.hpp"
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
void check_name(const Json& c, const FieldPlace& container, std::set<std::string>& names, FieldErrors& fe) {
  const std::string* name = string_at(c, "name");
  if (!name) return;  // missing or mistyped: a schema finding already
  const FieldPlace place = container.key("name");
  if (name->empty()) {
    fe.required("pod/container-name", place.pointer(), place.path(), "");
  } else {
    for (const auto& msg : dns1123_label_errors(*name))
      fe.invalid("pod/container-name", place.pointer(), place.path(), go_quote(*name), msg);
  }
  if (!names.insert(*name).second)
    fe.duplicate("pod/container-name", place.pointer(), place.path(), go_quote(*name));
}

void check_image(const Json& c, const FieldPlace& container, FieldErrors& fe) {
  const std::string* image = string_at(c, "image");
  const FieldPlace place = container.key("image");
  if (image && !image->empty()) {
    auto first = image->find_first_not_of(" \t\r\n");
    auto last = image->find_last_not_of(" \t\r\n");
    if (first != 0 || last != image->size() - 1) {
      fe.invalid("pod/image", place.pointer(), place.path(), go_quote(*image),
                 "must not have leading or trailing whitespace");
    }
    return;
  }
  if (c.is_object() && c.contains("image") && !c["image"].is_string() && !c["image"].is_null()) return;
  fe.required("pod/image", image ? place.pointer() : container.pointer(), place.path(), "");
}

// containerPort must be set; hostPort 0 means none.
enum class PortField { kContainerPort, kHostPort };

void check_port_number(const Json* port, PortField field, const FieldPlace& place, FieldErrors& fe) {
  if (!port) return;
  int64_t n = port->get<int64_t>();
  if (n == 0) {
    if (field == PortField::kContainerPort) fe.required("pod/port", place.pointer(), place.path(), "");
    return;
  }
  if (n < 1 || n > 65535)
    fe.invalid("pod/port", place.pointer(), place.path(), std::to_string(n),
               "must be between 1 and 65535, inclusive");
}

void check_port_name(const Json& p, const FieldPlace& port, std::set<std::string>& names, FieldErrors& fe) {
  const std::string* name = string_at(p, "name");
  if (!name || name->empty()) return;
  const FieldPlace place = port.key("name");
  auto errs = port_name_errors(*name);
  for (const auto& msg : errs)
    fe.invalid("pod/port-name", place.pointer(), place.path(), go_quote(*name), msg);
  if (errs.empty() && !names.insert(*name).second)
    fe.duplicate("pod/port-name", place.pointer(), place.path(), go_quote(*name));
}

void check_ports(const Json& c, const FieldPlace& container, FieldErrors& fe) {
  if (!c.is_object() || !c.contains("ports") || !c["ports"].is_array()) return;
  const Json& ports = c["ports"];
  const FieldPlace list = container.key("ports");
  std::set<std::string> names;
  for (size_t i = 0; i < ports.size(); ++i) {
    const Json& p = ports[i];
    const FieldPlace port = list.item(i);
    check_port_name(p, port, names, fe);
    check_port_number(int_at(p, "containerPort"), PortField::kContainerPort, port.key("containerPort"), fe);
    check_port_number(int_at(p, "hostPort"), PortField::kHostPort, port.key("hostPort"), fe);
    if (const std::string* protocol = string_at(p, "protocol");
        protocol && *protocol != "TCP" && *protocol != "UDP" && *protocol != "SCTP") {
      const FieldPlace place = port.key("protocol");
      fe.plain("pod/port", place.pointer(), place.path(),
               fmt::format("{}: Unsupported value: {}: supported values: \"SCTP\", \"TCP\", \"UDP\"",
                           place.path(), go_quote(*protocol)));
    }
  }
}

void check_list(const Json& spec, const char* list, const PodSpecSite& site, std::set<std::string>& names,
                FieldErrors& fe) {
  if (!spec.contains(list) || !spec[list].is_array()) return;
  const Json& containers = spec[list];
  const FieldPlace list_place = site.place.key(list);
  for (size_t i = 0; i < containers.size(); ++i) {
    const Json& c = containers[i];
    if (!c.is_object()) continue;
    const FieldPlace container = list_place.item(i);
    check_name(c, container, names, fe);
    check_image(c, container, fe);
    check_ports(c, container, fe);
    check_container_resources(c, container, fe);
  }
}

}  // namespace

void check_containers(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  std::set<std::string> names;
  check_list(spec, "containers", site, names, fe);
  check_list(spec, "initContainers", site, names, fe);
}

}  // namespace grovectl
