// The validating webhook's rules on rollingUpdate (ai-dynamo/grove PR #817, issue #815), for Grove versions
// whose PodCliqueSet has it: maxUnavailable above 0, only on standalone cliques and on scaling groups (a
// scaling group's clique is rolled with its group), none under the OnDelete update strategy.
// The PR's webhook text was not readable at a commit; these messages say the same in apimachinery's
// field.Error form (docs/grove-versions.md).
#include <fmt/format.h>

#include "validate/field_error.hpp"
#include "validate/grove_rules.hpp"

namespace grovectl {
namespace {

void check_one(const RollingUpdateSpec& u, const std::string& path, bool on_delete, FieldErrors& fe) {
  if (on_delete) {
    fe.forbidden("grove/rolling-update", u.pointer, path,
                 "rollingUpdate must not be set when spec.updateStrategy.type is OnDelete");
  }
  if (u.max_unavailable && *u.max_unavailable <= 0) {
    fe.invalid("grove/rolling-update", u.pointer + "/maxUnavailable", path + ".maxUnavailable",
               std::to_string(*u.max_unavailable), "must be greater than 0");
  }
  if (u.progress_deadline && !parse_go_duration(*u.progress_deadline)) {
    fe.invalid("grove/rolling-update", u.pointer + "/progressDeadline", path + ".progressDeadline",
               go_quote(*u.progress_deadline), "not a duration (for example 10m, 1h30m)");
  }
}

}  // namespace

void check_rolling_update(const PodCliqueSet& pcs, FieldErrors& fe) {
  const bool on_delete = pcs.update_strategy_type == "OnDelete";
  for (size_t i = 0; i < pcs.cliques.size(); ++i) {
    const CliqueTemplate& c = pcs.cliques[i];
    if (!c.rolling_update) continue;
    const std::string path = fmt::format("spec.template.cliques[{}].rollingUpdate", i);
    if (const ScalingGroupConfig* g = pcs.group_of(c.name)) {
      fe.forbidden("grove/rolling-update", c.rolling_update->pointer, path,
                   fmt::format("rollingUpdate is not allowed on a PodClique that belongs to a "
                               "PodCliqueScalingGroup; PodClique {} is rolled with PodCliqueScalingGroup {}, "
                               "whose rollingUpdate applies to it",
                               go_quote(c.name), go_quote(g->name)));
    }
    check_one(*c.rolling_update, path, on_delete, fe);
  }
  for (size_t i = 0; i < pcs.scaling_groups.size(); ++i) {
    const ScalingGroupConfig& g = pcs.scaling_groups[i];
    if (g.rolling_update)
      check_one(*g.rolling_update, fmt::format("spec.template.podCliqueScalingGroups[{}].rollingUpdate", i),
                on_delete, fe);
  }
}

}  // namespace grovectl
