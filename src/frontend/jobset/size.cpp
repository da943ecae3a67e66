#include "frontend/jobset/size.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/text_excerpt.hpp"
#include "frontend/expansion_size.hpp"
#include "frontend/jobset/expand.hpp"

namespace grovectl {
namespace {

// A pod stub with its labels (JobSet keys on every pod).
constexpr long double kPodStubBytes = 1000;

}  // namespace

// What expanding `js` produces (expand.hpp counts); pods keep per-pod labels only for --include pods.
bool check_jobset_size(const JobSet& js, const SourceDocument& input, const RenderOptions& options,
                       RenderBudget& budget, Diagnostics& diags) {
  const bool with_pods = options.include && options.include->count(IncludeKind::kPods) > 0;
  const long double meta = expansion_size::metadata_bytes(js.labels, js.annotations);
  long double groups = 0, pods = 0;
  const ReplicatedJob* largest = nullptr;
  for (const auto& rj : js.replicated_jobs) {
    if (rj.pod_count() <= 0) continue;
    groups += 1;
    pods += static_cast<long double>(rj.pod_count());
    if (!largest || rj.pod_count() > largest->pod_count()) largest = &rj;
  }
  ExpansionEstimate e;
  const bool one_gang = effective_gang_mode(js, options.jobset_gang) == JobSetGangMode::kJobSet;
  e.gangs = one_gang ? std::min<long double>(groups, 1) : groups;
  e.pods = with_pods ? pods : 0;
  e.objects = e.gangs * 2 + groups + 1 + e.pods;
  e.bytes = expansion_size::kMetadataCopies * meta + e.objects * expansion_size::kObject +
            e.gangs * 2 * meta + e.pods * (kPodStubBytes + meta);
  const BudgetTaker taker{"JobSet", js.ns.empty() ? js.name : js.ns + "/" + js.name, input.locate()};
  const RenderBudget::Fit fit = budget.take(e, taker);
  if (fit != RenderBudget::Fit::kOverAlone) return fit == RenderBudget::Fit::kTaken;
  std::string pointer = "/spec/replicatedJobs";
  if (largest) {
    pointer = largest->replicas >= largest->pods_per_job() ? largest->pointer + "/replicas"
                                                           : largest->pointer + "/template/spec/parallelism";
  }
  diags.error(
      "render/too-large",
      fmt::format("JobSet {} would expand to {}; {}", excerpt(js.name), describe(e), budget.limits().text),
      input.locate(pointer), pointer_to_field_path(pointer));
  return false;
}

}  // namespace grovectl
