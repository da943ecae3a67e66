#pragma once
// grovectl diff's workflow: the inputs rendered and compared with live objects (a file or kubectl), or with
// a second render for another backend, Kubernetes or Grove version (a migration preview, whose plan is
// built after the comparison). src/cli/diff_command.cpp turns the flags into a DiffRequest and prints the
// outcome; nothing here prints.
#include <optional>
#include <string>
#include <vector>

#include "diff/compare.hpp"
#include "diff/grove_migration.hpp"
#include "diff/ignore.hpp"
#include "diff/kubectl_source.hpp"
#include "diff/plan.hpp"
#include "diff/print.hpp"
#include "model/options.hpp"
#include "workflow/inputs.hpp"

namespace grovectl {

struct DiffRequest {
  SelectorFlags inputs;                 // -f and --topology, how they are read, -n
  RenderOptions options;                // the render compared with the live side, or a migration's from
  std::optional<RenderOptions> target;  // a migration preview's to; then there is no live side
  std::vector<std::string> live;        // --live: files, directories or - (stdin)
  std::optional<diff::KubectlOptions> kubectl;  // --kubectl: the live side fetched read-only
  std::vector<diff::IgnoreRule> ignore;         // --ignore
  bool show_unrelated = false;                  // live objects not from these inputs listed as removed
};

struct DiffOutcome {
  Diagnostics diags;               // what reading, checking and rendering found (warnings too)
  std::vector<std::string> notes;  // what was left out of the comparison, and why
  bool compared = false;           // false: an error in `diags` stopped the diff before comparing
  int exit_code = 0;               // docs/exit-codes.md: 0 no differences, 1 differences, 3, 4
  diff::DiffSet result;
  std::optional<diff::MigrationPlan> plan;  // a migration preview's
  std::vector<diff::GroveMigration> grove_migrations;
  diff::Summary summary;
};

DiffOutcome diff_inputs(const DiffRequest& request);

}  // namespace grovectl
