#include "model/gang.hpp"

namespace grovectl {

Json string_map_json(const StringMap& m) {
  // Keys are unique: append directly (ordered_json's operator[] searches linearly, quadratic overall).
  Json out = Json::object();
  auto& members = out.get_ref<Json::object_t&>();
  members.reserve(m.size());
  for (const auto& [k, v] : m) members.emplace_back(k, v);
  return out;
}

}  // namespace grovectl
