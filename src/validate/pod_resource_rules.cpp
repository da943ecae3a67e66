// Requests against limits as core Pod validation checks them (k8s.io/kubernetes
// pkg/apis/core/validation/validation.go, ValidateContainerResourceRequirements; the overcommit rule from
// pkg/apis/core/helper: only native resources, "cpu" or "*kubernetes.io/*" but not "hugepages-*", may
// request less than their limit). The quantities are compared exactly.
// Difference: the API server prints a quantity in its canonical form (resource.Quantity.String(), e.g.
// "1Gi" for "1024Mi"); these messages print it as written.
#include <fmt/format.h>

#include "schema/quantity.hpp"
#include "validate/pod_rules.hpp"

namespace grovectl {
namespace {

bool overcommit_allowed(const std::string& resource) {
  bool native =
      resource.find('/') == std::string::npos || resource.find("kubernetes.io/") != std::string::npos;
  return native && !resource.starts_with("hugepages-");
}

// The quantity text of a resource list entry (an integer is its decimal text), or "" when unusable.
std::string quantity_text(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer()) return v.dump();
  return "";
}

const Json* resource_list(const Json& resources, const char* name) {
  auto it = resources.find(name);
  return it != resources.end() && it->is_object() ? &*it : nullptr;
}

void check_negative(const Json& list, const FieldPlace& place, FieldErrors& fe) {
  for (auto it = list.begin(); it != list.end(); ++it) {
    std::string text = quantity_text(it.value());
    auto q = schema::parse_quantity(text);
    if (q && q->negative) {
      const FieldPlace entry = place.key(it.key());
      fe.invalid("pod/resources", entry.pointer(), entry.path(), go_quote(text),
                 "must be greater than or equal to 0");
    }
  }
}

// The message names the requests map, as upstream does; the finding's field is the entry.
void check_request_against_limit(const std::string& name, const schema::ExactQuantity& request,
                                 const std::string& request_text, const std::string& limit_text,
                                 const FieldPlace& requests_place, FieldErrors& fe) {
  auto limit = schema::parse_quantity(limit_text);
  if (!limit) return;  // a schema finding already
  int cmp = schema::compare_quantities(request, *limit);
  const char* relation = cmp != 0 && !overcommit_allowed(name) ? "equal to"
                         : cmp > 0                             ? "less than or equal to"
                                                               : "";
  if (!*relation) return;
  const FieldPlace entry = requests_place.key(name);
  fe.plain("pod/resources", entry.pointer(), entry.path(),
           fmt::format("{}: Invalid value: {}: must be {} {} limit of {}", requests_place.path(),
                       go_quote(request_text), relation, name, limit_text));
}

}  // namespace

void check_container_resources(const Json& container, const FieldPlace& place, FieldErrors& fe) {
  auto r = container.find("resources");
  if (r == container.end() || !r->is_object()) return;
  const Json* limits = resource_list(*r, "limits");
  const Json* requests = resource_list(*r, "requests");
  const FieldPlace resources_place = place.key("resources");
  const FieldPlace limits_place = resources_place.key("limits");
  const FieldPlace requests_place = resources_place.key("requests");
  if (limits) check_negative(*limits, limits_place, fe);
  if (!requests) return;
  check_negative(*requests, requests_place, fe);
  for (auto it = requests->begin(); it != requests->end(); ++it) {
    const std::string& name = it.key();
    std::string request_text = quantity_text(it.value());
    auto request = schema::parse_quantity(request_text);
    if (!request) continue;  // a schema finding already
    auto limit_it = limits ? limits->find(name) : requests->end();
    if (!limits || limit_it == limits->end()) {
      if (!overcommit_allowed(name)) {
        fe.required("pod/resources", limits ? limits_place.pointer() : resources_place.pointer(),
                    limits_place.path(), "Limit must be set for non overcommitable resources");
      }
      continue;
    }
    check_request_against_limit(name, *request, request_text, quantity_text(*limit_it), requests_place, fe);
  }
}

}  // namespace grovectl
