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

}  // namespace grovectl
