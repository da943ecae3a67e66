#include "backend/builders.hpp"

namespace grovectl {

Json object_metadata(const std::string& name, const std::string& ns, const StringMap& labels,
                     const StringMap& annotations) {
  Json meta = Json::object();
  meta["name"] = name;
  meta["namespace"] = ns;
  if (!labels.empty()) meta["labels"] = string_map_json(labels);
  if (!annotations.empty()) meta["annotations"] = string_map_json(annotations);
  return meta;
}

Json pack_constraint_json(const PackConstraint& pack) {
  Json out = Json::object();
  if (!pack.required.empty()) out["required"] = pack.required;
  if (!pack.preferred.empty()) out["preferred"] = pack.preferred;
  return out;
}

Json owner_references_json(const Gang& gang) {
  if (!gang.owner) return Json(nullptr);
  Json ref = Json::object();
  ref["apiVersion"] = gang.owner->api_version;
  ref["kind"] = gang.owner->kind;
  ref["name"] = gang.owner->name;
  ref["uid"] = gang.owner->uid;
  ref["controller"] = true;
  ref["blockOwnerDeletion"] = true;
  return Json::array({ref});
}

int64_t total_min_count(const Gang& gang) {
  int64_t sum = 0;
  for (const auto& g : gang.groups) sum += g.min_count;
  return sum;
}

}  // namespace grovectl
