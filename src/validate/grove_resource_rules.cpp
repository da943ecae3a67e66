// The webhook's resourceClaimTemplates and resourceSharing rules (and their clique and scaling-group forms),
// with its paths and messages (ai-dynamo/grove@fcc3b3bb
// operator/internal/webhook/admission/pcs/validation/podcliqueset.go).
#include <fmt/format.h>

#include <set>
#include <string>
#include <vector>

#include "validate/field_error.hpp"
#include "validate/grove_rules.hpp"

namespace grovectl {
namespace {

const Json* child(const Json* parent, const char* key) {
  if (!parent || !parent->is_object()) return nullptr;
  auto it = parent->find(key);
  return it == parent->end() || it->is_null() ? nullptr : &*it;
}

std::string text_of(const Json* j) {
  return j && j->is_string() ? j->get<std::string>() : "";
}

std::vector<std::string> strings_of(const Json* list) {
  std::vector<std::string> out;
  if (!list || !list->is_array()) return out;
  for (const auto& item : *list) out.push_back(item.is_string() ? item.get<std::string>() : "");
  return out;
}

// Names of spec.template.resourceClaimTemplates, after checking each entry (item 3).
std::set<std::string> check_claim_templates(const Json* tmpl, FieldErrors& fe) {
  std::set<std::string> names;
  const Json* list = child(tmpl, "resourceClaimTemplates");
  if (!list || !list->is_array()) return names;
  RepeatedNames repeated;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& item = (*list)[i];
    std::string p = fmt::format("/spec/template/resourceClaimTemplates/{}", i);
    std::string path = fmt::format("spec.template.resourceClaimTemplates[{}]", i);
    std::string name = text_of(child(&item, "name"));
    if (name.empty()) {
      fe.required("grove/resource-claim-template", p, path + ".name", "template name is required");
    } else {
      names.insert(name);
      repeated.add(name, p + "/name");
    }
    const Json* requests = child(child(child(child(&item, "templateSpec"), "spec"), "devices"), "requests");
    if (!requests || !requests->is_array() || requests->empty()) {
      fe.required("grove/resource-claim-template", p, path + ".templateSpec.spec.devices.requests",
                  "at least one device request is required");
    }
  }
  repeated.report(fe, "grove/resource-claim-template", "spec.template.resourceClaimTemplates.name");
  return names;
}

// The rules every resourceSharing list shares: name required and unique, namespace empty for an
// internal template, scope one of the two supported values.
void check_sharing_entries(const Json* list, const std::string& pointer, const std::string& path,
                           const std::set<std::string>& internal, FieldErrors& fe) {
  std::set<std::string> seen;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& item = (*list)[i];
    std::string p = fmt::format("{}/{}", pointer, i);
    std::string ipath = fmt::format("{}[{}]", path, i);
    std::string name = text_of(child(&item, "name"));
    if (name.empty()) {
      fe.required("grove/resource-sharing", p, ipath + ".name", "reference name is required");
    } else if (!seen.insert(name).second) {
      fe.duplicate("grove/resource-sharing", p + "/name", ipath + ".name", go_quote(name));
    }
    if (!text_of(child(&item, "namespace")).empty() && internal.count(name)) {
      fe.invalid("grove/resource-sharing", p + "/namespace", ipath + ".namespace",
                 go_quote(text_of(child(&item, "namespace"))),
                 "namespace must be empty when name matches an internal resourceClaimTemplate");
    }
    const Json* scope = child(&item, "scope");
    if (scope && (!scope->is_string() || (*scope != "AllReplicas" && *scope != "PerReplica"))) {
      fe.plain(
          "grove/resource-sharing", p + "/scope", ipath + ".scope",
          fmt::format("{}.scope: Unsupported value: {}: supported values: \"AllReplicas\", \"PerReplica\"",
                      ipath, go_json(*scope)));
    }
  }
}

void check_not_found(const Json* list, const std::string& pointer, const std::string& path,
                     const std::set<std::string>& known, FieldErrors& fe) {
  std::vector<std::string> names = strings_of(list);
  for (size_t j = 0; j < names.size(); ++j) {
    if (known.count(names[j])) continue;
    std::string p = fmt::format("{}/{}", pointer, j);
    std::string jpath = fmt::format("{}[{}]", path, j);
    fe.plain("grove/resource-sharing", p, jpath, fmt::format("{}: Not found: {}", jpath, go_quote(names[j])));
  }
}

void check_pcs_sharing(const Json* tmpl, const PodCliqueSet& pcs, const std::set<std::string>& internal,
                       FieldErrors& fe) {
  const Json* list = child(tmpl, "resourceSharing");
  if (!list || !list->is_array()) return;
  check_sharing_entries(list, "/spec/template/resourceSharing", "spec.template.resourceSharing", internal,
                        fe);
  std::set<std::string> cliques, groups;
  for (const auto& c : pcs.cliques) cliques.insert(c.name);
  for (const auto& g : pcs.scaling_groups) groups.insert(g.name);
  for (size_t i = 0; i < list->size(); ++i) {
    const Json* filter = child(&(*list)[i], "filter");
    if (!filter) continue;
    std::string p = fmt::format("/spec/template/resourceSharing/{}/filter", i);
    std::string path = fmt::format("spec.template.resourceSharing[{}].filter", i);
    const Json* by_clique = child(filter, "childCliqueNames");
    const Json* by_group = child(filter, "childScalingGroupNames");
    if (strings_of(by_clique).empty() && strings_of(by_group).empty()) {
      fe.required("grove/resource-sharing", p, path,
                  "filter must specify at least one childCliqueNames or childScalingGroupNames entry");
    }
    check_not_found(by_clique, p + "/childCliqueNames", path + ".childCliqueNames", cliques, fe);
    check_not_found(by_group, p + "/childScalingGroupNames", path + ".childScalingGroupNames", groups, fe);
  }
}

void check_clique_sharing(const Json* tmpl, const std::set<std::string>& internal, FieldErrors& fe) {
  const Json* cliques = child(tmpl, "cliques");
  if (!cliques || !cliques->is_array()) return;
  for (size_t i = 0; i < cliques->size(); ++i) {
    const Json* list = child(&(*cliques)[i], "resourceSharing");
    if (!list || !list->is_array()) continue;
    check_sharing_entries(list, fmt::format("/spec/template/cliques/{}/resourceSharing", i),
                          fmt::format("spec.template.cliques[{}].resourceSharing", i), internal, fe);
  }
}

void check_group_sharing(const Json* tmpl, const std::set<std::string>& internal, FieldErrors& fe) {
  const Json* groups = child(tmpl, "podCliqueScalingGroups");
  if (!groups || !groups->is_array()) return;
  for (size_t i = 0; i < groups->size(); ++i) {
    const Json& group = (*groups)[i];
    const Json* list = child(&group, "resourceSharing");
    if (!list || !list->is_array()) continue;
    std::string pointer = fmt::format("/spec/template/podCliqueScalingGroups/{}/resourceSharing", i);
    std::string path = fmt::format("spec.template.podCliqueScalingGroups[{}].resourceSharing", i);
    check_sharing_entries(list, pointer, path, internal, fe);
    std::vector<std::string> members = strings_of(child(&group, "cliqueNames"));
    std::set<std::string> own(members.begin(), members.end());
    for (size_t k = 0; k < list->size(); ++k) {
      const Json* filter = child(&(*list)[k], "filter");
      if (!filter) continue;
      std::string p = fmt::format("{}/{}/filter", pointer, k);
      std::string fpath = fmt::format("{}[{}].filter", path, k);
      const Json* by_clique = child(filter, "childCliqueNames");
      if (strings_of(by_clique).empty()) {
        fe.required("grove/resource-sharing", p, fpath,
                    "filter must specify at least one childCliqueNames entry");
      }
      check_not_found(by_clique, p + "/childCliqueNames", fpath + ".childCliqueNames", own, fe);
    }
  }
}

}  // namespace

void check_resource_rules(const PodCliqueSet& pcs, FieldErrors& fe) {
  const Json* tmpl = child(child(&pcs.doc->value, "spec"), "template");
  std::set<std::string> internal = check_claim_templates(tmpl, fe);
  check_pcs_sharing(tmpl, pcs, internal, fe);
  check_clique_sharing(tmpl, internal, fe);
  check_group_sharing(tmpl, internal, fe);
}

}  // namespace grovectl
