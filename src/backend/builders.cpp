#include "backend/builders.hpp"

namespace grovectl {

Json object_metadata(const std::string& name, const std::string& ns, const StringMap& labels,
                     const StringMap& annotations) {
  // Appended without looking each key up (they differ): every object of every backend has metadata.
  Json meta = Json::object();
  auto& members = meta.get_ref<Json::object_t&>();
  members.reserve(4);
  members.emplace_back("name", name);
  members.emplace_back("namespace", ns);
  if (!labels.empty()) members.emplace_back("labels", string_map_json(labels));
  if (!annotations.empty()) members.emplace_back("annotations", string_map_json(annotations));
  return meta;
}

Json pack_constraint_json(const PackConstraint& pack) {
  Json out = Json::object();
  if (!pack.required.empty()) out["required"] = pack.required;
  if (!pack.preferred.empty()) out["preferred"] = pack.preferred;
  return out;
}

Json owner_references_json(const Gang& gang) {
  return owner_references_json(gang.owner);
}

Json owner_references_json(const std::optional<OwnerReference>& owner) {
  if (!owner) return Json(nullptr);
  Json ref = Json::object();
  ref["apiVersion"] = owner->api_version;
  ref["kind"] = owner->kind;
  ref["name"] = owner->name;
  ref["uid"] = owner->uid;
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
