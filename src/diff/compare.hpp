#pragma once
// Structural comparison of two normalized objects, and of two object sets matched by identity.
#include <optional>
#include <string>
#include <vector>

#include "core/json.hpp"
#include "diff/ignore.hpp"
#include "diff/object_key.hpp"
#include "diff/packed_object.hpp"
#include "diff/server_fields.hpp"

namespace grovectl::diff {

struct Change {
  std::string path;  // JSON pointer; keyed list items as name=X (as dyff's go-patch paths, homeport/dyff -g)
  Json old_value;    // null when absent
  Json new_value;    // null when absent
};

enum class Op { kAdded, kRemoved, kChanged, kUnchanged };
std::string op_name(Op op);

struct ObjectDiff {
  ObjectKey key;  // a pod's key carries its stub-form name (pod_identity.hpp)
  Op op = Op::kUnchanged;
  std::string old_name;            // the old side's own name when it differs from key.name (a live pod)
  std::optional<Json> old_object;  // normalized, aligned to new_object's order
  std::optional<Json> new_object;  // normalized
  std::vector<Change> changes;
};

struct CompareOptions {
  std::vector<IgnoreRule> ignore;
  Origin old_origin = Origin::kLive;  // kRendered for a migration preview (two renders)
};

struct DiffSet {
  std::vector<ObjectDiff> objects;
  std::vector<size_t> ignore_hits;  // per --ignore rule: objects or fields it removed
};

// Reorders `old_value`'s keys and keyed list items to follow `new_value`, so text diffs show only
// real changes; items only in `old_value` keep their order after the matched ones.
Json align_to(const Json& old_value, const Json& new_value);

// Differences between two values (keyed lists matched by key, never by position when a key exists).
std::vector<Change> compare_values(const Json& old_value, const Json& new_value);

// Matches objects by group + kind + namespace + name (pods by their stub-form name), normalizes each
// pair (server_fields.hpp, ignore rules) and compares it. An object whose API version changed to one it
// does not convert to is removed and added, never changed. Result order: the new side's order, then
// objects only on the old side.
DiffSet compare_object_sets(const std::vector<Json>& old_objects, const std::vector<Json>& new_objects,
                            const CompareOptions& options);
// The same for packed objects (a live diff), each unpacked only while its pair is compared.
DiffSet compare_object_sets(std::vector<PackedObject>&& old_objects, std::vector<PackedObject>&& new_objects,
                            const CompareOptions& options);
// The same when the caller has paired the objects by key already (LiveSelection does, while it reads the
// live side): old_of_new[n] is the index of the old object with new_objects[n]'s key, or kNoMatch, and no
// old index is given twice.
DiffSet compare_matched_sets(std::vector<PackedObject>&& old_objects, std::vector<PackedObject>&& new_objects,
                             const std::vector<size_t>& old_of_new, const CompareOptions& options);
std::vector<ObjectDiff> diff_object_sets(const std::vector<Json>& old_objects,
                                         const std::vector<Json>& new_objects, const CompareOptions& options);

}  // namespace grovectl::diff
