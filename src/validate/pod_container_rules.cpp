// Containers of a pod spec as core Pod validation checks them (kubernetes/kubernetes v1.35.7
// pkg/apis/core/validation/validation.go: validateContainers, validateInitContainers,
// validateContainerCommon, validateContainerPorts, checkHostPortConflicts; messages from k8s.io/apimachinery
// pkg/util/validation). Env, mounts, probes and resources have files of their own.
#include <fmt/format.h>

#include <set>

#include "model/k8s_names.hpp"
#include "validate/pod_rules.hpp"

namespace grovectl {
namespace {

enum class ContainerList { kContainers, kInitContainers };

// Names are unique across containers and init containers; the later one is reported.
void check_name(const Json& c, const FieldPlace& container, std::set<std::string>& names, FieldErrors& fe) {
  const std::string* name = string_of(c, "name");
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
  const std::string* image = string_of(c, "image");
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
  if (c.contains("image") && !c["image"].is_string() && !c["image"].is_null()) return;
  fe.required("pod/image", image ? place.pointer() : container.pointer(), place.path(), "");
}

// The enums of a container an empty value of which is defaulted (pkg/apis/core/v1/defaults.go).
void check_policies(const Json& c, const FieldPlace& container, FieldErrors& fe) {
  if (const std::string* pull = string_of(c, "imagePullPolicy");
      pull && !pull->empty() && *pull != "Always" && *pull != "IfNotPresent" && *pull != "Never") {
    not_supported("pod/image-pull-policy", container.key("imagePullPolicy"), *pull,
                  {"Always", "IfNotPresent", "Never"}, fe);
  }
  if (const std::string* message = string_of(c, "terminationMessagePolicy");
      message && !message->empty() && *message != "File" && *message != "FallbackToLogsOnError") {
    not_supported("pod/termination-message-policy", container.key("terminationMessagePolicy"), *message,
                  {"File", "FallbackToLogsOnError"}, fe);
  }
}

// containerPort must be set; hostPort 0 means none.
enum class PortField { kContainerPort, kHostPort };

void check_port_number(std::optional<int64_t> port, PortField field, const FieldPlace& place,
                       FieldErrors& fe) {
  if (!port) return;
  const int64_t n = *port;
  if (n == 0) {
    if (field == PortField::kContainerPort) fe.required("pod/port", place.pointer(), place.path(), "");
    return;
  }
  if (n < 1 || n > 65535)
    fe.invalid("pod/port", place.pointer(), place.path(), std::to_string(n),
               "must be between 1 and 65535, inclusive");
}

void check_port_name(const Json& p, const FieldPlace& port, std::set<std::string>& names, FieldErrors& fe) {
  const std::string* name = string_of(p, "name");
  if (!name || name->empty()) return;
  const FieldPlace place = port.key("name");
  auto errs = port_name_errors(*name);
  for (const auto& msg : errs)
    fe.invalid("pod/port-name", place.pointer(), place.path(), go_quote(*name), msg);
  if (errs.empty() && !names.insert(*name).second)
    fe.duplicate("pod/port-name", place.pointer(), place.path(), go_quote(*name));
}

void check_ports(const Json& c, const FieldPlace& container, FieldErrors& fe) {
  const Json* ports = list_of(c, "ports");
  if (!ports) return;
  const FieldPlace list = container.key("ports");
  std::set<std::string> names;
  for (size_t i = 0; i < ports->size(); ++i) {
    const Json& p = (*ports)[i];
    const FieldPlace port = list.item(i);
    check_port_name(p, port, names, fe);
    check_port_number(int_of(p, "containerPort"), PortField::kContainerPort, port.key("containerPort"), fe);
    check_port_number(int_of(p, "hostPort"), PortField::kHostPort, port.key("hostPort"), fe);
    if (const std::string* protocol = string_of(p, "protocol");
        protocol && !protocol->empty() && *protocol != "TCP" && *protocol != "UDP" && *protocol != "SCTP") {
      not_supported("pod/port", port.key("protocol"), *protocol, {"SCTP", "TCP", "UDP"}, fe);
    }
  }
}

// Two ports of one list of containers may not take the same host port, protocol (TCP when unset) and host
// IP. Upstream checks each init container alone, as the first of a list of one: its path says [0].
void check_host_ports(const Json& containers, const FieldPlace& list, ContainerList kind, FieldErrors& fe) {
  std::set<std::string> taken;
  for (size_t c = 0; c < containers.size(); ++c) {
    if (kind == ContainerList::kInitContainers) taken.clear();
    const Json* ports = list_of(containers[c], "ports");
    if (!ports) continue;
    const FieldPlace container = list.item(c);
    const FieldPlace upstream_container = list.item(kind == ContainerList::kInitContainers ? 0 : c);
    for (size_t p = 0; p < ports->size(); ++p) {
      const auto host = int_of((*ports)[p], "hostPort");
      if (!host || *host == 0) continue;
      const std::string* protocol = string_of((*ports)[p], "protocol");
      const std::string* ip = string_of((*ports)[p], "hostIP");
      const std::string key =
          fmt::format("{}/{}/{}", protocol && !protocol->empty() ? *protocol : "TCP", ip ? *ip : "", *host);
      if (taken.insert(key).second) continue;
      const FieldPlace port_list = container.key("ports");
      const FieldPlace port = port_list.item(p);
      const FieldPlace upstream_ports = upstream_container.key("ports");
      const FieldPlace upstream_port = upstream_ports.item(p);
      const FieldPlace upstream = upstream_port.key("hostPort");
      fe.plain("pod/port", port.key("hostPort").pointer(), upstream.path(),
               fmt::format("{}: Duplicate value: {}", upstream.path(), go_quote(key)));
    }
  }
}

void check_resize_policy(const Json& c, const FieldPlace& container, const PodContext& pod, FieldErrors& fe) {
  const Json* policies = list_of(c, "resizePolicy");
  if (!policies) return;
  const FieldPlace list = container.key("resizePolicy");
  const std::string path = list.path();
  std::set<std::string> resources;
  for (size_t i = 0; i < policies->size(); ++i) {
    const Json& p = (*policies)[i];
    const FieldPlace item = list.item(i);
    const std::string resource = string_of(p, "resourceName") ? *string_of(p, "resourceName") : "";
    const std::string restart = string_of(p, "restartPolicy") ? *string_of(p, "restartPolicy") : "";
    if (!resources.insert(resource).second)
      fe.duplicate("pod/resize-policy", item.pointer(), item.path(), go_quote(resource));
    // Upstream reports these two at the list's path.
    if (resource.empty()) {
      fe.required("pod/resize-policy", item.pointer(), path, "");
    } else if (resource != "cpu" && resource != "memory") {
      fe.plain("pod/resize-policy", item.key("resourceName").pointer(), path,
               fmt::format("{}: Unsupported value: {}: supported values: \"cpu\", \"memory\"", path,
                           go_quote(resource)));
    }
    if (restart.empty()) {
      fe.required("pod/resize-policy", item.pointer(), path, "");
    } else if (restart != "NotRequired" && restart != "RestartContainer") {
      fe.plain(
          "pod/resize-policy", item.key("restartPolicy").pointer(), path,
          fmt::format("{}: Unsupported value: {}: supported values: \"NotRequired\", \"RestartContainer\"",
                      path, go_quote(restart)));
    }
    if (pod.restart_policy == "Never" && restart != "NotRequired")
      fe.invalid("pod/resize-policy", item.key("restartPolicy").pointer(), path, go_quote(restart),
                 "must be 'NotRequired' when `restartPolicy` is 'Never'");
  }
}

// A container's own restartPolicy and restartPolicyRules (ContainerRestartRules, beta and on in 1.35:
// validateContainerRestartPolicy). The RestartAllContainers action, and rules on a sidecar, are allowed since
// RestartAllContainersOnContainerExits went beta in 1.36 (kubernetes/kubernetes PR #136681); 1.35, where it
// is alpha, would refuse them, but the same rule cannot refuse them there and admit them on 1.36.
void check_restart_rules(const Json& c, const FieldPlace& container, FieldErrors& fe) {
  const Json* rules = list_of(c, "restartPolicyRules");
  const FieldPlace rules_place = container.key("restartPolicyRules");
  if (rules && rules->size() > 20)
    fe.plain("pod/restart-policy", rules_place.pointer(), rules_place.path(),
             rules_place.path() + ": Too long: may not be more than 20 bytes");
  for (size_t i = 0; rules && i < rules->size(); ++i) {
    const Json& rule = (*rules)[i];
    const FieldPlace item = rules_place.item(i);
    if (const std::string* action = string_of(rule, "action");
        action && *action != "Restart" && *action != "RestartAllContainers")
      not_supported("pod/restart-policy", item.key("action"), *action, {"Restart", "RestartAllContainers"},
                    fe);
    const Json* exit_codes = object_of(rule, "exitCodes");
    const FieldPlace codes = item.key("exitCodes");
    if (!exit_codes) {
      fe.required("pod/restart-policy", item.pointer(), codes.path(), "must be specified");
      continue;
    }
    if (const std::string* op = string_of(*exit_codes, "operator"); op && *op != "In" && *op != "NotIn")
      not_supported("pod/restart-policy", codes.key("operator"), *op, {"In", "NotIn"}, fe);
    if (const Json* values = list_of(*exit_codes, "values"); values && values->size() > 255) {
      const FieldPlace place = codes.key("values");
      fe.plain("pod/restart-policy", place.pointer(), place.path(),
               place.path() + ": Too long: may not be more than 255 bytes");
    }
  }
}

void check_container_restart_policy(const Json& c, const FieldPlace& container, FieldErrors& fe) {
  const std::string* policy = string_of(c, "restartPolicy");
  const Json* rules = list_of(c, "restartPolicyRules");
  const FieldPlace place = container.key("restartPolicy");
  if (!policy) {
    if (rules && !rules->empty())
      fe.required("pod/restart-policy", container.pointer(), place.path(),
                  "must specify restartPolicy when restart rules are used");
    return;
  }
  if (*policy != "Always" && *policy != "Never" && *policy != "OnFailure")
    not_supported("pod/restart-policy", place, *policy, {"Always", "Never", "OnFailure"}, fe);
  check_restart_rules(c, container, fe);
}

// Probes and lifecycle: a regular container or a sidecar (an init container that restarts Always) may have
// them, checked; any other init container may not.
void check_probes_and_lifecycle(const Json& c, const FieldPlace& container, ContainerList kind,
                                const PodContext& pod, FieldErrors& fe) {
  const std::string* policy = string_of(c, "restartPolicy");
  const bool sidecar = kind == ContainerList::kInitContainers && policy && *policy == "Always";
  for (const char* key : {"lifecycle", "livenessProbe", "readinessProbe", "startupProbe"}) {
    const Json* value = object_of(c, key);
    if (!value) continue;
    const FieldPlace place = container.key(key);
    if (kind == ContainerList::kInitContainers && !sidecar) {
      fe.forbidden("pod/init-container", place.pointer(), place.path(),
                   "may not be set for init containers without restartPolicy=Always");
    } else if (std::string_view(key) == "lifecycle") {
      check_lifecycle(*value, place, pod, fe);
    } else {
      check_probe(*value, key, place, pod, fe);
    }
  }
}

void check_list(const Json& spec, const char* list, ContainerList kind, const PodSpecSite& site,
                const PodContext& pod, std::set<std::string>& names, FieldErrors& fe) {
  const Json* containers = list_of(spec, list);
  if (!containers) return;
  const FieldPlace list_place = site.place.key(list);
  for (size_t i = 0; i < containers->size(); ++i) {
    const Json& c = (*containers)[i];
    if (!c.is_object()) continue;
    const FieldPlace container = list_place.item(i);
    check_name(c, container, names, fe);
    check_image(c, container, fe);
    check_policies(c, container, fe);
    check_ports(c, container, fe);
    check_env(c, container, fe);
    check_volume_mounts(c, container, pod, fe);
    check_container_resources(c, container, fe);
    check_resize_policy(c, container, pod, fe);
    check_probes_and_lifecycle(c, container, kind, pod, fe);
    check_container_restart_policy(c, container, fe);
  }
  check_host_ports(*containers, list_place, kind, fe);
}

}  // namespace

void check_containers(const Json& spec, const PodSpecSite& site, const PodContext& pod, FieldErrors& fe) {
  std::set<std::string> names;
  check_list(spec, "containers", ContainerList::kContainers, site, pod, names, fe);
  check_list(spec, "initContainers", ContainerList::kInitContainers, site, pod, names, fe);
}

}  // namespace grovectl
