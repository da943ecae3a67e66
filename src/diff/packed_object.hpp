#pragma once
// A compared object held between reading and comparing: its identity and its tree packed into one byte
// string. A large diff holds tens of thousands of objects per side; packed, each takes about its YAML text's
// size instead of several times that as a tree, and is unpacked only while its pair is compared.
#include <string>

#include "core/json.hpp"
#include "diff/object_key.hpp"

namespace grovectl::diff {

struct PackedObject {
  ObjectKey match;          // match_key: what pairs it with an object of the other side
  std::string name;         // metadata.name as written (a pod's match key names it by clique and index)
  std::string api_version;  // "v1beta1" of "scheduling.k8s.io/v1beta1"
  std::string bytes;        // the tree, in packed_object.cpp's format (memory only, never written out)
};

// Packs `object` and frees its tree; `match` is its match_key when the caller has it already.
PackedObject pack_object(Json&& object);
PackedObject pack_object(Json&& object, ObjectKey match);
// The same tree again: the same keys in the same order, the same value types.
Json unpack_object(const PackedObject& packed);

}  // namespace grovectl::diff
