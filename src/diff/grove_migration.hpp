#pragma once
// Grove's own migration from legacy PodGang names to epoch names (ai-dynamo/grove PR #778, issue #777):
// when the operator of a release that names PodGangs by epoch starts on a cluster whose PodGangs have legacy
// names, it migrates each PodCliqueSet by itself. Found in an object diff whose old side (the live cluster,
// or a render for a legacy Grove version) has legacy PodGangs and whose new side has epoch-named ones, and
// told as the operator does it (docs/grove-diff.md, "Migrating from legacy names").
#include <string>
#include <vector>

#include "core/json.hpp"
#include "diff/compare.hpp"
#include "diff/object_key.hpp"
#include "diff/plan.hpp"

namespace grovectl::diff {

struct GroveMigration {
  std::string ns;
  std::string pcs;                             // PodCliqueSet name
  std::vector<ObjectKey> gang_maps;            // PodGangMaps created
  std::vector<ObjectKey> legacy_gangs;         // legacy PodGangs deleted, before the new ones are created
  std::vector<ObjectKey> epoch_gangs;          // epoch-named PodGangs created
  std::vector<ObjectKey> backend_deleted;      // backend objects of the legacy PodGangs
  std::vector<ObjectKey> backend_created;      // backend objects of the new PodGangs
  std::vector<std::string> relabelled_pods;    // the pods whose grove.io/podgang changes (when pods compared)
  std::vector<std::string> stale_annotations;  // pod annotations that keep naming the legacy PodGroups
};

// One per PodCliqueSet that moves from legacy to epoch names, in the order of the diff.
std::vector<GroveMigration> find_grove_migrations(const std::vector<ObjectDiff>& diffs);

// Takes the objects the operator deletes and creates by itself in a Grove migration out of a migration
// plan's steps, which are the user's to do.
void leave_to_operator(MigrationPlan& plan, const std::vector<GroveMigration>& migrations);

// The epoch names it shows are grovectl's (--epoch): the operator takes its epochs from its clock.
std::string format_grove_migrations_text(const std::vector<GroveMigration>& migrations);
Json grove_migrations_json(const std::vector<GroveMigration>& migrations);

}  // namespace grovectl::diff
