#include "diff/plan_print.hpp"

#include <fmt/format.h>

namespace grovectl::diff {
namespace {

std::string object_line(const PlanObject& o, bool with_version) {
  std::string line = display(o.key);
  if (with_version && !o.api_version.empty()) line += " (" + o.api_version + ")";
  if (!o.reason.empty()) line += ": " + o.reason;
  return line;
}

void section(std::string& out, const char* title, const std::vector<PlanNote>& notes) {
  if (notes.empty()) return;
  out += fmt::format("{}:\n", title);
  for (const auto& n : notes) out += "  - " + n.text + "\n";
}

struct Steps {
  std::string out;
  int number = 0;
  void step(const std::string& text) { out += fmt::format("  {}. {}\n", ++number, text); }
  void objects(const std::vector<PlanObject>& list, bool with_version) {
    for (const auto& o : list) out += "       " + object_line(o, with_version) + "\n";
  }
};

Json side_json(const PlanSide& s) {
  Json gates = Json::object();
  for (const auto& [name, on] : s.gates.values()) gates[name] = on;
  return Json{{"backend", backend_name(s.backend)},
              {"kubeVersion", s.version.text()},
              {"hierarchy", s.hierarchy == Hierarchy::kComposite ? "composite" : "flat"},
              {"featureGates", gates},
              {"label", side_label(s)}};
}

Json notes_json(const std::vector<PlanNote>& notes) {
  Json out = Json::array();
  for (const auto& n : notes) out.push_back(Json{{"type", n.kind}, {"subject", n.subject}, {"text", n.text}});
  return out;
}

Json objects_json(const std::vector<PlanObject>& list) {
  Json out = Json::array();
  for (const auto& o : list) {
    out.push_back(Json{{"apiVersion", o.api_version},
                       {"kind", o.key.kind},
                       {"group", o.key.group},
                       {"namespace", o.key.ns},
                       {"name", o.key.name},
                       {"reason", o.reason}});
  }
  return out;
}

}  // namespace

std::string format_plan_text(const MigrationPlan& plan) {
  std::string out =
      fmt::format("Migration plan: {} → {}{}\n\n", side_label(plan.from), side_label(plan.to),
                  plan.from.grove_version == plan.to.grove_version
                      ? ""
                      : fmt::format(", Grove {} → {}", plan.from.grove_version, plan.to.grove_version));
  section(out, "Scheduling changes", plan.scheduling);
  section(out, "Prerequisites on the target", plan.prerequisites);
  section(out, "Edits the inputs need", plan.input_edits);
  Steps s;
  if (!plan.delete_before_upgrade.empty()) {
    s.step(fmt::format(
        "On Kubernetes {}, before upgrading: stop the pods that use these objects (e.g. scale the "
        "PodCliqueSet to 0 replicas), then delete them in this order; objects of an API version the new "
        "release no longer serves are not converted and must be gone before the upgrade (KEP-4671 upgrade "
        "notes, kubernetes/kubernetes#140184):",
        plan.from.version.text()));
    s.objects(plan.delete_before_upgrade, false);
  }
  if (plan.upgrade()) {
    s.step(fmt::format("Upgrade the cluster to Kubernetes {}{}.", plan.to.version.text(),
                       plan.prerequisites.empty() ? "" : " and prepare it as listed above"));
  } else if (!plan.prerequisites.empty()) {
    s.step("Prepare the target as listed above.");
  }
  if (!plan.input_edits.empty()) s.step("Edit the inputs as listed above.");
  if (!plan.deletions.empty()) {
    s.step("Delete, in this order (the reverse of creation):");
    s.objects(plan.deletions, false);
  }
  if (!plan.creations.empty()) {
    s.step("Create, in this order:");
    s.objects(plan.creations, true);
  }
  if (!plan.updates.empty()) {
    s.step("Update in place:");
    s.objects(plan.updates, false);
  }
  if (s.number == 0) s.step("Nothing to do: both sides render the same objects.");
  out += "Steps:\n" + s.out + "\n";
  return out;
}

Json plan_json(const MigrationPlan& plan) {
  Json steps = Json::object();
  steps["deleteBeforeUpgrade"] = objects_json(plan.delete_before_upgrade);
  steps["delete"] = objects_json(plan.deletions);
  steps["create"] = objects_json(plan.creations);
  steps["update"] = objects_json(plan.updates);
  return Json{{"from", side_json(plan.from)},
              {"to", side_json(plan.to)},
              {"upgrade", plan.upgrade()},
              {"schedulingChanges", notes_json(plan.scheduling)},
              {"prerequisites", notes_json(plan.prerequisites)},
              {"inputEdits", notes_json(plan.input_edits)},
              {"objects", steps}};
}

}  // namespace grovectl::diff
