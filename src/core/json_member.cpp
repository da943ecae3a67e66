#include "core/json_member.hpp"

namespace grovectl {

const Json* member_at(const Json& root, std::initializer_list<const char*> keys) {
  const Json* node = &root;
  for (const char* key : keys) {
    if (!node->is_object()) return nullptr;
    auto it = node->find(key);
    if (it == node->end()) return nullptr;
    node = &*it;
  }
  return node;
}

Json& member_or_null_added(Json& object, std::string_view key) {
  if (object.is_object()) {
    auto& members = object.get_ref<Json::object_t&>();
    if (auto it = members.find(key); it != members.end()) return it->second;
  }
  return object[std::string(key)];
}

std::string string_member_at(const Json& root, std::initializer_list<const char*> keys) {
  const Json* member = member_at(root, keys);
  return member && member->is_string() ? member->get<std::string>() : std::string();
}

std::string label_at(const Json& object, const char* key) {
  return string_member_at(object, {"metadata", "labels", key});
}

}  // namespace grovectl
