#include "diff/plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/json_member.hpp"
#include "diff/api_versions.hpp"
#include "diff/brief.hpp"
#include "diff/immutable_fields.hpp"
#include "diff/pod_identity.hpp"

namespace grovectl::diff {
namespace {

std::string join(const std::vector<std::string>& items, const std::string& last_sep = " and ") {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? last_sep : ", ";
    out += items[i];
  }
  return out;
}

// --- The inputs' pod templates (a PodCliqueSet's cliques[].spec.podSpec; a JobSet's
// replicatedJobs[].template.spec.template).

struct PodTemplate {
  std::string name;
  std::string scheduler_name;
  std::string priority_class;
};

bool is_jobset(const SourceDocument& doc) {
  return string_member_at(doc.value, {"kind"}) == "JobSet";
}

std::vector<PodTemplate> pod_templates(const SourceDocument& doc) {
  std::vector<PodTemplate> out;
  const bool jobset = is_jobset(doc);
  static const Json kNoPod;
  const Json* list = jobset ? member_at(doc.value, {"spec", "replicatedJobs"})
                            : member_at(doc.value, {"spec", "template", "cliques"});
  if (!list || !list->is_array()) return out;
  for (const auto& item : *list) {
    const Json* found = jobset ? member_at(item, {"template", "spec", "template", "spec"})
                               : member_at(item, {"spec", "podSpec"});
    const Json& pod = found ? *found : kNoPod;
    out.push_back({string_member_at(item, {"name"}), string_member_at(pod, {"schedulerName"}),
                   string_member_at(pod, {"priorityClassName"})});
  }
  return out;
}

std::string template_noun(const SourceDocument& doc) {
  return is_jobset(doc) ? "replicated jobs" : "cliques";
}
std::string scheduler_field(const SourceDocument& doc) {
  return is_jobset(doc) ? "template.spec.template.spec.schedulerName" : "spec.podSpec.schedulerName";
}
std::string priority_field(const SourceDocument& doc) {
  return is_jobset(doc) ? "template.spec.template.spec.priorityClassName" : "spec.podSpec.priorityClassName";
}

std::string source_name(const SourceGangs& src) {
  const Json& v = src.doc->value;
  std::string ns = src.gangs.empty() ? string_member_at(v, {"metadata", "namespace"}) : src.gangs.front().ns;
  return fmt::format("{} {}/{}", string_member_at(v, {"kind"}), ns,
                     string_member_at(v, {"metadata", "name"}));
}

// --- Scheduling semantics per gang.

std::string gang_name(const Gang& g) {
  return g.ns + "/" + g.name;
}

void atomicity(const PlanSide& a, const PlanSide& b, const Gang& gang, std::vector<PlanNote>& out) {
  if (gang.groups.size() < 2) return;
  const bool whole_a = admits_gang_whole(a, gang), whole_b = admits_gang_whole(b, gang);
  const std::string from = gang_shape(a, gang), to = gang_shape(b, gang);
  if (whole_a && !whole_b) {
    std::vector<std::string> others;
    for (size_t i = 1; i < gang.groups.size(); ++i) others.push_back(gang.groups[i].name);
    std::string keep;
    if (b.backend == Backend::kDefaultScheduler)
      keep = b.version.minor >= 37 ? "; --hierarchy composite keeps the gang whole"
                                   : "; Kubernetes 1.37 with --hierarchy composite keeps the gang whole";
    out.push_back({"gang-atomicity-lost", gang_name(gang),
                   fmt::format("gang {}: whole-gang atomicity is lost: {} becomes {}, so {} can be scheduled "
                               "without {}{}",
                               gang_name(gang), from, to, gang.groups[0].name, join(others), keep)});
  } else if (!whole_a && whole_b) {
    out.push_back({"gang-atomicity-gained", gang_name(gang),
                   fmt::format("gang {}: whole-gang atomicity is gained: {} becomes {}; no pod group starts "
                               "until all {} can be placed",
                               gang_name(gang), from, to, gang.groups.size())});
  } else if (whole_a && whole_b && from != to) {
    out.push_back({"gang-atomicity-kept", gang_name(gang),
                   fmt::format("gang {}: still admitted whole: {} becomes {}", gang_name(gang), from, to)});
  }
}

std::string topology_limit(const PlanSide& side, TopologyScope scope, TopologyStrength strength) {
  if (side.backend == Backend::kVolcano) return "Grove's Volcano backend has no topology support";
  if (side.backend == Backend::kKoordScheduler) return "koord-scheduler has no scaling-group level";
  if (side.backend == Backend::kLpxScheduler) return "Grove's lpx backend has no topology support";
  if (side.backend == Backend::kDefaultScheduler) {
    if (side.version.minor == 35) return "the 1.35 Workload API has no topology field";
    if (strength == TopologyStrength::kPreferred) return "the Workload API has no preferred form";
    if (scope != TopologyScope::kGroup) return "flat PodGroups are each placed on their own";
  }
  return "not expressed";
}

void topology_change(const PlanSide& a, const PlanSide& b, const Gang& gang, const std::string& where,
                     const std::optional<PackConstraint>& pack, TopologyScope scope,
                     std::vector<PlanNote>& out) {
  if (!pack) return;
  for (auto [key, strength] : {std::pair{pack->required, TopologyStrength::kRequired},
                               std::pair{pack->preferred, TopologyStrength::kPreferred}}) {
    if (key.empty()) continue;
    const bool ea = expresses_topology(a, scope, strength), eb = expresses_topology(b, scope, strength);
    if (ea == eb) continue;
    const char* kind = strength == TopologyStrength::kRequired ? "required" : "preferred";
    if (ea) {
      out.push_back({"topology-dropped", gang_name(gang),
                     fmt::format("gang {}: the {} topology constraint {} on {} is dropped ({})",
                                 gang_name(gang), kind, key, where, topology_limit(b, scope, strength))});
    } else {
      out.push_back({"topology-added", gang_name(gang),
                     fmt::format("gang {}: the {} topology constraint {} on {} now takes effect",
                                 gang_name(gang), kind, key, where)});
    }
  }
}

void topology(const PlanSide& a, const PlanSide& b, const Gang& gang, std::vector<PlanNote>& out) {
  topology_change(a, b, gang, "the whole gang", gang.topology, TopologyScope::kGang, out);
  for (const auto& c : gang.group_configs)
    topology_change(a, b, gang, "scaling group " + c.name, c.topology, TopologyScope::kGroupConfig, out);
  for (const auto& g : gang.groups)
    topology_change(a, b, gang, "pod group " + g.name, g.topology, TopologyScope::kGroup, out);
}

std::string priority_place(const PlanSide& side) {
  switch (side.backend) {
    case Backend::kKaiScheduler:
      return "the KAI PodGroup";
    case Backend::kVolcano:
      return "the Volcano PodGroup";
    case Backend::kKoordScheduler:
      return "the Koordinator PodGroup";
    case Backend::kLpxScheduler:
      return "the PodGang";
    case Backend::kDefaultScheduler:
      break;
  }
  return side.hierarchy == Hierarchy::kComposite && side.version.minor >= 37
             ? "the Workload templates, CompositePodGroups and PodGroups"
             : "the Workload templates and PodGroups";
}

std::string why_no_priority(const PlanSide& side) {
  if (side.backend == Backend::kKoordScheduler)
    return "the Koordinator PodGroup has no priorityClassName field";
  if (side.version.minor == 35) return "the 1.35 Workload API has no priorityClassName";
  return "1.36 Workload API objects carry it only with WorkloadAwarePreemption";
}

void priority(const PlanSide& a, const PlanSide& b, const SourceGangs& src, std::vector<PlanNote>& out) {
  if (src.gangs.empty() || src.gangs.front().priority_class_name.empty()) return;
  const std::string p = src.gangs.front().priority_class_name;
  const bool ca = carries_priority(a), cb = carries_priority(b);
  if (ca && !cb) {
    std::map<std::string, std::vector<std::string>> by_class;
    for (const auto& t : pod_templates(*src.doc)) {
      if (t.priority_class != p) by_class[t.priority_class].push_back(t.name);
    }
    std::string pods;
    for (const auto& [cls, names] : by_class) {
      pods += fmt::format("; the pod templates of {} {} set {}", template_noun(*src.doc), join(names),
                          cls.empty() ? "none" : cls);
    }
    out.push_back(
        {"priority-dropped", source_name(src),
         fmt::format("{}: priority class {} is no longer on the gang objects ({}), so each pod's own "
                     "priorityClassName decides{}",
                     source_name(src), p, why_no_priority(b), pods)});
  } else if (!ca && cb) {
    out.push_back(
        {"priority-added", source_name(src),
         fmt::format("{}: priority class {} now goes on {}", source_name(src), p, priority_place(b))});
  }
}

// kubernetes/api@v0.36.0 scheduling/v1alpha2/types.go (disruptionMode "Pod" by default), 1.37's v1alpha3
// and v1beta1 types.go ({single: {}} by default; preemptionPolicy filled from the priority class with
// PodGroupPreemptionPolicy).
void preemption(const PlanSide& a, const PlanSide& b, const SourceGangs& src, std::vector<PlanNote>& out) {
  const bool da = a.backend == Backend::kDefaultScheduler, db = b.backend == Backend::kDefaultScheduler;
  // 1.36's "Pod" and 1.37's {single: {}} mean the same; only a move onto the Workload API changes it.
  if (db && (!da || a.version.minor == 35) && b.version.minor >= 36) {
    std::string text =
        b.version.minor == 36
            ? "PodGroups default to disruptionMode Pod: kube-scheduler may preempt their pods one at a time "
              "(workload-aware preemption needs WorkloadAwarePreemption, KEP-5710)"
            : "PodGroups default to disruptionMode {single: {}}: kube-scheduler may preempt their pods one "
              "at "
              "a time (KEP-5710); with PodGroupPreemptionPolicy, admission fills in preemptionPolicy from "
              "the priority class";
    out.push_back({"preemption", source_name(src), fmt::format("{}: {}", source_name(src), text)});
  } else if (da && !db && a.version.minor >= 36) {
    out.push_back({"preemption", source_name(src),
                   fmt::format("{}: the Workload API's disruptionMode and preemptionPolicy no longer apply; "
                               "{} preempts by its own rules",
                               source_name(src), backend_name(b.backend))});
  }
}

// --- Edits the inputs need.

void scheduler_name_edits(const PlanSide& b, const SourceGangs& src, std::vector<PlanNote>& out) {
  const std::string target = pod_scheduler_name(b.backend);
  std::map<std::string, std::vector<std::string>> by_current;
  for (const auto& t : pod_templates(*src.doc)) {
    if (t.scheduler_name == target) continue;
    if (t.scheduler_name.empty() && target == "default-scheduler") continue;
    by_current[t.scheduler_name].push_back(t.name);
  }
  for (const auto& [current, names] : by_current) {
    std::string now = current.empty() ? "unset" : current;
    std::string how = fmt::format("set {} to {}{}", scheduler_field(*src.doc), target,
                                  target == "default-scheduler" ? " or remove it" : "");
    out.push_back({"scheduler-name", source_name(src),
                   fmt::format("{}: in {} {}, {} (now {}); the backend and the pods' scheduler follow it",
                               source_name(src), template_noun(*src.doc), join(names), how, now)});
  }
}

void unused_key_edits(const PlanSide& a, const PlanSide& b, const SourceGangs& src,
                      std::vector<PlanNote>& out) {
  if (src.gangs.empty() || !src.gangs.front().source) return;
  const GangSource& s = *src.gangs.front().source;
  std::set<std::pair<std::string, bool>> read_by_b;
  for (const auto& k : keys_read(b.backend)) read_by_b.insert({k.key, k.label});
  for (const auto& k : keys_read(a.backend)) {
    if (read_by_b.count({k.key, k.label})) continue;
    std::vector<std::string> where;
    const StringMap& top = k.label ? s.labels : s.annotations;
    if (top.count(k.key)) where.push_back("the " + s.kind);
    std::vector<std::string> templates;
    if (k.on_templates) {
      for (const auto& t : s.templates) {
        if ((k.label ? t.labels : t.annotations).count(k.key)) templates.push_back(t.name);
      }
    }
    if (!templates.empty()) where.push_back(template_noun(*src.doc) + " " + join(templates));
    if (where.empty()) continue;
    out.push_back(
        {"unused-key", source_name(src),
         fmt::format("{}: {} {} on {} is read only by {} and is unused afterwards (remove it, or keep "
                     "it for a way back)",
                     source_name(src), k.label ? "label" : "annotation", k.key, join(where),
                     backend_name(a.backend))});
  }
}

// kube-scheduler 1.37 refuses a PodGroup whose pods' priority differs from the group's (kubernetes PR
// #139920). Grove gives the PodGang (and so the PodGroups) spec.template.priorityClassName but the pods their
// own podSpec's; a JobSet's gang takes its class from a replicated job's pod template, and with one gang per
// replicated job each gang has its own.
void priority_edits(const PlanSide& b, const SourceGangs& src, std::vector<PlanNote>& out) {
  if (b.backend != Backend::kDefaultScheduler || b.version.minor < 37 || src.gangs.empty()) return;
  std::map<std::string, const std::string*> gang_class;  // pod template -> the class of its gang's objects
  for (const auto& g : src.gangs) {
    for (const auto& pg : g.groups) gang_class.emplace(pg.template_name, &g.priority_class_name);
  }
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> mismatched;  // (group, pod) classes
  for (const auto& t : pod_templates(*src.doc)) {
    auto it = gang_class.find(t.name);
    const std::string& group_class =
        it == gang_class.end() ? src.gangs.front().priority_class_name : *it->second;
    if (t.priority_class != group_class) mismatched[{group_class, t.priority_class}].push_back(t.name);
  }
  for (const auto& [classes, names] : mismatched) {
    const auto& [group_class, pod_class] = classes;
    std::string fix = group_class.empty()
                          ? fmt::format("remove {} there, or set spec.template.priorityClassName to {}",
                                        priority_field(*src.doc), pod_class)
                          : fmt::format("set {} to {} there", priority_field(*src.doc), group_class);
    out.push_back(
        {"pod-priority", source_name(src),
         fmt::format("{}: the PodGroups get priority class {} but the pods of {} {} get {}; kube-scheduler "
                     "1.37 refuses a PodGroup whose pods' priority differs from its own "
                     "(kubernetes/kubernetes#139920): {}",
                     source_name(src), group_class.empty() ? "(none)" : group_class, template_noun(*src.doc),
                     join(names), pod_class.empty() ? "(none)" : pod_class, fix)});
  }
}

void pod_recreation(const PlanSide& a, const PlanSide& b, const SourceGangs& src,
                    std::vector<PlanNote>& out) {
  if (pod_scheduler_name(a.backend) == pod_scheduler_name(b.backend) &&
      pod_membership(a) == pod_membership(b))
    return;
  std::string what = pod_scheduler_name(a.backend) != pod_scheduler_name(b.backend)
                         ? "spec.schedulerName and the gang membership"
                         : "the gang membership";
  if (is_jobset(*src.doc)) {
    out.push_back(
        {"recreate-jobset", source_name(src),
         fmt::format("{}: delete it and create the rendered JobSet: its pod templates are immutable, and "
                     "{} (afterwards {}) cannot change on a running pod",
                     source_name(src), what, pod_membership(b))});
    return;
  }
  out.push_back(
      {"recreate-pods", source_name(src),
       fmt::format("{}: its pods must be recreated, as {} (afterwards {}) cannot change on a "
                   "running pod; changing the pod templates makes Grove recreate them (updateStrategy "
                   "RollingRecreate)",
                   source_name(src), what, pod_membership(b))});
}

// --- Prerequisites on the target.

void add_prerequisites(const PlanSide& a, const PlanSide& b, const SourceGangs& from, const SourceGangs& to,
                       std::vector<PlanNote>& out) {
  std::set<std::string> today;  // the same requirement, word for word (a gate on the same components)
  for (const auto& p : prerequisites(a, from.gangs)) today.insert(p.text);
  for (const auto& p : prerequisites(b, to.gangs)) {
    std::string text = p.text;
    if (p.kind == "feature-gate")
      text += b.gates.enabled(p.id) ? " (set in --to-feature-gates)" : " (not in --to-feature-gates)";
    if (today.count(p.text)) text += "; already needed today";
    out.push_back({p.kind, p.id, text});
  }
  for (const auto& p : removed_gates(a, b)) out.push_back({p.kind, p.id, p.text});
}

template <typename T>
void append_unique(std::vector<PlanNote>& into, const std::vector<T>& items) {
  for (const auto& n : items) {
    bool seen = std::any_of(into.begin(), into.end(),
                            [&](const PlanNote& m) { return m.kind == n.kind && m.text == n.text; });
    if (!seen) into.push_back(n);
  }
}

// --- Objects.

std::map<ObjectKey, size_t> order_of(const std::vector<Json>& objects) {
  std::map<ObjectKey, size_t> out;
  for (size_t i = 0; i < objects.size(); ++i) out.emplace(match_key(objects[i]), i);
  return out;
}

std::string version_of(const std::optional<Json>& o) {
  return o ? o->value("apiVersion", "") : "";
}

// An object of a version the target release does not serve must be gone before the upgrade (KEP-4671
// "Upgrade / Downgrade Strategy"; kubernetes PR #140184's release note).
bool gone_after_upgrade(const PlanObject& o, const MigrationPlan& plan) {
  if (!plan.upgrade() || !versioned_by_release(o.key.group)) return false;
  auto slash = o.api_version.find('/');
  std::string version = slash == std::string::npos ? o.api_version : o.api_version.substr(slash + 1);
  auto served = served_versions(o.key.group, plan.to.version.minor);
  return std::find(served.begin(), served.end(), version) == served.end();
}

void object_steps(const PlanInputs& in, MigrationPlan& plan) {
  auto old_order = order_of(*in.old_objects), new_order = order_of(*in.new_objects);
  std::vector<std::pair<size_t, PlanObject>> deletions, creations;
  std::map<ObjectKey, std::string> deleted_version, created_version;
  for (const auto& d : *in.diffs) {
    if (d.op == Op::kRemoved) deleted_version[d.key] = version_of(d.old_object);
    if (d.op == Op::kAdded) created_version[d.key] = version_of(d.new_object);
  }
  for (const auto& d : *in.diffs) {
    if (d.op == Op::kRemoved || d.op == Op::kAdded) {
      std::string reason;
      auto other = d.op == Op::kRemoved ? created_version.find(d.key) : deleted_version.find(d.key);
      if (other != (d.op == Op::kRemoved ? created_version.end() : deleted_version.end())) {
        auto [from, to] = d.op == Op::kRemoved ? std::pair{version_of(d.old_object), other->second}
                                               : std::pair{other->second, version_of(d.new_object)};
        reason = d.op == Op::kRemoved ? fmt::format("replaced by {} (no conversion)", to)
                                      : fmt::format("replaces {} (no conversion)", from);
      }
      if (d.op == Op::kRemoved)
        deletions.push_back({old_order[d.key], {d.key, version_of(d.old_object), reason}});
      else
        creations.push_back({new_order[d.key], {d.key, version_of(d.new_object), reason}});
      continue;
    }
    if (d.op != Op::kChanged) continue;
    std::vector<std::string> fields;
    std::map<std::string, std::vector<std::string>> immutable;  // why -> fields
    for (const auto& c : d.changes) {
      fields.push_back(brief_path(c.path));
      std::string why = immutable_reason(*d.new_object, c.path);
      if (!why.empty()) immutable[why].push_back(brief_path(c.path));
    }
    if (immutable.empty()) {
      plan.updates.push_back({d.key, version_of(d.new_object), join(fields, ", ")});
      continue;
    }
    std::vector<std::string> reasons;
    for (const auto& [why, paths] : immutable) reasons.push_back(fmt::format("{}: {}", join(paths), why));
    std::string reason = join(reasons, "; ");
    deletions.push_back({old_order[d.key], {d.key, version_of(d.old_object), reason}});
    creations.push_back({new_order[d.key], {d.key, version_of(d.new_object), reason}});
  }
  std::stable_sort(deletions.begin(), deletions.end(), [](auto& x, auto& y) { return x.first > y.first; });
  std::stable_sort(creations.begin(), creations.end(), [](auto& x, auto& y) { return x.first < y.first; });
  // Pods are stopped before an upgrade (its first step), so they are not deleted again afterwards.
  const bool pods_stopped = std::any_of(deletions.begin(), deletions.end(),
                                        [&](const auto& d) { return gone_after_upgrade(d.second, plan); });
  for (auto& [index, o] : deletions) {
    if (pods_stopped && o.key.kind == "Pod" && o.key.group.empty()) continue;
    if (gone_after_upgrade(o, plan)) {
      o.reason = fmt::format("{} is not served by Kubernetes {}", o.api_version, plan.to.version.text());
      plan.delete_before_upgrade.push_back(std::move(o));
    } else {
      plan.deletions.push_back(std::move(o));
    }
  }
  for (auto& [index, o] : creations) plan.creations.push_back(std::move(o));
}

const SourceGangs* matching(const std::vector<SourceGangs>& sources, const SourceDocument* doc) {
  for (const auto& s : sources)
    if (s.doc == doc) return &s;
  return nullptr;
}

}  // namespace

MigrationPlan build_plan(const PlanInputs& in) {
  MigrationPlan plan;
  plan.from = in.from;
  plan.to = in.to;
  bool first = true;
  for (const auto& src_a : *in.from_sources) {
    const SourceGangs* src_b = matching(*in.to_sources, src_a.doc);
    if (!src_b) continue;
    PlanSide a = in.from, b = in.to;
    a.backend = src_a.backend;
    b.backend = src_b->backend;
    if (first) {
      plan.from = a;
      plan.to = b;
      first = false;
    }
    for (const auto& gang : src_a.gangs) {
      atomicity(a, b, gang, plan.scheduling);
      topology(a, b, gang, plan.scheduling);
    }
    priority(a, b, src_a, plan.scheduling);
    preemption(a, b, src_a, plan.scheduling);
    std::vector<PlanNote> prereq;
    add_prerequisites(a, b, src_a, *src_b, prereq);
    append_unique(plan.prerequisites, prereq);
    if (a.backend != b.backend) scheduler_name_edits(b, src_a, plan.input_edits);
    unused_key_edits(a, b, src_a, plan.input_edits);
    priority_edits(b, src_a, plan.input_edits);
    pod_recreation(a, b, src_a, plan.input_edits);
  }
  object_steps(in, plan);
  return plan;
}

}  // namespace grovectl::diff
