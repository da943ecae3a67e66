#include "diff/scope.hpp"

#include <set>

#include "diff/object_key.hpp"
#include "diff/pod_identity.hpp"

namespace grovectl::diff {
namespace {

using NameSet = std::set<std::pair<std::string, std::string>>;  // (namespace, name)

const Json* at(const Json& j, std::initializer_list<const char*> path) {
  const Json* node = &j;
  for (const char* key : path) {
    if (!node->is_object()) return nullptr;
    auto it = node->find(key);
    if (it == node->end()) return nullptr;
    node = &*it;
  }
  return node;
}

std::string string_at(const Json& j, std::initializer_list<const char*> path) {
  const Json* v = at(j, path);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

std::string label(const Json& object, const char* key) {
  const Json* labels = at(object, {"metadata", "labels"});
  if (!labels || !labels->is_object()) return {};
  auto it = labels->find(key);
  return it != labels->end() && it->is_string() ? it->get<std::string>() : std::string();
}

// What the rendered objects and the sources let a live object point at.
struct Anchors {
  std::set<std::string> namespaces;
  std::set<ObjectKey> keys;                                            // rendered identities
  std::set<std::tuple<std::string, std::string, std::string>> owners;  // (ns, kind, name)
  NameSet part_of;                                                     // (ns, PodCliqueSet)
  NameSet jobsets;                                                     // (ns, JobSet)
  NameSet gangs;                                                       // (ns, gang)
  NameSet workloads;   // (ns, Workload) for Workload API references
  NameSet composites;  // (ns, CompositePodGroup)
};

Anchors anchors_of(const std::vector<Json>& rendered, const std::vector<SourceRef>& sources) {
  Anchors a;
  for (const auto& o : rendered) {
    ObjectKey k = object_key(o);
    a.namespaces.insert(k.ns);
    a.keys.insert(match_key(o));
    a.owners.insert({k.ns, k.kind, k.name});
    if (k.kind == "PodGang") a.gangs.insert({k.ns, k.name});
    if (std::string g = label(o, "grove.io/podgang"); !g.empty()) a.gangs.insert({k.ns, g});
    if (k.group == "scheduling.k8s.io" && k.kind == "Workload") a.workloads.insert({k.ns, k.name});
    if (k.group == "scheduling.k8s.io" && k.kind == "CompositePodGroup") a.composites.insert({k.ns, k.name});
  }
  for (const auto& ns : a.namespaces) {
    for (const auto& s : sources) {
      a.owners.insert({ns, s.kind, s.name});
      (s.kind == "JobSet" ? a.jobsets : a.part_of).insert({ns, s.name});
    }
  }
  return a;
}

bool owned(const Json& object, const std::string& ns, const Anchors& a) {
  const Json* owners = at(object, {"metadata", "ownerReferences"});
  if (!owners || !owners->is_array()) return false;
  for (const auto& ref : *owners) {
    if (a.owners.count({ns, string_at(ref, {"kind"}), string_at(ref, {"name"})})) return true;
  }
  return false;
}

// grove.md §4.4/§4.5 and scheduler-crs.md §2.1/§4.2/§3.3: PodGangs, pods and the backend objects carry
// part-of or grove.io/podgang; jobset.md §2: a JobSet's Jobs and pods carry jobset-name.
bool labelled(const Json& object, const std::string& ns, const Anchors& a) {
  if (std::string v = label(object, "app.kubernetes.io/part-of"); !v.empty() && a.part_of.count({ns, v}))
    return true;
  if (std::string v = label(object, "grove.io/podgang"); !v.empty() && a.gangs.count({ns, v})) return true;
  std::string js = label(object, "jobset.sigs.k8s.io/jobset-name");
  return !js.empty() && a.jobsets.count({ns, js});
}

// k8s-workload-api.md §6.2/§5.3: runtime groups name their Workload and parent by name only.
bool references_rendered(const Json& object, const std::string& ns, const Anchors& a) {
  for (auto path :
       {std::initializer_list<const char*>{"spec", "workloadRef", "workloadName"},
        std::initializer_list<const char*>{"spec", "podGroupTemplateRef", "workload", "workloadName"}}) {
    if (std::string w = string_at(object, path); !w.empty() && a.workloads.count({ns, w})) return true;
  }
  std::string parent = string_at(object, {"spec", "parentCompositePodGroupName"});
  return !parent.empty() && a.composites.count({ns, parent});
}

}  // namespace

std::vector<SourceRef> source_refs(const std::vector<SourceDocument>& docs) {
  std::vector<SourceRef> out;
  for (const auto& d : docs) {
    ObjectKey k = object_key(d.value);
    bool pcs = k.group == "grove.io" && k.kind == "PodCliqueSet";
    bool jobset = k.group == "jobset.x-k8s.io" && k.kind == "JobSet";
    if ((pcs || jobset) && !k.name.empty()) out.push_back({k.kind, k.name});
  }
  return out;
}

ScopeSplit split_by_scope(std::vector<Json> live, const std::vector<Json>& rendered,
                          const std::vector<SourceRef>& sources) {
  Anchors a = anchors_of(rendered, sources);
  ScopeSplit split;
  for (auto& o : live) {
    std::string ns = object_key(o).ns;
    bool belongs =
        a.keys.count(match_key(o)) ||
        (a.namespaces.count(ns) && (labelled(o, ns, a) || owned(o, ns, a) || references_rendered(o, ns, a)));
    (belongs ? split.in_scope : split.out_of_scope).push_back(std::move(o));
  }
  return split;
}

}  // namespace grovectl::diff
