#pragma once
// Object identity for diff: API group + kind + namespace + name (the version is compared, not matched).
#include <functional>
#include <string>

#include "core/json.hpp"

namespace grovectl::diff {

struct ObjectKey {
  std::string group;
  std::string kind;
  std::string ns;
  std::string name;
  auto operator<=>(const ObjectKey&) const = default;
};

// For the hash tables that match tens of thousands of keys, where a tree of them compares strings at each
// of its ~16 levels.
struct ObjectKeyHash {
  size_t operator()(const ObjectKey& key) const {
    const std::hash<std::string> hash;
    size_t h = hash(key.name);
    for (const std::string* part : {&key.ns, &key.kind, &key.group}) h = h * 31 + hash(*part);
    return h;
  }
};

// An index into a list of objects that says: no object there has this key.
constexpr size_t kNoMatch = static_cast<size_t>(-1);

ObjectKey object_key(const Json& object);
// "PodGroup.scheduling.run.ai default/my-pcs-0" (kubectl's kind.group form).
std::string display(const ObjectKey& key);
std::string api_group(const Json& object);
std::string api_version(const Json& object);  // "v1beta1" of "scheduling.k8s.io/v1beta1"

}  // namespace grovectl::diff
