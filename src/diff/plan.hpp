#pragma once
// A migration plan (diff --to-backend / --to-kube-version): what to prepare on the target, what to edit in
// the inputs, what changes in how the gangs are scheduled, and which objects are deleted, created and
// updated, in the order upstream requires. Built from the gang model of both sides and the object diff
// between their renders; printed before that diff (plan_print.hpp).
#include <string>
#include <vector>

#include "diff/compare.hpp"
#include "diff/plan_facts.hpp"
#include "render/pipeline.hpp"

namespace grovectl::diff {

struct PlanNote {
  std::string kind;     // stable id, e.g. gang-atomicity-lost, scheduler-name, runtime-config
  std::string subject;  // the gang, input object or prerequisite it is about
  std::string text;
};

struct PlanObject {
  ObjectKey key;
  std::string api_version;  // the version deleted, created or updated
  std::string reason;       // why a delete or create (a replacement), or the changed fields of an update
};

struct MigrationPlan {
  PlanSide from, to;
  std::vector<PlanNote> scheduling;     // semantic changes
  std::vector<PlanNote> prerequisites;  // on the target; text says whether today's setup has it
  std::vector<PlanNote> input_edits;
  std::vector<PlanObject> delete_before_upgrade;  // objects the target release no longer serves
  std::vector<PlanObject> deletions;              // reverse creation order
  std::vector<PlanObject> creations;              // creation order
  std::vector<PlanObject> updates;
  bool upgrade() const { return from.version != to.version; }
};

struct PlanInputs {
  PlanSide from;  // backend: --backend, replaced per source by the backend it resolves to
  PlanSide to;
  bool from_backend_given = false;
  bool to_backend_given = false;
  const std::vector<SourceGangs>* from_sources = nullptr;
  const std::vector<SourceGangs>* to_sources = nullptr;
  const std::vector<Json>* old_objects = nullptr;  // the compared renders, in creation order
  const std::vector<Json>* new_objects = nullptr;
  const std::vector<ObjectDiff>* diffs = nullptr;  // old_objects against new_objects
};

MigrationPlan build_plan(const PlanInputs& in);

}  // namespace grovectl::diff
