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

void check_negative(const Json& list, const std::string& pointer, const std::string& path, FieldErrors& fe) {
  for (auto it = list.begin(); it != list.end(); ++it) {
    std::string text = quantity_text(it.value());
    auto q = schema::parse_quantity(text);
    if (q && q->negative) {
      fe.invalid("pod/resources", pointer_append(pointer, it.key()), path + "." + it.key(), go_quote(text),
                 "must be greater than or equal to 0");
    }
  }
}

}  // namespace

void check_container_resources(const Json& container, const std::string& pointer, const std::string& path,
                               FieldErrors& fe) {
  auto r = container.find("resources");
  if (r == container.end() || !r->is_object()) return;
  const Json* limits = resource_list(*r, "limits");
  const Json* requests = resource_list(*r, "requests");
  const std::string lim_pointer = pointer + "/resources/limits", lim_path = path + ".resources.limits";
  const std::string req_pointer = pointer + "/resources/requests", req_path = path + ".resources.requests";
  if (limits) check_negative(*limits, lim_pointer, lim_path, fe);
  if (!requests) return;
  check_negative(*requests, req_pointer, req_path, fe);
  for (auto it = requests->begin(); it != requests->end(); ++it) {
    const std::string& name = it.key();
    std::string request_text = quantity_text(it.value());
    auto request = schema::parse_quantity(request_text);
    if (!request) continue;  // a schema finding already
    const std::string entry = pointer_append(req_pointer, name);
    auto limit_it = limits ? limits->find(name) : requests->end();
    if (!limits || limit_it == limits->end()) {
      if (!overcommit_allowed(name)) {
        fe.required("pod/resources", limits ? lim_pointer : pointer + "/resources", lim_path,
                    "Limit must be set for non overcommitable resources");
      }
      continue;
    }
    std::string limit_text = quantity_text(*limit_it);
    auto limit = schema::parse_quantity(limit_text);
    if (!limit) continue;
    // The message names the requests map, as upstream does; the finding's field is the entry.
    int cmp = schema::compare_quantities(*request, *limit);
    const char* relation = cmp != 0 && !overcommit_allowed(name) ? "equal to"
                           : cmp > 0                             ? "less than or equal to"
                                                                 : "";
    if (*relation) {
      fe.plain("pod/resources", entry, req_path + "." + name,
               fmt::format("{}: Invalid value: {}: must be {} {} limit of {}", req_path,
                           go_quote(request_text), relation, name, limit_text));
    }
  }
}

}  // namespace grovectl
