// ValidatePodSpec's own fields (kubernetes/kubernetes v1.35.7 pkg/apis/core/validation/validation.go): the
// restart and DNS policies, DNS config, host names, the names a pod refers to, and what depends on
// hostNetwork and hostUsers; volumes, containers and scheduling fields have files of their own.
#include "validate/pod_rules.hpp"

#include <fmt/format.h>

#include <limits>
#include <string_view>
#include <utility>

#include "model/k8s_names.hpp"
#include "validate/meta_rules.hpp"

namespace grovectl {
namespace {

bool flag_of(const Json& object, const char* key) {
  const Json* j = member_of(object, key);
  return j && j->is_boolean() && j->get<bool>();
}

// Every pod's restartPolicy is one of the three (validateRestartPolicy); a Job's pods may not restart Always
// (k8s.io/kubernetes pkg/apis/batch/validation, validateJobSpec). An empty one is defaulted: Grove's
// defaulting webhook writes Always, JobSet's OnFailure.
void check_restart_policy(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  const std::string* policy = string_of(spec, "restartPolicy");
  if (!policy || policy->empty()) return;
  const FieldPlace place = site.place.key("restartPolicy");
  if (*policy != "Always" && *policy != "OnFailure" && *policy != "Never")
    not_supported("pod/restart-policy", place, *policy, {"Always", "OnFailure", "Never"}, fe);
  if (site.job_pod_template && *policy != "OnFailure" && *policy != "Never")
    not_supported("pod/restart-policy", place, *policy, {"OnFailure", "Never"}, fe);
}

void check_dns(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  const std::string* policy = string_of(spec, "dnsPolicy");
  if (policy && !policy->empty() && *policy != "ClusterFirstWithHostNet" && *policy != "ClusterFirst" &&
      *policy != "Default" && *policy != "None") {
    not_supported("pod/dns", site.place.key("dnsPolicy"), *policy,
                  {"ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"}, fe);
  }
  const Json* config = object_of(spec, "dnsConfig");
  const FieldPlace config_place = site.place.key("dnsConfig");
  const Json* nameservers = config ? list_of(*config, "nameservers") : nullptr;
  if (policy && *policy == "None") {
    if (!config) {
      fe.required("pod/dns", site.place.key("dnsPolicy").pointer(), config_place.path(),
                  "must provide `dnsConfig` when `dnsPolicy` is None");
      return;
    }
    if (!nameservers || nameservers->empty()) {
      const FieldPlace place = config_place.key("nameservers");
      fe.required("pod/dns", nameservers ? place.pointer() : config_place.pointer(), place.path(),
                  "must provide at least one DNS nameserver when `dnsPolicy` is None");
      return;
    }
  }
  if (!config) return;
  if (nameservers && nameservers->size() > 3) {
    const FieldPlace place = config_place.key("nameservers");
    fe.invalid("pod/dns", place.pointer(), place.path(), go_json(*nameservers),
               "must not have more than 3 nameservers");
  }
  const Json* searches = list_of(*config, "searches");
  if (searches) {
    const FieldPlace place = config_place.key("searches");
    std::string joined;
    for (const auto& s : *searches) {
      if (s.is_string()) joined += (joined.empty() ? "" : " ") + s.get<std::string>();
    }
    if (searches->size() > 32)
      fe.invalid("pod/dns", place.pointer(), place.path(), go_json(*searches),
                 "must not have more than 32 search paths");
    if (joined.size() > 2048)
      fe.invalid("pod/dns", place.pointer(), place.path(), go_json(*searches),
                 "must not have more than 2048 characters (including spaces) in the search list");
    for (size_t i = 0; i < searches->size(); ++i) {
      if (!(*searches)[i].is_string()) continue;
      std::string search = (*searches)[i].get<std::string>();
      if (search == ".") continue;  // the relaxed rule (RelaxedDNSSearchValidation, GA in 1.34)
      if (search.ends_with('.')) search.pop_back();
      const FieldPlace item = place.item(i);
      for (const auto& msg : dns1123_subdomain_with_underscore_errors(search))
        fe.invalid("pod/dns", item.pointer(), item.path(), go_quote(search), msg);
    }
  }
  if (const Json* options = list_of(*config, "options")) {
    const FieldPlace place = config_place.key("options");
    for (size_t i = 0; i < options->size(); ++i) {
      const std::string* name = string_of((*options)[i], "name");
      if (name && !name->empty()) continue;
      const FieldPlace item = place.item(i);
      fe.required("pod/dns", item.pointer(), item.path(), "must not be empty");
    }
  }
}

void check_dns_label(const Json& spec, const char* key, const FieldPlace& pod, FieldErrors& fe) {
  const std::string* value = string_of(spec, key);
  if (!value || value->empty()) return;
  const FieldPlace place = pod.key(key);
  for (const auto& msg : dns1123_label_errors(*value))
    fe.invalid("pod/hostname", place.pointer(), place.path(), go_quote(*value), msg);
}

// hostnameOverride (HostnameOverride, beta and on in 1.35): validatePodHostName.
void check_hostname_override(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  const std::string* name = string_of(spec, "hostnameOverride");
  if (!name) return;
  const FieldPlace place = site.place.key("hostnameOverride");
  if (flag_of(spec, "setHostnameAsFQDN"))
    fe.forbidden("pod/hostname", place.pointer(), place.path(),
                 "may not be specified when setHostnameAsFQDN is true");
  if (flag_of(spec, "hostNetwork"))
    fe.forbidden("pod/hostname", place.pointer(), place.path(),
                 "may not be specified when hostNetwork is true");
  if (name->size() > 64)
    fe.plain("pod/hostname", place.pointer(), place.path(),
             place.path() + ": Too long: may not be more than 64 bytes");
  for (const auto& msg : dns1123_subdomain_errors(*name))
    fe.invalid("pod/hostname", place.pointer(), place.path(), go_quote(*name), msg);
}

// Names of other objects: a ServiceAccount, a Node, a PriorityClass, a RuntimeClass.
void check_object_names(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  for (const char* key : {"serviceAccountName", "nodeName", "priorityClassName", "runtimeClassName"}) {
    const std::string* name = string_of(spec, key);
    // An empty runtimeClassName is written (a pointer), and refused; the others are unset when empty.
    if (!name || (name->empty() && std::string_view(key) != "runtimeClassName")) continue;
    const FieldPlace place = site.place.key(key);
    for (const auto& msg : dns1123_subdomain_errors(*name))
      fe.invalid("pod/object-name", place.pointer(), place.path(), go_quote(*name), msg);
  }
}

void check_deadline_and_preemption(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  if (auto deadline = int_of(spec, "activeDeadlineSeconds");
      deadline && (*deadline < 1 || *deadline > std::numeric_limits<int32_t>::max())) {
    const FieldPlace place = site.place.key("activeDeadlineSeconds");
    fe.invalid("pod/active-deadline", place.pointer(), place.path(), std::to_string(*deadline),
               "must be between 1 and 2147483647, inclusive");
  }
  const std::string* preemption = string_of(spec, "preemptionPolicy");
  if (!preemption) return;
  const FieldPlace place = site.place.key("preemptionPolicy");
  if (preemption->empty()) {
    fe.required("pod/preemption-policy", place.pointer(), place.path(), "");
  } else if (*preemption != "PreemptLowerPriority" && *preemption != "Never") {
    not_supported("pod/preemption-policy", place, *preemption, {"PreemptLowerPriority", "Never"}, fe);
  }
}

// With hostNetwork, a port's hostPort is its containerPort (0 in a template: defaulted so in the pod).
void check_host_network_ports(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  if (!flag_of(spec, "hostNetwork")) return;
  const Json* containers = list_of(spec, "containers");
  if (!containers) return;
  const FieldPlace list = site.place.key("containers");
  for (size_t c = 0; c < containers->size(); ++c) {
    const Json* ports = list_of((*containers)[c], "ports");
    if (!ports) continue;
    const FieldPlace container = list.item(c);
    const FieldPlace port_list = container.key("ports");
    for (size_t p = 0; p < ports->size(); ++p) {
      const auto host = int_of((*ports)[p], "hostPort");
      const auto port = int_of((*ports)[p], "containerPort");
      if (!host || *host == 0 || *host == port.value_or(0)) continue;
      const FieldPlace item = port_list.item(p);
      const FieldPlace place = item.key("hostPort");
      fe.invalid("pod/port", place.pointer(), place.path(), std::to_string(*host),
                 "must match `containerPort` when `hostNetwork` is true");
    }
  }
}

// A pod in its own user namespace may not share the host's PID or IPC namespace (validateHostUsers;
// upstream's paths are capitalised as written here). Its network it may share where the
// UserNamespacesHostNetworkSupport gate is on, which a cluster may set: not checked.
void check_host_users(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  const Json* host_users = member_of(spec, "hostUsers");
  if (!host_users || !host_users->is_boolean() || host_users->get<bool>()) return;
  const std::pair<const char*, const char*> shared[] = {{"hostPID", "HostPID"}, {"hostIPC", "HostIPC"}};
  for (const auto& [key, upstream] : shared) {
    if (!flag_of(spec, key)) continue;
    const FieldPlace place = site.place.key(key);
    const std::string path = site.place.key(upstream).path();
    fe.plain("pod/host-users", place.pointer(), path, path + ": Forbidden: when `hostUsers` is false");
  }
}

void check_gates_and_os(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  if (const Json* gates = list_of(spec, "readinessGates")) {
    const FieldPlace list = site.place.key("readinessGates");
    for (size_t i = 0; i < gates->size(); ++i) {
      const std::string* type = string_of((*gates)[i], "conditionType");
      if (!type) continue;
      const FieldPlace item = list.item(i);
      const FieldPlace place = item.key("conditionType");
      for (const auto& msg : label_key_errors(*type))
        fe.invalid("pod/readiness-gate", place.pointer(), place.path(), go_quote(*type), msg);
    }
  }
  if (const Json* gates = list_of(spec, "schedulingGates"); gates && !site.replaces_scheduling_gates) {
    const FieldPlace list = site.place.key("schedulingGates");
    // A gate named twice is the CRD schema's finding (a list map keyed by name).
    for (size_t i = 0; i < gates->size(); ++i) {
      const std::string* name = string_of((*gates)[i], "name");
      if (!name) continue;
      const FieldPlace item = list.item(i);
      for (const auto& msg : label_key_errors(*name))
        fe.invalid("pod/scheduling-gate", item.pointer(), item.path(), go_quote(*name), msg);
    }
  }
  const Json* os = object_of(spec, "os");
  const std::string* name = os ? string_of(*os, "name") : nullptr;
  if (!name) return;
  const FieldPlace place = site.place.key("os");
  const FieldPlace name_place = place.key("name");
  if (name->empty()) {
    fe.required("pod/os", name_place.pointer(), name_place.path(), "");
  } else if (*name != "linux" && *name != "windows") {
    fe.plain("pod/os", name_place.pointer(), place.path(),
             fmt::format("{}: Unsupported value: {}: supported values: \"linux\", \"windows\"", place.path(),
                         go_quote(*name)));
  }
}

// An env var read from a file needs an emptyDir volume of the pod (validateFileKeyRefVolumes).
void check_file_key_refs(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  const Json* volumes = list_of(spec, "volumes");
  for (const char* list_key : {"containers", "initContainers"}) {
    const Json* containers = list_of(spec, list_key);
    if (!containers) continue;
    const FieldPlace list = site.place.key(list_key);
    for (size_t c = 0; c < containers->size(); ++c) {
      const Json* env = list_of((*containers)[c], "env");
      if (!env) continue;
      const FieldPlace container = list.item(c);
      const FieldPlace env_list = container.key("env");
      for (size_t e = 0; e < env->size(); ++e) {
        const Json* from = object_of((*env)[e], "valueFrom");
        const Json* ref = from ? object_of(*from, "fileKeyRef") : nullptr;
        const std::string* volume = ref ? string_of(*ref, "volumeName") : nullptr;
        if (!volume) continue;
        const Json* source = nullptr;
        for (size_t v = 0; volumes && v < volumes->size() && !source; ++v) {
          const std::string* name = string_of((*volumes)[v], "name");
          if (name && *name == *volume) source = &(*volumes)[v];
        }
        const FieldPlace item = env_list.item(e);
        const FieldPlace value_from = item.key("valueFrom");
        const FieldPlace file_key_ref = value_from.key("fileKeyRef");
        const FieldPlace place = file_key_ref.key("volumeName");
        if (!source) {
          fe.plain("pod/env", place.pointer(), place.path(),
                   fmt::format("{}: Not found: {}", place.path(), go_quote(*volume)));
        } else if (!object_of(*source, "emptyDir")) {
          fe.invalid("pod/env", place.pointer(), place.path(), go_quote(*volume),
                     "referenced volume must be of type emptyDir");
        }
      }
    }
  }
}

}  // namespace

const Json* member_of(const Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

const std::string* string_of(const Json& object, const char* key) {
  const Json* j = member_of(object, key);
  return j && j->is_string() ? &j->get_ref<const std::string&>() : nullptr;
}

std::optional<int64_t> int_of(const Json& object, const char* key) {
  const Json* j = member_of(object, key);
  if (!j || !j->is_number_integer()) return std::nullopt;
  return j->get<int64_t>();
}

const Json* list_of(const Json& object, const char* key) {
  const Json* j = member_of(object, key);
  return j && j->is_array() ? j : nullptr;
}

const Json* object_of(const Json& object, const char* key) {
  const Json* j = member_of(object, key);
  return j && j->is_object() ? j : nullptr;
}

std::string text_of(const Json& object, const char* key) {
  const std::string* s = string_of(object, key);
  return s ? *s : "";
}

bool has_backstep(std::string_view path) {
  size_t start = 0;
  while (true) {
    const size_t slash = path.find_first_of("/\\", start);
    if (path.substr(start, slash == std::string_view::npos ? slash : slash - start) == "..") return true;
    if (slash == std::string_view::npos) return false;
    start = slash + 1;
  }
}

void not_supported(const std::string& rule, const FieldPlace& place, const std::string& value,
                   std::initializer_list<const char*> supported, FieldErrors& fe) {
  std::string values;
  for (const char* s : supported) values += fmt::format("{}\"{}\"", values.empty() ? "" : ", ", s);
  const std::string path = place.path();
  fe.plain(rule, place.pointer(), path,
           fmt::format("{}: Unsupported value: {}: supported values: {}", path, go_quote(value), values));
}

void check_pod_spec(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  if (!spec.is_object()) return;
  PodContext pod;
  pod.volumes = check_volumes(spec, site, fe);
  if (auto grace = int_of(spec, "terminationGracePeriodSeconds")) pod.grace_period = *grace;
  const std::string* restart = string_of(spec, "restartPolicy");
  pod.restart_policy = restart && !restart->empty() ? *restart
                       : site.job_pod_template      ? "OnFailure"
                                                    : "Always";
  if (const Json* os = object_of(spec, "os"); os && string_of(*os, "name")) pod.os = *string_of(*os, "name");
  check_containers(spec, site, pod, fe);
  check_host_network_ports(spec, site, fe);
  check_restart_policy(spec, site, fe);
  check_dns(spec, site, fe);
  if (const Json* selector = object_of(spec, "nodeSelector")) {
    const FieldPlace place = site.place.key("nodeSelector");
    check_labels(*selector, place.pointer(), place.path(), fe);
  }
  check_scheduling(spec, site, fe);
  check_host_users(spec, site, fe);
  check_hostname_override(spec, site, fe);
  check_object_names(spec, site, fe);
  check_deadline_and_preemption(spec, site, fe);
  if (!site.replaces_hostname) check_dns_label(spec, "hostname", site.place, fe);
  if (!site.replaces_subdomain) check_dns_label(spec, "subdomain", site.place, fe);
  check_gates_and_os(spec, site, fe);
  check_file_key_refs(spec, site, fe);
}

}  // namespace grovectl
