#pragma once
// JobSet -> gangs (DESIGN §5, jobset.md §2-§3). One pod group per replicated job that has pods, named
// after the replicated job, minCount = replicas x min(parallelism, completions).
//   --jobset-gang jobset:          one gang named after the JobSet holding every pod group.
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

// Requires every replicated job's pod count to fit in int32 (checked by the caller). `with_pods` fills
// the per-pod names and labels (--include pods only: they grow with the pod count).
std::vector<Gang> expand_jobset_gangs(const JobSet& js, JobSetGangMode mode, bool with_pods);

// Pod group of one replicated job; with_pods adds the names "<js>-<rj>-<jobIdx>-<podIdx>" and the
// labels/annotations the JobSet and Job controllers put on each pod.
// What every gang of `js` points back to.
std::shared_ptr<const GangSource> jobset_gang_source(const JobSet& js);

PodGroup jobset_pod_group(const JobSet& js, size_t rj_index, bool with_pods);

}  // namespace grovectl
