#pragma once
// JobSet -> gangs. One pod group per replicated job that has pods, named after the replicated job, minCount =
// replicas x min(parallelism, completions), as JobSet counts a replicated job's pods when it sets its status
// (kubernetes-sigs/jobset@08dfbdfd pkg/controllers/jobset_controller.go, a Job is ready at min(parallelism,
// completions) pods) and Kueue sizes its pod sets (kubernetes-sigs/kueue@ff69552e
// pkg/controller/jobs/jobset/jobset_controller.go).
//   --jobset-gang jobset:          one gang named after the JobSet holding every pod group, admitted whole on
//                                  every backend (Gang::one_group_on_flat_workload), unless startup is
//                                  sequenced (effective_gang_mode).
//   --jobset-gang replicated-job:  one gang "<jobset>-<replicatedJob>" per replicated job.
// Gang labels: the JobSet's labels plus jobset.sigs.k8s.io/jobset-name (and .../replicatedjob-name per
// replicated-job gang), as the JobSet controller labels its own children. Gang annotations: the JobSet's,
// without JobSet-controller keys (*jobset.sigs.k8s.io/*) and kubectl's last-applied configuration.
#include <memory>
#include <vector>

#include "frontend/jobset/types.hpp"
#include "model/gang.hpp"
#include "model/options.hpp"

namespace grovectl {

// The gangs `js` gets when `asked` for: a JobSet with sequenced startup (any dependsOn, or startupPolicyOrder
// InOrder) creates the Jobs of a replicated job only once earlier ones are Ready or Complete, so one gang of
// every pod would never reach quorum; it gets one gang per replicated job, as JobSet's Workload integration
// does (kubernetes-sigs/jobset KEP-969 "Sequenced Startup", PR #1250 HasSequencedStartup).
JobSetGangMode effective_gang_mode(const JobSet& js, JobSetGangMode asked);

// Requires every gang's pod count to fit in int32 (checked by the caller). `with_pods` fills
// the per-pod names and labels (--include pods only: they grow with the pod count).
std::vector<Gang> expand_jobset_gangs(const JobSet& js, JobSetGangMode mode, bool with_pods);

// What every gang of `js` points back to.
std::shared_ptr<const GangSource> jobset_gang_source(const JobSet& js);

// Pod group of one replicated job; with_pods adds the names "<js>-<rj>-<jobIdx>-<podIdx>" and the
// labels/annotations the JobSet and Job controllers put on each pod.
PodGroup jobset_pod_group(const JobSet& js, size_t rj_index, bool with_pods);

}  // namespace grovectl
