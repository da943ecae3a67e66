#include "diff/object_key.hpp"

namespace grovectl::diff {
namespace {

std::string string_at(const Json& j, const char* key) {
  if (!j.is_object()) return {};
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

std::string api_group(const Json& object) {
  std::string av = string_at(object, "apiVersion");
  auto slash = av.find('/');
  return slash == std::string::npos ? std::string() : av.substr(0, slash);
}

std::string api_version(const Json& object) {
  std::string av = string_at(object, "apiVersion");
  auto slash = av.find('/');
  return slash == std::string::npos ? av : av.substr(slash + 1);
}

ObjectKey object_key(const Json& object) {
  ObjectKey k;
  k.group = api_group(object);
  k.kind = string_at(object, "kind");
  if (object.is_object() && object.contains("metadata")) {
    k.ns = string_at(object["metadata"], "namespace");
    k.name = string_at(object["metadata"], "name");
  }
  return k;
}

std::string display(const ObjectKey& key) {
  std::string out = key.kind + (key.group.empty() ? "" : "." + key.group) + " ";
  if (!key.ns.empty()) out += key.ns + "/";
  return out + key.name;
}

}  // namespace grovectl::diff
