// Where a pod may run, as core Pod validation checks it (kubernetes/kubernetes v1.35.7
// pkg/apis/core/validation/validation.go: ValidateTolerations, validateTopologySpreadConstraints,
// validateAffinity and the node and pod affinity terms; label selectors from k8s.io/apimachinery v0.35.7
// pkg/apis/meta/v1/validation ValidateLabelSelector). Comparison operators in tolerations need a gate
// (TaintTolerationComparisonOperators, alpha in 1.35) that a cluster may set: not checked; neither are
// matchLabelKeys and mismatchLabelKeys.
#include <fmt/format.h>

#include <set>
#include <string_view>

#include "model/k8s_names.hpp"
#include "validate/meta_rules.hpp"
#include "validate/pod_rules.hpp"

namespace grovectl {
namespace {

constexpr const char* kRule = "pod/scheduling";

void check_label_name(const std::string& key, const FieldPlace& place, FieldErrors& fe) {
  for (const auto& msg : label_key_errors(key))
    fe.invalid(kRule, place.pointer(), place.path(), go_quote(key), msg);
}

void check_label_values(const Json* values, const FieldPlace& place, FieldErrors& fe) {
  for (size_t i = 0; values && i < values->size(); ++i) {
    if (!(*values)[i].is_string()) continue;
    const FieldPlace item = place.item(i);
    for (const auto& msg : label_value_errors((*values)[i].get<std::string>()))
      fe.invalid(kRule, item.pointer(), item.path(), go_quote((*values)[i].get<std::string>()), msg);
  }
}

// A label selector's or node selector's requirement. `comparisons`: node selectors also have Gt and Lt.
enum class Requirement { kLabelSelector, kNodeSelector };

void check_requirement(const Json& requirement, Requirement kind, bool check_values, const FieldPlace& place,
                       FieldErrors& fe) {
  const std::string op = text_of(requirement, "operator");
  const Json* values = list_of(requirement, "values");
  const size_t count = values ? values->size() : 0;
  const FieldPlace values_place = place.key("values");
  if (op == "In" || op == "NotIn") {
    if (count == 0)
      fe.required(kRule, values ? values_place.pointer() : place.pointer(), values_place.path(),
                  "must be specified when `operator` is 'In' or 'NotIn'");
  } else if (op == "Exists" || op == "DoesNotExist") {
    if (count > 0)
      fe.forbidden(kRule, values_place.pointer(), values_place.path(),
                   "may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
  } else if (kind == Requirement::kNodeSelector && (op == "Gt" || op == "Lt")) {
    if (count != 1)
      fe.required(kRule, values ? values_place.pointer() : place.pointer(), values_place.path(),
                  "must be specified single value when `operator` is 'Lt' or 'Gt'");
  } else if (string_of(requirement, "operator")) {
    const FieldPlace op_place = place.key("operator");
    fe.invalid(kRule, op_place.pointer(), op_place.path(), go_quote(op), "not a valid selector operator");
  }
  if (string_of(requirement, "key")) check_label_name(text_of(requirement, "key"), place.key("key"), fe);
  if (check_values) check_label_values(values, values_place, fe);
}

void check_label_selector(const Json& selector, const FieldPlace& place, FieldErrors& fe) {
  if (const Json* labels = object_of(selector, "matchLabels")) {
    const FieldPlace labels_place = place.key("matchLabels");
    check_labels(*labels, labels_place.pointer(), labels_place.path(), fe);
  }
  const Json* expressions = list_of(selector, "matchExpressions");
  const FieldPlace list = place.key("matchExpressions");
  for (size_t i = 0; expressions && i < expressions->size(); ++i)
    check_requirement((*expressions)[i], Requirement::kLabelSelector, true, list.item(i), fe);
}

void check_tolerations(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  const Json* tolerations = list_of(spec, "tolerations");
  if (!tolerations) return;
  const FieldPlace list = site.place.key("tolerations");
  for (size_t i = 0; i < tolerations->size(); ++i) {
    const Json& t = (*tolerations)[i];
    const FieldPlace item = list.item(i);
    const FieldPlace op_place = item.key("operator");
    const FieldPlace effect_place = item.key("effect");
    const std::string key = text_of(t, "key"), op = text_of(t, "operator");
    const std::string value = text_of(t, "value"), effect = text_of(t, "effect");
    if (!key.empty()) check_label_name(key, item.key("key"), fe);
    if (key.empty() && op != "Exists")
      fe.invalid(
          kRule, string_of(t, "operator") ? op_place.pointer() : item.pointer(), op_place.path(),
          go_quote(op),
          "operator must be Exists when `key` is empty, which means \"match all values and all keys\"");
    if (int_of(t, "tolerationSeconds") && effect != "NoExecute")
      fe.invalid(kRule, string_of(t, "effect") ? effect_place.pointer() : item.pointer(), effect_place.path(),
                 go_quote(effect), "effect must be 'NoExecute' when `tolerationSeconds` is set");
    if (op.empty() || op == "Equal") {
      std::string problems;
      for (const auto& msg : label_value_errors(value)) problems += (problems.empty() ? "" : ";") + msg;
      if (!problems.empty())
        fe.invalid(kRule, item.key("value").pointer(), op_place.path(), go_quote(value), problems);
    } else if (op == "Exists") {
      if (!value.empty())
        fe.invalid(kRule, item.key("value").pointer(), op_place.path(), go_quote(value),
                   "value must be empty when `operator` is 'Exists'");
    } else if (op != "Lt" && op != "Gt") {  // those need a gate a cluster may set: not checked
      not_supported(kRule, op_place, op, {"Equal", "Exists"}, fe);
    }
    if (!effect.empty() && effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute")
      not_supported(kRule, effect_place, effect, {"NoSchedule", "PreferNoSchedule", "NoExecute"}, fe);
  }
}

void check_spread_constraint(const Json& c, const FieldPlace& item, FieldErrors& fe) {
  if (const auto skew = int_of(c, "maxSkew"); skew && *skew <= 0) {
    const FieldPlace place = item.key("maxSkew");
    fe.invalid(kRule, place.pointer(), place.path(), std::to_string(*skew), "must be greater than zero");
  }
  const std::string key = text_of(c, "topologyKey");
  const std::string action = text_of(c, "whenUnsatisfiable");
  if (string_of(c, "topologyKey") && key.empty()) {
    const FieldPlace place = item.key("topologyKey");
    fe.required(kRule, place.pointer(), place.path(), "can not be empty");
  }
  if (string_of(c, "whenUnsatisfiable") && action != "DoNotSchedule" && action != "ScheduleAnyway")
    not_supported(kRule, item.key("whenUnsatisfiable"), action, {"DoNotSchedule", "ScheduleAnyway"}, fe);
  // The same topologyKey and whenUnsatisfiable twice is the CRD schema's finding (the list map's keys).
  if (const auto min_domains = int_of(c, "minDomains")) {
    const FieldPlace place = item.key("minDomains");
    if (*min_domains <= 0)
      fe.invalid(kRule, place.pointer(), place.path(), std::to_string(*min_domains),
                 "must be greater than zero");
    if (action != "DoNotSchedule")
      fe.invalid(kRule, place.pointer(), place.path(), std::to_string(*min_domains),
                 fmt::format("can only use minDomains if whenUnsatisfiable=DoNotSchedule, not {}", action));
  }
  for (const char* policy : {"nodeAffinityPolicy", "nodeTaintsPolicy"}) {
    const std::string* value = string_of(c, policy);
    if (value && *value != "Honor" && *value != "Ignore")
      not_supported(kRule, item.key(policy), *value, {"Honor", "Ignore"}, fe);
  }
  if (const Json* selector = object_of(c, "labelSelector"))
    check_label_selector(*selector, item.key("labelSelector"), fe);
}

void check_node_selector_term(const Json& term, bool check_values, const FieldPlace& place, FieldErrors& fe) {
  const Json* expressions = list_of(term, "matchExpressions");
  const FieldPlace expressions_place = place.key("matchExpressions");
  for (size_t i = 0; expressions && i < expressions->size(); ++i)
    check_requirement((*expressions)[i], Requirement::kNodeSelector, check_values, expressions_place.item(i),
                      fe);
  const Json* fields = list_of(term, "matchFields");
  const FieldPlace fields_place = place.key("matchFields");
  for (size_t i = 0; fields && i < fields->size(); ++i) {
    const Json& requirement = (*fields)[i];
    const FieldPlace item = fields_place.item(i);
    const std::string op = text_of(requirement, "operator");
    const Json* values = list_of(requirement, "values");
    const FieldPlace values_place = item.key("values");
    if (op == "In" || op == "NotIn") {
      if (!values || values->size() != 1)
        fe.required(kRule, values ? values_place.pointer() : item.pointer(), values_place.path(),
                    "must be only one value when `operator` is 'In' or 'NotIn' for node field selector");
    } else {
      const FieldPlace op_place = item.key("operator");
      fe.invalid(kRule, op_place.pointer(), op_place.path(), go_quote(op), "not a valid selector operator");
    }
    const std::string key = text_of(requirement, "key");
    if (key != "metadata.name") {
      const FieldPlace key_place = item.key("key");
      fe.invalid(kRule, key_place.pointer(), key_place.path(), go_quote(key),
                 "not a valid field selector key");
      continue;
    }
    for (size_t v = 0; values && v < values->size(); ++v) {
      if (!(*values)[v].is_string()) continue;
      const FieldPlace value_place = values_place.item(v);
      for (const auto& msg : dns1123_subdomain_errors((*values)[v].get<std::string>()))
        fe.invalid(kRule, value_place.pointer(), value_place.path(),
                   go_quote((*values)[v].get<std::string>()), msg);
    }
  }
}

void check_weight(const Json& term, const FieldPlace& place, FieldErrors& fe) {
  const auto weight = int_of(term, "weight");
  if (!weight || (*weight >= 1 && *weight <= 100)) return;
  const FieldPlace field = place.key("weight");
  fe.invalid(kRule, field.pointer(), field.path(), std::to_string(*weight), "must be in the range 1-100");
}

void check_node_affinity(const Json& affinity, const FieldPlace& place, FieldErrors& fe) {
  if (const Json* required = object_of(affinity, "requiredDuringSchedulingIgnoredDuringExecution")) {
    const FieldPlace required_place = place.key("requiredDuringSchedulingIgnoredDuringExecution");
    const FieldPlace terms_place = required_place.key("nodeSelectorTerms");
    const Json* terms = list_of(*required, "nodeSelectorTerms");
    if (terms && terms->empty())
      fe.required(kRule, terms_place.pointer(), terms_place.path(),
                  "must have at least one node selector term");
    for (size_t i = 0; terms && i < terms->size(); ++i)
      check_node_selector_term((*terms)[i], true, terms_place.item(i), fe);
  }
  // Invalid label values are allowed in preferred terms.
  const Json* preferred = list_of(affinity, "preferredDuringSchedulingIgnoredDuringExecution");
  const FieldPlace preferred_place = place.key("preferredDuringSchedulingIgnoredDuringExecution");
  for (size_t i = 0; preferred && i < preferred->size(); ++i) {
    const FieldPlace item = preferred_place.item(i);
    check_weight((*preferred)[i], item, fe);
    if (const Json* preference = object_of((*preferred)[i], "preference"))
      check_node_selector_term(*preference, false, item.key("preference"), fe);
  }
}

void check_pod_affinity_term(const Json& term, const FieldPlace& place, FieldErrors& fe) {
  if (const Json* selector = object_of(term, "labelSelector"))
    check_label_selector(*selector, place.key("labelSelector"), fe);
  if (const Json* selector = object_of(term, "namespaceSelector"))
    check_label_selector(*selector, place.key("namespaceSelector"), fe);
  const Json* namespaces = list_of(term, "namespaces");
  const FieldPlace namespaces_place = place.key("namespaces");
  for (size_t i = 0; namespaces && i < namespaces->size(); ++i) {
    if (!(*namespaces)[i].is_string()) continue;
    const std::string name = (*namespaces)[i].get<std::string>();
    // Upstream's path says "namespace".
    for (const auto& msg : dns1123_label_errors(name))
      fe.invalid(kRule, namespaces_place.item(i).pointer(), place.key("namespace").path(), go_quote(name),
                 msg);
  }
  const std::string* key = string_of(term, "topologyKey");
  if (!key) return;  // required by the schema
  const FieldPlace key_place = place.key("topologyKey");
  if (key->empty()) fe.required(kRule, key_place.pointer(), key_place.path(), "can not be empty");
  check_label_name(*key, key_place, fe);
}

void check_pod_affinity(const Json& affinity, const FieldPlace& place, FieldErrors& fe) {
  const Json* required = list_of(affinity, "requiredDuringSchedulingIgnoredDuringExecution");
  const FieldPlace required_place = place.key("requiredDuringSchedulingIgnoredDuringExecution");
  for (size_t i = 0; required && i < required->size(); ++i)
    check_pod_affinity_term((*required)[i], required_place.item(i), fe);
  const Json* preferred = list_of(affinity, "preferredDuringSchedulingIgnoredDuringExecution");
  const FieldPlace preferred_place = place.key("preferredDuringSchedulingIgnoredDuringExecution");
  for (size_t i = 0; preferred && i < preferred->size(); ++i) {
    const FieldPlace item = preferred_place.item(i);
    check_weight((*preferred)[i], item, fe);
    if (const Json* term = object_of((*preferred)[i], "podAffinityTerm"))
      check_pod_affinity_term(*term, item.key("podAffinityTerm"), fe);
  }
}

}  // namespace

void check_scheduling(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  check_tolerations(spec, site, fe);
  if (const Json* constraints = list_of(spec, "topologySpreadConstraints")) {
    const FieldPlace list = site.place.key("topologySpreadConstraints");
    for (size_t i = 0; i < constraints->size(); ++i)
      check_spread_constraint((*constraints)[i], list.item(i), fe);
  }
  const Json* affinity = object_of(spec, "affinity");
  if (!affinity) return;
  const FieldPlace place = site.place.key("affinity");
  if (const Json* node = object_of(*affinity, "nodeAffinity"))
    check_node_affinity(*node, place.key("nodeAffinity"), fe);
  for (const char* key : {"podAffinity", "podAntiAffinity"}) {
    if (const Json* pod = object_of(*affinity, key)) check_pod_affinity(*pod, place.key(key), fe);
  }
}

}  // namespace grovectl
