#include "diff/grove_migration.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/json_member.hpp"

namespace grovectl::diff {
namespace {

bool is_podgang(const ObjectKey& k) {
  return k.group == "scheduler.grove.io" && k.kind == "PodGang";
}
bool is_gang_map(const ObjectKey& k) {
  return k.group == "grove.io" && k.kind == "PodGangMap";
}
bool is_core_pod(const ObjectKey& k) {
  return k.group.empty() && k.kind == "Pod";
}

// An epoch-named PodGang carries grove.io/epoch; a legacy one does not (ai-dynamo/grove PR #778 podgang.go).
bool epoch_named(const Json& podgang) {
  return !label_at(podgang, "grove.io/epoch").empty();
}

// The pod annotations a backend's PreparePod writes with the PodGang's name
// (ai-dynamo/grove operator/internal/scheduler/kai/backend.go, volcano/backend.go); lpx and the kube
// backend set only schedulerName.
std::vector<std::string> group_name_annotations(const ObjectKey& backend_object) {
  if (backend_object.group == "scheduling.run.ai") return {"pod-group-name"};
  if (backend_object.group == "scheduling.volcano.sh")
    return {"scheduling.k8s.io/group-name", "scheduling.volcano.sh/group-name"};
  return {};
}

void add_unique(std::vector<std::string>& list, const std::string& item) {
  if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
}

// The PodCliqueSet a backend object or pod belongs to: its part-of label, else the PodGang it names
// (grove.io/podgang) or is named after (<podgang> or <podgang>-<pod group>).
std::string owner_pcs(const Json& object, const ObjectKey& key,
                      const std::map<std::pair<std::string, std::string>, std::string>& pcs_of_gang) {
  if (std::string pcs = label_at(object, "app.kubernetes.io/part-of"); !pcs.empty()) return pcs;
  if (std::string gang = label_at(object, "grove.io/podgang"); !gang.empty()) {
    auto it = pcs_of_gang.find({key.ns, gang});
    if (it != pcs_of_gang.end()) return it->second;
  }
  for (const auto& [where, pcs] : pcs_of_gang) {
    const std::string& gang = where.second;
    if (where.first == key.ns &&
        (key.name == gang || (key.name.size() > gang.size() && key.name.starts_with(gang + "-"))))
      return pcs;
  }
  return "";
}

std::string objects_text(const std::vector<ObjectKey>& keys) {
  std::string out;
  for (const auto& k : keys) out += "       " + display(k) + "\n";
  return out;
}

std::string count_of(size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

Json keys_json(const std::vector<ObjectKey>& keys) {
  Json out = Json::array();
  for (const auto& k : keys)
    out.push_back(Json{{"group", k.group}, {"kind", k.kind}, {"namespace", k.ns}, {"name", k.name}});
  return out;
}

}  // namespace

std::vector<GroveMigration> find_grove_migrations(const std::vector<ObjectDiff>& diffs) {
  // Pass 1: the PodGangs on each side, by PodCliqueSet.
  std::map<std::pair<std::string, std::string>, GroveMigration> by_pcs;  // (ns, pcs)
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, std::string> pcs_of_gang;  // (ns, gang) -> pcs
  auto migration_of = [&](const std::string& ns, const std::string& pcs) -> GroveMigration& {
    auto [it, inserted] = by_pcs.try_emplace({ns, pcs});
    if (inserted) {
      order.push_back({ns, pcs});
      it->second.ns = ns;
      it->second.pcs = pcs;
    }
    return it->second;
  };
  for (const auto& d : diffs) {
    if (!is_podgang(d.key)) continue;
    if (d.op == Op::kRemoved && d.old_object && !epoch_named(*d.old_object)) {
      const std::string pcs = label_at(*d.old_object, "app.kubernetes.io/part-of");
      if (pcs.empty()) continue;
      migration_of(d.key.ns, pcs).legacy_gangs.push_back(d.key);
      pcs_of_gang[{d.key.ns, d.key.name}] = pcs;
    } else if (d.op == Op::kAdded && d.new_object && epoch_named(*d.new_object)) {
      const std::string pcs = label_at(*d.new_object, "app.kubernetes.io/part-of");
      if (pcs.empty()) continue;
      migration_of(d.key.ns, pcs).epoch_gangs.push_back(d.key);
      pcs_of_gang[{d.key.ns, d.key.name}] = pcs;
    }
  }
  // Pass 2: what goes with them.
  for (const auto& d : diffs) {
    if (is_podgang(d.key)) continue;
    const Json* object = d.op == Op::kRemoved ? (d.old_object ? &*d.old_object : nullptr)
                                              : (d.new_object ? &*d.new_object : nullptr);
    if (!object) continue;
    const std::string pcs = owner_pcs(*object, d.key, pcs_of_gang);
    auto it = by_pcs.find({d.key.ns, pcs});
    if (pcs.empty() || it == by_pcs.end()) continue;
    GroveMigration& m = it->second;
    if (is_gang_map(d.key)) {
      if (d.op == Op::kAdded) m.gang_maps.push_back(d.key);
    } else if (is_core_pod(d.key)) {
      if (d.op == Op::kChanged && d.old_object && d.new_object &&
          label_at(*d.old_object, "grove.io/podgang") != label_at(*d.new_object, "grove.io/podgang"))
        m.relabelled_pods.push_back(d.old_name.empty() ? d.key.name : d.old_name);
    } else if (d.op == Op::kRemoved) {
      m.backend_deleted.push_back(d.key);
      for (const auto& a : group_name_annotations(d.key)) add_unique(m.stale_annotations, a);
    } else if (d.op == Op::kAdded) {
      m.backend_created.push_back(d.key);
    }
  }
  std::vector<GroveMigration> out;
  for (const auto& where : order) {
    GroveMigration& m = by_pcs[where];
    if (!m.legacy_gangs.empty() && !m.epoch_gangs.empty()) out.push_back(std::move(m));
  }
  return out;
}

void leave_to_operator(MigrationPlan& plan, const std::vector<GroveMigration>& migrations) {
  std::set<ObjectKey> operators;
  for (const auto& m : migrations) {
    for (const auto* list :
         {&m.gang_maps, &m.legacy_gangs, &m.epoch_gangs, &m.backend_deleted, &m.backend_created})
      operators.insert(list->begin(), list->end());
  }
  for (auto* steps : {&plan.deletions, &plan.creations, &plan.updates})
    std::erase_if(*steps, [&](const PlanObject& o) { return operators.count(o.key) > 0; });
}

std::string format_grove_migrations_text(const std::vector<GroveMigration>& migrations) {
  std::string out;
  for (const auto& m : migrations) {
    int step = 0;
    auto line = [&](const std::string& text) { out += fmt::format("  {}. {}\n", ++step, text); };
    out += fmt::format(
        "Grove migration: PodCliqueSet {}/{} moves from legacy PodGang names to epoch names (ai-dynamo/grove "
        "PR #778); the operator migrates it by itself when it starts on the new release:\n",
        m.ns, m.pcs);
    line(
        "It sets the condition PodGangMigrationInProgress=True (reason LegacyPodGangsPendingMigration) on "
        "the "
        "PodCliqueSet; its PodClique and scaling-group reconcilers wait until the condition is cleared.");
    line(
        fmt::format("It creates {}, with epochs from its clock (the epochs in the names below are grovectl's "
                    "stand-ins, which --epoch sets):",
                    count_of(m.gang_maps.size(), "PodGangMap", "PodGangMaps")));
    out += objects_text(m.gang_maps);
    line(
        fmt::format("It relabels the PodCliques and {} in place: grove.io/podgang takes the epoch name and "
                    "grove.io/base-podgang is removed; no pod restarts.",
                    m.relabelled_pods.empty() ? std::string("their pods")
                                              : count_of(m.relabelled_pods.size(), "pod", "pods")));
    line(
        fmt::format("It deletes the {} before it creates the new ones: until then the replica has no PodGang "
                    "(a window with no gang):",
                    count_of(m.legacy_gangs.size(), "legacy PodGang", "legacy PodGangs")));
    out += objects_text(m.legacy_gangs);
    line(fmt::format("It creates {}:",
                     count_of(m.epoch_gangs.size(), "epoch-named PodGang", "epoch-named PodGangs")));
    out += objects_text(m.epoch_gangs);
    if (!m.backend_deleted.empty() || !m.backend_created.empty()) {
      line(
          "The backend objects follow their PodGangs: the legacy ones are garbage-collected through their "
          "owner reference, new ones are created under the new names:");
      for (const auto& k : m.backend_deleted) out += "       deleted " + display(k) + "\n";
      for (const auto& k : m.backend_created) out += "       created " + display(k) + "\n";
    }
    if (!m.stale_annotations.empty()) {
      std::string keys;
      for (const auto& a : m.stale_annotations) keys += (keys.empty() ? "" : ", ") + a;
      line(
          fmt::format("Pods created before the migration keep the annotations {} naming the legacy PodGroups "
                      "(ai-dynamo/grove issue #837) until the operator refreshes them (PR #839, open); where "
                      "the diff below "
                      "shows them changing, the operator leaves them.",
                      keys));
    }
    out += "\n";
  }
  return out;
}

Json grove_migrations_json(const std::vector<GroveMigration>& migrations) {
  Json out = Json::array();
  for (const auto& m : migrations) {
    out.push_back(Json{{"namespace", m.ns},
                       {"podCliqueSet", m.pcs},
                       {"podGangMapsCreated", keys_json(m.gang_maps)},
                       {"relabelledPods", m.relabelled_pods},
                       {"legacyPodGangsDeleted", keys_json(m.legacy_gangs)},
                       {"podGangsCreated", keys_json(m.epoch_gangs)},
                       {"backendObjectsDeleted", keys_json(m.backend_deleted)},
                       {"backendObjectsCreated", keys_json(m.backend_created)},
                       {"staleAnnotations", m.stale_annotations}});
  }
  return out;
}

}  // namespace grovectl::diff
