#include "diff/compare.hpp"

#include <map>
#include <unordered_map>

#include "core/json_release.hpp"
#include "core/parallel.hpp"
#include "diff/api_versions.hpp"
#include "diff/json_path.hpp"
#include "diff/packed_object.hpp"
#include "diff/pod_identity.hpp"
#include "yaml/document.hpp"

namespace grovectl::diff {
namespace {

std::string item_token(const Json& item, const std::optional<std::string>& key, size_t index) {
  if (key) return *key + "=" + item[*key].get<std::string>();
  return std::to_string(index);
}

bool values_equal(const Json& a, const Json& b);

bool objects_equal(const Json& a, const Json& b) {
  if (a.size() != b.size()) return false;
  for (auto it = a.begin(); it != a.end(); ++it) {
    auto other = b.find(it.key());
    if (other == b.end() || !values_equal(it.value(), *other)) return false;
  }
  return true;
}

bool arrays_equal(const Json& a, const Json& b) {
  if (a.size() != b.size()) return false;
  if (auto key = list_key(a, b)) {
    std::map<std::string, const Json*> by_key;
    for (const auto& item : a) by_key[item[*key].get<std::string>()] = &item;
    for (const auto& item : b) {
      auto it = by_key.find(item[*key].get<std::string>());
      if (it == by_key.end() || !values_equal(*it->second, item)) return false;
    }
    return true;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (!values_equal(a[i], b[i])) return false;
  }
  return true;
}

bool values_equal(const Json& a, const Json& b) {
  if (a.is_object() && b.is_object()) return objects_equal(a, b);
  if (a.is_array() && b.is_array()) return arrays_equal(a, b);
  return a == b;
}

void compare_into(const Json& a, const Json& b, const std::string& path, std::vector<Change>& out) {
  if (a.is_object() && b.is_object()) {
    for (auto it = b.begin(); it != b.end(); ++it) {
      auto other = a.find(it.key());
      // Most of a pair is unchanged: an equal member costs a comparison, not a path.
      if (other != a.end() && values_equal(*other, it.value())) continue;
      std::string p = pointer_append(path, it.key());
      if (other == a.end()) {
        out.push_back({p, Json(nullptr), it.value()});
      } else {
        compare_into(*other, it.value(), p, out);
      }
    }
    for (auto it = a.begin(); it != a.end(); ++it) {
      if (!b.contains(it.key())) out.push_back({pointer_append(path, it.key()), it.value(), Json(nullptr)});
    }
    return;
  }
  if (a.is_array() && b.is_array()) {
    if (auto key = list_key(a, b)) {
      std::map<std::string, const Json*> old_by_key;
      for (const auto& item : a) old_by_key[item[*key].get<std::string>()] = &item;
      for (size_t i = 0; i < b.size(); ++i) {
        std::string k = b[i][*key].get<std::string>();
        auto it = old_by_key.find(k);
        if (it != old_by_key.end() && values_equal(*it->second, b[i])) {
          old_by_key.erase(it);
          continue;
        }
        std::string p = pointer_append(path, item_token(b[i], key, i));
        if (it == old_by_key.end()) {
          out.push_back({p, Json(nullptr), b[i]});
        } else {
          compare_into(*it->second, b[i], p, out);
          old_by_key.erase(it);
        }
      }
      for (const auto& item : a) {
        std::string k = item[*key].get<std::string>();
        if (old_by_key.count(k)) out.push_back({pointer_append(path, *key + "=" + k), item, Json(nullptr)});
      }
      return;
    }
    size_t n = std::max(a.size(), b.size());
    for (size_t i = 0; i < n; ++i) {
      if (i < a.size() && i < b.size() && values_equal(a[i], b[i])) continue;
      std::string p = path + "/" + std::to_string(i);
      if (i >= a.size()) {
        out.push_back({p, Json(nullptr), b[i]});
      } else if (i >= b.size()) {
        out.push_back({p, a[i], Json(nullptr)});
      } else {
        compare_into(a[i], b[i], p, out);
      }
    }
    return;
  }
  if (!values_equal(a, b)) out.push_back({path, a, b});
}

bool ignored_whole(const Json& object, const std::vector<IgnoreRule>& rules, std::vector<size_t>& hits) {
  for (size_t i = 0; i < rules.size(); ++i) {
    if (ignores_whole_object(rules[i], object)) {
      ++hits[i];
      return true;
    }
  }
  return false;
}

// An object only one side has, normalized alone. `name` is its own name (a live pod's differs from the key).
ObjectDiff one_sided(Json o, const std::string& name, Op op, const ObjectKey& key,
                     const CompareOptions& options, std::vector<size_t>& hits) {
  ObjectDiff d;
  d.key = key;
  d.op = op;
  normalize_alone(o);
  apply_ignore_rules(o, options.ignore, hits);
  if (op == Op::kAdded) {
    d.changes.push_back({"", Json(nullptr), o});
    d.new_object = std::move(o);
  } else {
    d.old_name = name != key.name ? name : "";
    d.changes.push_back({"", o, Json(nullptr)});
    d.old_object = std::move(o);
  }
  return d;
}

}  // namespace

std::string op_name(Op op) {
  switch (op) {
    case Op::kAdded:
      return "added";
    case Op::kRemoved:
      return "removed";
    case Op::kChanged:
      return "changed";
    case Op::kUnchanged:
      break;
  }
  return "unchanged";
}

Json align_to(const Json& old_value, const Json& new_value) {
  if (old_value.is_object() && new_value.is_object()) {
    Json out = Json::object();
    for (auto it = new_value.begin(); it != new_value.end(); ++it) {
      auto other = old_value.find(it.key());
      if (other != old_value.end()) out[it.key()] = align_to(*other, it.value());
    }
    for (auto it = old_value.begin(); it != old_value.end(); ++it) {
      if (!out.contains(it.key())) out[it.key()] = it.value();
    }
    return out;
  }
  if (old_value.is_array() && new_value.is_array()) {
    Json out = Json::array();
    if (auto key = list_key(old_value, new_value)) {
      std::map<std::string, const Json*> old_by_key;
      for (const auto& item : old_value) old_by_key[item[*key].get<std::string>()] = &item;
      for (const auto& item : new_value) {
        auto it = old_by_key.find(item[*key].get<std::string>());
        if (it == old_by_key.end()) continue;
        out.push_back(align_to(*it->second, item));
        old_by_key.erase(it);
      }
      for (const auto& item : old_value) {
        if (old_by_key.count(item[*key].get<std::string>())) out.push_back(item);
      }
      return out;
    }
    for (size_t i = 0; i < old_value.size(); ++i) {
      out.push_back(i < new_value.size() ? align_to(old_value[i], new_value[i]) : old_value[i]);
    }
    return out;
  }
  return old_value;
}

std::vector<Change> compare_values(const Json& old_value, const Json& new_value) {
  std::vector<Change> out;
  compare_into(old_value, new_value, "", out);
  return out;
}

namespace {

// What the comparison reads of an object, whether it is a tree or packed (packed_object.hpp).
ObjectKey key_of(const Json& object) {
  return match_key(object);
}
ObjectKey key_of(const PackedObject& object) {
  return object.match;
}
std::string name_of(const Json& object) {
  return object_key(object).name;
}
std::string name_of(const PackedObject& object) {
  return object.name;
}
std::string version_of(const Json& object) {
  return api_version(object);
}
std::string version_of(const PackedObject& object) {
  return object.api_version;
}
bool ignored_whole(const PackedObject& object, const std::vector<IgnoreRule>& rules,
                   std::vector<size_t>& hits) {
  return !rules.empty() && ignored_whole(unpack_object(object), rules, hits);
}

// The tree to normalize: a borrowed one is copied, a packed one unpacked and its bytes freed.
Json take(const Json& borrowed) {
  return borrowed;
}
Json take(PackedObject& packed) {
  Json tree = unpack_object(packed);
  std::string().swap(packed.bytes);
  return tree;
}

// What becomes of one object of the new side, or (old_index only) of an old object left unmatched.
struct Pairing {
  Op op = Op::kChanged;  // kChanged: a matched pair, compared; kAdded, kRemoved: one side
  ObjectKey key;
  size_t new_index = 0;
  size_t old_index = 0;
};

// A matched pair, normalized and compared: its changes, and its two sides only when they differ.
template <typename ObjectVector>
ObjectDiff compare_pair(ObjectVector& old_objects, ObjectVector& new_objects, const Pairing& p,
                        const CompareOptions& options, std::vector<size_t>& hits) {
  auto& raw_old = old_objects[p.old_index];
  ObjectDiff d;
  d.key = p.key;
  if (std::string name = name_of(raw_old); name != p.key.name) d.old_name = std::move(name);
  Json o = take(raw_old);
  Json n = take(new_objects[p.new_index]);
  normalize_pair(o, options.old_origin, n);
  apply_ignore_rules(o, options.ignore, hits);
  apply_ignore_rules(n, options.ignore, hits);
  d.changes = compare_values(o, n);
  d.op = d.changes.empty() ? Op::kUnchanged : Op::kChanged;
  // Only a changed object is printed or planned: an unchanged one keeps its key, not its two trees.
  if (d.op == Op::kChanged) {
    d.old_object = align_to(o, n);
    d.new_object = std::move(n);
  }
  release_tree(o);
  release_tree(n);
  return d;
}

// The key of a new object, for its pairing: a packed object's is handed over (nothing reads it again).
ObjectKey take_key(const Json& object) {
  return match_key(object);
}
ObjectKey take_key(PackedObject& object) {
  return std::move(object.match);
}

// Pairs objects by key, in the order of the result: the new side's objects in order, then the old
// objects nothing matched. old_with_key(n) is the index of the old object with the key of new object n,
// or nullopt; objects that an --ignore rule drops whole are in no pair.
template <typename ObjectVector, typename OldWithKey>
std::vector<Pairing> pair_objects(ObjectVector& old_objects, ObjectVector& new_objects,
                                  const OldWithKey& old_with_key, const std::vector<bool>& old_ignored,
                                  const CompareOptions& options, std::vector<size_t>& hits) {
  std::vector<bool> old_used = old_ignored;
  std::vector<Pairing> pairings;
  pairings.reserve(new_objects.size());
  for (size_t n = 0; n < new_objects.size(); ++n) {
    if (ignored_whole(new_objects[n], options.ignore, hits)) continue;
    const std::optional<size_t> old = old_with_key(n);
    ObjectKey key = take_key(new_objects[n]);
    const bool matched =
        old && !old_used[*old] &&
        versions_convert(key.group, key.kind, version_of(old_objects[*old]), version_of(new_objects[n]));
    if (!matched) {
      pairings.push_back({Op::kAdded, std::move(key), n, 0});
      continue;
    }
    old_used[*old] = true;
    pairings.push_back({Op::kChanged, std::move(key), n, *old});
  }
  for (size_t i = 0; i < old_objects.size(); ++i) {
    if (!old_used[i]) pairings.push_back({Op::kRemoved, key_of(old_objects[i]), 0, i});
  }
  return pairings;
}

// Which old objects an --ignore rule drops whole.
template <typename ObjectVector>
std::vector<bool> ignored_old(const ObjectVector& old_objects, const CompareOptions& options,
                              std::vector<size_t>& hits) {
  std::vector<bool> ignored(old_objects.size(), false);
  for (size_t i = 0; i < old_objects.size(); ++i)
    ignored[i] = ignored_whole(old_objects[i], options.ignore, hits);
  return ignored;
}

// pair_objects with the old objects looked up by key; of two old objects with one key, the first.
template <typename ObjectVector>
std::vector<Pairing> pair_by_key(ObjectVector& old_objects, ObjectVector& new_objects,
                                 const CompareOptions& options, std::vector<size_t>& hits) {
  const std::vector<bool> old_ignored = ignored_old(old_objects, options, hits);
  std::unordered_map<ObjectKey, size_t, ObjectKeyHash> old_index;
  for (size_t i = 0; i < old_objects.size(); ++i) {
    if (!old_ignored[i]) old_index.emplace(key_of(old_objects[i]), i);
  }
  auto old_with_key = [&](size_t n) -> std::optional<size_t> {
    auto it = old_index.find(key_of(new_objects[n]));
    return it == old_index.end() ? std::nullopt : std::optional<size_t>(it->second);
  };
  return pair_objects(old_objects, new_objects, old_with_key, old_ignored, options, hits);
}

// pair_objects with the old objects the caller matched (each old index at most once).
std::vector<Pairing> pair_matched(std::vector<PackedObject>& old_objects,
                                  std::vector<PackedObject>& new_objects,
                                  const std::vector<size_t>& old_of_new, const CompareOptions& options,
                                  std::vector<size_t>& hits) {
  const std::vector<bool> old_ignored = ignored_old(old_objects, options, hits);
  auto old_with_key = [&](size_t n) -> std::optional<size_t> {
    const size_t old = old_of_new[n];
    return old == kNoMatch || old_ignored[old] ? std::nullopt : std::optional<size_t>(old);
  };
  return pair_objects(old_objects, new_objects, old_with_key, old_ignored, options, hits);
}

// Pairs are compared this many at a time on every core; a packed pair's bytes are freed once unpacked.
constexpr size_t kPairsPerBatch = 512;

template <typename ObjectVector>
DiffSet compare_pairs(ObjectVector& old_objects, ObjectVector& new_objects,
                      const std::vector<Pairing>& pairings, const CompareOptions& options, DiffSet result) {
  result.objects.reserve(pairings.size());
  for (size_t first = 0; first < pairings.size(); first += kPairsPerBatch) {
    const size_t count = std::min(kPairsPerBatch, pairings.size() - first);
    std::vector<ObjectDiff> diffs(count);
    std::vector<std::vector<size_t>> hits(count, std::vector<size_t>(options.ignore.size(), 0));
    for_each_index_parallel(count, [&](size_t i) {
      const Pairing& p = pairings[first + i];
      if (p.op == Op::kChanged) {
        diffs[i] = compare_pair(old_objects, new_objects, p, options, hits[i]);
      } else if (p.op == Op::kAdded) {
        auto& object = new_objects[p.new_index];
        diffs[i] = one_sided(take(object), name_of(object), Op::kAdded, p.key, options, hits[i]);
      } else {
        auto& object = old_objects[p.old_index];
        diffs[i] = one_sided(take(object), name_of(object), Op::kRemoved, p.key, options, hits[i]);
      }
    });
    for (size_t i = 0; i < count; ++i) {
      result.objects.push_back(std::move(diffs[i]));
      for (size_t r = 0; r < hits[i].size(); ++r) result.ignore_hits[r] += hits[i][r];
    }
  }
  return result;
}

// ObjectVector: const std::vector<Json> (borrowed) or std::vector<PackedObject> (handed over).
template <typename ObjectVector>
DiffSet compare_sets(ObjectVector& old_objects, ObjectVector& new_objects, const CompareOptions& options) {
  DiffSet result;
  result.ignore_hits.assign(options.ignore.size(), 0);
  const std::vector<Pairing> pairings = pair_by_key(old_objects, new_objects, options, result.ignore_hits);
  return compare_pairs(old_objects, new_objects, pairings, options, std::move(result));
}

}  // namespace

DiffSet compare_object_sets(const std::vector<Json>& old_objects, const std::vector<Json>& new_objects,
                            const CompareOptions& options) {
  return compare_sets(old_objects, new_objects, options);
}

DiffSet compare_object_sets(std::vector<PackedObject>&& old_objects, std::vector<PackedObject>&& new_objects,
                            const CompareOptions& options) {
  return compare_sets(old_objects, new_objects, options);
}

DiffSet compare_matched_sets(std::vector<PackedObject>&& old_objects, std::vector<PackedObject>&& new_objects,
                             const std::vector<size_t>& old_of_new, const CompareOptions& options) {
  DiffSet result;
  result.ignore_hits.assign(options.ignore.size(), 0);
  const std::vector<Pairing> pairings =
      pair_matched(old_objects, new_objects, old_of_new, options, result.ignore_hits);
  return compare_pairs(old_objects, new_objects, pairings, options, std::move(result));
}

std::vector<ObjectDiff> diff_object_sets(const std::vector<Json>& old_objects,
                                         const std::vector<Json>& new_objects,
                                         const CompareOptions& options) {
  return compare_object_sets(old_objects, new_objects, options).objects;
}

}  // namespace grovectl::diff
