// Probes and lifecycle hooks as core Pod validation checks them (kubernetes/kubernetes v1.35.7
// pkg/apis/core/validation/validation.go: validateProbe and its liveness, readiness and startup variants,
// validateHandler, validateLifecycle, validateSleepAction): each handler has exactly one action. A hook may
// sleep as long as the pod's grace period (PodLifecycleSleepActionAllowZero, GA in 1.34, allows zero);
// lifecycle.stopSignal is dropped by the API server while its gate (ContainerStopSignals, alpha) is off.
#include <fmt/format.h>

#include <string_view>

#include "model/k8s_names.hpp"
#include "validate/pod_rules.hpp"

namespace grovectl {
namespace {

void check_port(const Json& action, const FieldPlace& place, const char* rule, FieldErrors& fe) {
  const Json* port = member_of(action, "port");
  if (!port) return;  // required by the schema
  const FieldPlace field = place.key("port");
  if (port->is_number_integer()) {
    const int64_t n = port->get<int64_t>();
    if (n < 1 || n > 65535)
      fe.invalid(rule, field.pointer(), field.path(), std::to_string(n),
                 "must be between 1 and 65535, inclusive");
  } else if (port->is_string()) {
    for (const auto& msg : port_name_errors(port->get<std::string>()))
      fe.invalid(rule, field.pointer(), field.path(), go_quote(port->get<std::string>()), msg);
  }
}

void check_http_get(const Json& action, const FieldPlace& place, const char* rule, FieldErrors& fe) {
  check_port(action, place, rule, fe);
  // An empty path and scheme are defaulted ("/" and HTTP).
  if (const std::string* scheme = string_of(action, "scheme");
      scheme && !scheme->empty() && *scheme != "HTTP" && *scheme != "HTTPS")
    not_supported(rule, place.key("scheme"), *scheme, {"HTTP", "HTTPS"}, fe);
  const Json* headers = list_of(action, "httpHeaders");
  if (!headers) return;
  const FieldPlace list = place.key("httpHeaders");
  for (size_t i = 0; i < headers->size(); ++i) {
    const std::string* name = string_of((*headers)[i], "name");
    if (!name) continue;
    const FieldPlace item = list.item(i);
    for (const auto& msg : http_header_name_errors(*name))
      fe.invalid(rule, item.key("name").pointer(), list.path(), go_quote(*name), msg);
  }
}

// The actions a handler may have, in validateHandler's order; a probe has no sleep.
enum class Handler { kProbe, kLifecycle };

void check_handler(const Json& handler, Handler kind, const FieldPlace& place, const PodContext& pod,
                   const char* rule, FieldErrors& fe) {
  size_t actions = 0;
  for (const char* key : {"exec", "httpGet", "tcpSocket", "grpc", "sleep"}) {
    const std::string_view k(key);
    if ((kind == Handler::kProbe && k == "sleep") || (kind == Handler::kLifecycle && k == "grpc")) continue;
    const Json* action = object_of(handler, key);
    if (!action) continue;
    const FieldPlace action_place = place.key(key);
    if (actions++ > 0) {
      fe.forbidden(rule, action_place.pointer(), action_place.path(),
                   "may not specify more than 1 handler type");
      continue;
    }
    if (k == "exec") {
      const Json* command = list_of(*action, "command");
      if (!command || command->empty()) {
        const FieldPlace field = action_place.key("command");
        fe.required(rule, command ? field.pointer() : action_place.pointer(), field.path(), "");
      }
    } else if (k == "httpGet") {
      check_http_get(*action, action_place, rule, fe);
    } else if (k == "tcpSocket" || k == "grpc") {
      check_port(*action, action_place, rule, fe);
    } else if (const auto seconds = int_of(*action, "seconds");
               seconds && (*seconds < 0 || *seconds > pod.grace_period)) {
      fe.invalid(rule, action_place.key("seconds").pointer(), action_place.path(), std::to_string(*seconds),
                 fmt::format("must be non-negative and less than terminationGracePeriodSeconds ({})",
                             pod.grace_period));
    }
  }
  if (actions == 0) fe.required(rule, place.pointer(), place.path(), "must specify a handler type");
}

}  // namespace

void check_probe(const Json& probe, const char* kind, const FieldPlace& place, const PodContext& pod,
                 FieldErrors& fe) {
  constexpr const char* kRule = "pod/probe";
  check_handler(probe, Handler::kProbe, place, pod, kRule, fe);
  for (const char* key :
       {"initialDelaySeconds", "timeoutSeconds", "periodSeconds", "successThreshold", "failureThreshold"}) {
    const auto value = int_of(probe, key);
    if (!value || *value >= 0) continue;
    const FieldPlace field = place.key(key);
    fe.invalid(kRule, field.pointer(), field.path(), std::to_string(*value),
               "must be greater than or equal to 0");
  }
  const auto grace = int_of(probe, "terminationGracePeriodSeconds");
  const FieldPlace grace_place = place.key("terminationGracePeriodSeconds");
  if (grace && *grace <= 0)
    fe.invalid(kRule, grace_place.pointer(), grace_place.path(), std::to_string(*grace),
               "must be greater than 0");
  const std::string_view k(kind);
  if (k == "readinessProbe" && grace) {
    fe.invalid(kRule, grace_place.pointer(), grace_place.path(), std::to_string(*grace),
               "must not be set for readinessProbes");
  }
  // successThreshold 0 is defaulted to 1.
  if (const auto success = int_of(probe, "successThreshold");
      (k == "livenessProbe" || k == "startupProbe") && success && *success != 0 && *success != 1) {
    const FieldPlace field = place.key("successThreshold");
    fe.invalid(kRule, field.pointer(), field.path(), std::to_string(*success), "must be 1");
  }
}

void check_lifecycle(const Json& lifecycle, const FieldPlace& place, const PodContext& pod, FieldErrors& fe) {
  for (const char* hook : {"postStart", "preStop"}) {
    if (const Json* handler = object_of(lifecycle, hook))
      check_handler(*handler, Handler::kLifecycle, place.key(hook), pod, "pod/lifecycle", fe);
  }
}

}  // namespace grovectl
