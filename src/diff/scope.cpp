#include "diff/scope.hpp"

#include <set>

#include "core/json_member.hpp"
#include "diff/object_key.hpp"
#include "diff/pod_identity.hpp"

namespace grovectl::diff {
namespace {

ObjectKey owner_key(std::string ns, std::string kind, std::string name) {
  return ObjectKey{.group = "", .kind = std::move(kind), .ns = std::move(ns), .name = std::move(name)};
}

// A rendered object of any group with this kind, namespace and name, or a source; a pod by its own name.
bool is_owner(const std::string& ns, const std::string& kind, const std::string& name,
              const ScopeAnchors::Anchors& a) {
  ObjectKey key = owner_key(ns, kind, name);
  if (a.other_owners.count(key)) return true;
  for (auto it = a.kinds.lower_bound({kind, ""}); it != a.kinds.end() && it->first == kind; ++it) {
    key.group = it->second;
    if (!is_pod(key) && a.positions.count(key)) return true;
  }
  return false;
}

bool owned(const Json& object, const std::string& ns, const ScopeAnchors::Anchors& a) {
  const Json* owners = member_at(object, {"metadata", "ownerReferences"});
  if (!owners || !owners->is_array()) return false;
  for (const auto& ref : *owners) {
    if (is_owner(ns, string_member_at(ref, {"kind"}), string_member_at(ref, {"name"}), a)) return true;
  }
  return false;
}

// PodGangs, pods and the backend objects carry part-of or grove.io/podgang (ai-dynamo/grove@fcc3b3bb
// .../components/podgang/podgang.go, podclique/components/pod/pod.go, scheduler/{kai,volcano}/backend.go;
// GREP-537); a JobSet's Jobs and pods carry jobset-name (kubernetes-sigs/jobset@08dfbdfd
// pkg/controllers/jobset_controller.go labelAndAnnotateObject).
bool labelled(const Json& object, const std::string& ns, const ScopeAnchors::Anchors& a) {
  if (std::string v = label_at(object, "app.kubernetes.io/part-of"); !v.empty() && a.part_of.count({ns, v}))
    return true;
  if (std::string v = label_at(object, "grove.io/podgang"); !v.empty() && a.gangs.count({ns, v})) return true;
  std::string js = label_at(object, "jobset.sigs.k8s.io/jobset-name");
  return !js.empty() && a.jobsets.count({ns, js});
}

// Runtime groups name their Workload and parent by name only (kubernetes/api scheduling/v1alpha2 and
// v1alpha3 types.go: podGroupTemplateRef, workloadRef, parentCompositePodGroupName).
bool references_rendered(const Json& object, const std::string& ns, const ScopeAnchors::Anchors& a) {
  for (auto path :
       {std::initializer_list<const char*>{"spec", "workloadRef", "workloadName"},
        std::initializer_list<const char*>{"spec", "podGroupTemplateRef", "workload", "workloadName"}}) {
    if (std::string w = string_member_at(object, path); !w.empty() && a.workloads.count({ns, w})) return true;
  }
  std::string parent = string_member_at(object, {"spec", "parentCompositePodGroupName"});
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

void ScopeAnchors::add_rendered(const Json& object, const ObjectKey& match) {
  const ObjectKey k = is_pod(match) ? object_key(object) : match;
  a_.namespaces.insert(k.ns);
  unique_keys_ = a_.positions.try_emplace(match, rendered_count_++).second && unique_keys_;
  a_.kinds.insert({match.kind, match.group});
  if (is_pod(match)) a_.other_owners.insert(owner_key(k.ns, k.kind, k.name));
  if (k.kind == "PodGang") a_.gangs.insert({k.ns, k.name});
  if (std::string g = label_at(object, "grove.io/podgang"); !g.empty()) a_.gangs.insert({k.ns, g});
  if (k.group == "scheduling.k8s.io" && k.kind == "Workload") a_.workloads.insert({k.ns, k.name});
  if (k.group == "scheduling.k8s.io" && k.kind == "CompositePodGroup") a_.composites.insert({k.ns, k.name});
}

void ScopeAnchors::add_sources(const std::vector<SourceRef>& sources) {
  for (const auto& ns : a_.namespaces) {
    for (const auto& s : sources) {
      a_.other_owners.insert(owner_key(ns, s.kind, s.name));
      (s.kind == "JobSet" ? a_.jobsets : a_.part_of).insert({ns, s.name});
    }
  }
}

bool ScopeAnchors::renders_kind(const std::string& group, const std::string& kind) const {
  return a_.kinds.count({kind, group}) > 0;
}

size_t ScopeAnchors::position_of(const ObjectKey& match) const {
  auto it = a_.positions.find(match);
  return it == a_.positions.end() ? kNoMatch : it->second;
}

bool ScopeAnchors::belongs(const Json& live, const ObjectKey& match) const {
  const std::string& ns = match.ns;
  return a_.positions.count(match) ||
         (a_.namespaces.count(ns) &&
          (labelled(live, ns, a_) || owned(live, ns, a_) || references_rendered(live, ns, a_)));
}

ScopeSplit split_by_scope(std::vector<Json> live, const std::vector<Json>& rendered,
                          const std::vector<SourceRef>& sources) {
  ScopeAnchors anchors;
  for (const auto& o : rendered) anchors.add_rendered(o, match_key(o));
  anchors.add_sources(sources);
  ScopeSplit split;
  for (auto& o : live)
    (anchors.belongs(o, match_key(o)) ? split.in_scope : split.out_of_scope).push_back(std::move(o));
  return split;
}

}  // namespace grovectl::diff
