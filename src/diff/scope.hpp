#pragma once
// Which live objects belong to the rendered sources: a namespace can hold the
// objects of many PodCliqueSets and JobSets, and only those of the inputs are compared.
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/json.hpp"
#include "diff/object_key.hpp"
#include "yaml/document.hpp"

namespace grovectl::diff {

// An input object the render expands: a PodCliqueSet or a JobSet.
struct SourceRef {
  std::string kind;
  std::string name;
};

// The PodCliqueSets and JobSets among `docs`.
std::vector<SourceRef> source_refs(const std::vector<SourceDocument>& docs);

struct ScopeSplit {
  std::vector<Json> in_scope;      // input order
  std::vector<Json> out_of_scope;  // input order
};

// What the rendered objects and the sources let a live object point at: built from the rendered objects
// one at a time, in the order of the render, then the sources (after the last rendered object); then it
// tells which kinds the render has, which live objects belong, and which rendered object has a live
// object's identity.
class ScopeAnchors {
 public:
  // `match` is the object's match_key (pod_identity.hpp); its position is the number of objects before it.
  void add_rendered(const Json& object, const ObjectKey& match);
  void add_sources(const std::vector<SourceRef>& sources);
  bool belongs(const Json& live, const ObjectKey& match) const;  // as split_by_scope says
  // The position of the rendered object with this match key (the first one's), or kNoMatch.
  size_t position_of(const ObjectKey& match) const;
  bool renders_kind(const std::string& group, const std::string& kind) const;
  size_t rendered_count() const { return rendered_count_; }
  bool unique_keys() const { return unique_keys_; }  // no two rendered objects share a match key

  // Hashed: tens of thousands of rendered objects are merged in and looked up, and nothing iterates them.
  struct NameHash {
    size_t operator()(const std::pair<std::string, std::string>& k) const {
      const std::hash<std::string> hash;
      return hash(k.second) * 31 + hash(k.first);
    }
  };
  using NameSet = std::unordered_set<std::pair<std::string, std::string>, NameHash>;  // (namespace, name)
  struct Anchors {
    std::set<std::string> namespaces;
    std::unordered_map<ObjectKey, size_t, ObjectKeyHash> positions;  // rendered identities
    std::set<std::pair<std::string, std::string>> kinds;             // (kind, group) of rendered objects
    // Owners that are not found by identity: (ns, kind, name) of rendered pods (matched by another name)
    // and of the sources, with an empty group.
    std::unordered_set<ObjectKey, ObjectKeyHash> other_owners;
    NameSet part_of;     // (ns, PodCliqueSet)
    NameSet jobsets;     // (ns, JobSet)
    NameSet gangs;       // (ns, gang)
    NameSet workloads;   // (ns, Workload) for Workload API references
    NameSet composites;  // (ns, CompositePodGroup)
  };

 private:
  Anchors a_;
  size_t rendered_count_ = 0;
  bool unique_keys_ = true;
};

// A live object belongs when, in a namespace the render writes to, it
//   - carries the labels the operator sets: app.kubernetes.io/part-of: <PodCliqueSet>,
//     grove.io/podgang: <rendered gang>, jobset.sigs.k8s.io/jobset-name: <JobSet>; or
//   - has an owner reference to a source or to a rendered object (a PodGang, a Workload); or
//   - names a rendered Workload or CompositePodGroup in its Workload API reference; or
//   - has the identity (group, kind, namespace, name; pods by pod_identity) of a rendered object.
ScopeSplit split_by_scope(std::vector<Json> live, const std::vector<Json>& rendered,
                          const std::vector<SourceRef>& sources);

}  // namespace grovectl::diff
