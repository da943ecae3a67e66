#include "diff/normalize.hpp"

namespace grovectl::diff {

void strip_server_fields(Json& object) {
  if (!object.is_object()) return;
  object.erase("status");
  auto meta = object.find("metadata");
  if (meta == object.end() || !meta->is_object()) return;
  for (const char* key :
       {"uid", "resourceVersion", "generation", "creationTimestamp", "managedFields", "selfLink"}) {
    meta->erase(key);
  }
  auto ann = meta->find("annotations");
  if (ann != meta->end() && ann->is_object() &&
      ann->erase("kubectl.kubernetes.io/last-applied-configuration") && ann->empty()) {
    meta->erase("annotations");  // only kubectl put it there
  }
  auto owners = meta->find("ownerReferences");
  if (owners != meta->end() && owners->is_array()) {
    for (auto& o : *owners) {
      if (o.is_object()) o.erase("uid");
    }
  }
}

}  // namespace grovectl::diff
