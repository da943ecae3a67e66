#include "frontend/jobset/checks.hpp"

#include <fmt/format.h>

#include <limits>

#include "frontend/jobset/expand.hpp"
#include "frontend/object_reader.hpp"

namespace grovectl {
namespace {

constexpr const char* kWayOut = "use --jobset-gang replicated-job (one gang per replicated job)";

// Why the JobSet's Jobs start in stages, in the words of the field that says so, and where that field is.
struct Sequencing {
  std::string why;
  std::string pointer;
};

Sequencing sequencing(const JobSet& js) {
  if (js.startup_order == "InOrder") {
    return {
        "startupPolicyOrder InOrder creates the Jobs of each replicated job only once the Jobs before them "
        "are ready",
        "/spec/startupPolicy/startupPolicyOrder"};
  }
  std::vector<std::string> waits;
  std::string first;
  for (const auto& rj : js.replicated_jobs) {
    if (rj.depends_on.empty()) continue;
    if (first.empty()) first = rj.pointer + "/dependsOn";
    std::vector<std::string> deps;
    for (const auto& d : rj.depends_on) deps.push_back(fmt::format("{} to be {}", d.name, d.status));
    waits.push_back(fmt::format("{} waits for {}", rj.name, fmt::join(deps, " and ")));
  }
  return {fmt::format("dependsOn creates its Jobs in stages ({})", fmt::join(waits, ", ")), first};
}

// Sequenced startup splits a JobSet-wide gang: effective_gang_mode renders one gang per replicated job, and
// this warning, at the field that sequences the Jobs, says so.
void warn_sequenced_startup(ObjectReader& r, const JobSet& js, JobSetGangMode mode) {
  if (mode != JobSetGangMode::kJobSet || effective_gang_mode(js, mode) == mode) return;
  int64_t pods = 0;
  for (const auto& rj : js.replicated_jobs) pods += rj.pod_count();
  const Sequencing s = sequencing(js);
  r.warning(
      "jobset/sequenced-startup-gang",
      fmt::format("JobSet {} is not one gang: {}, so a gang of all {} pods would never reach quorum; it "
                  "is rendered as one gang per replicated job, as JobSet's Workload integration does "
                  "(kubernetes-sigs/jobset KEP-969); --jobset-gang replicated-job asks for that shape "
                  "without this warning",
                  js.name, s.why, pods),
      s.pointer);
}

// spec.scheduling exists only in unmerged kubernetes-sigs/jobset PR #1250 (head 5e28553e). Its per-Job gangs
// (`job:`) cannot be written into a pod template shared by every Job of the replicated job.
void check_pr1250_scheduling(ObjectReader& r, const JobSet& js, JobSetGangMode mode) {
  const FieldScope root = r.root();
  const FieldScope spec = r.scope(root, "spec");
  if (!r.has(spec, "scheduling")) return;
  const FieldScope scheduling = r.scope(spec, "scheduling");
  const FieldScope entries = r.scope(scheduling, "replicatedJobs");
  bool refused = false;
  if (entries.node && entries.node->is_array()) {
    for (size_t i = 0; i < entries.node->size(); ++i) {
      const FieldScope entry = r.item(entries, i);
      if (!r.has(entry, "job")) continue;
      const std::string p = entry.place.key("job").pointer();
      refused = true;
      r.error(
          "jobset/per-job-gang",
          "spec.scheduling.replicatedJobs[].job asks for one gang per Job replica; every Job of a replicated "
          "job shares one pod template, so a static pod-side group reference cannot tell the Jobs apart. Use "
          "--jobset-gang replicated-job (one gang per replicated job), or a controller that creates per-Job "
          "groups (the Kubernetes delegated PodGroup model, or a scheduler-side JobSet grouper)",
          p);
    }
  }
  if (refused) return;
  r.warning("jobset/unmerged-scheduling",
            fmt::format(
                "spec.scheduling comes from JobSet PR #1250, which is not merged upstream; a JobSet CRD "
                "from v0.12 or main prunes it silently. grovectl ignores it (including any minCount), "
                "gangs JobSet {} per --jobset-gang {}, and leaves spec.scheduling out of the emitted JobSet",
                js.name, mode == JobSetGangMode::kJobSet ? "jobset" : "replicated-job"),
            "/spec/scheduling");
}

// KEP-808's reverted gangConfig.gangMode ReplicatedGang is the same per-Job request.
void refuse_replicated_gang(ObjectReader& r, const FieldScope& owner) {
  if (!r.has(owner, "gangConfig")) return;
  const FieldScope gang_config = r.scope(owner, "gangConfig");
  const Json* mode = r.find(gang_config, "gangMode");
  if (!mode || !mode->is_string() || mode->get_ref<const std::string&>() != "ReplicatedGang") return;
  r.error(
      "jobset/per-job-gang",
      "gangMode ReplicatedGang asks for one gang per Job replica, which a pod template shared by every Job "
      "cannot express; use --jobset-gang replicated-job",
      gang_config.place.key("gangMode").pointer());
}

void check_gang_config(ObjectReader& r, const JobSet& js) {
  const FieldScope root = r.root();
  const FieldScope spec = r.scope(root, "spec");
  refuse_replicated_gang(r, spec);
  const FieldScope replicated_jobs = r.scope(spec, "replicatedJobs");
  for (size_t i = 0; i < js.replicated_jobs.size(); ++i) {
    refuse_replicated_gang(r, r.item(replicated_jobs, i));
  }
}

// `gangs`: the effective gang mode.
void check_counts(ObjectReader& r, const JobSet& js, JobSetGangMode gangs) {
  bool any_pods = false;
  bool overflow = false;
  int64_t total = 0;
  for (const auto& rj : js.replicated_jobs) {
    if (rj.completion_mode == "Indexed" && rj.parallelism && !rj.completions) {
      r.error(
          "jobset/indexed-needs-completions",
          fmt::format("replicated job {} sets parallelism without completions; with completionMode Indexed "
                      "(the JobSet default) the Job API rejects the child Jobs, so no pod ever runs. Set "
                      "completions (usually equal to parallelism)",
                      rj.name),
          rj.pointer + "/template/spec/parallelism");
      continue;
    }
    if (rj.pod_count() > std::numeric_limits<int32_t>::max()) {
      r.error("jobset/pod-count-overflow",
              fmt::format("replicated job {} has {} pods, more than a gang minCount (int32) can hold",
                          rj.name, rj.pod_count()),
              rj.pointer + "/replicas");
      any_pods = true;
      overflow = true;
      continue;
    }
    if (rj.pod_count() > 0) {
      any_pods = true;
      total += rj.pod_count();
    } else {
      r.warning("jobset/no-pods",
                fmt::format(
                    "replicated job {} runs no pods (replicas x min(parallelism, completions) = 0); it gets "
                    "no pod group",
                    rj.name),
                rj.pointer);
    }
  }
  if (!any_pods) {
    r.warning("jobset/no-pods", fmt::format("JobSet {} runs no pods; it has no gang", js.name), "/spec");
  }
  if (gangs == JobSetGangMode::kJobSet && !overflow && total > std::numeric_limits<int32_t>::max()) {
    r.error("jobset/pod-count-overflow",
            fmt::format(
                "JobSet {} has {} pods in all, more than the minCount (int32) of its one gang can hold; {}",
                js.name, total, kWayOut),
            "/spec/replicatedJobs");
  }
}

// `gangs`: the effective gang mode.
void check_runtime_caveats(ObjectReader& r, const JobSet& js, JobSetGangMode gangs) {
  if (js.suspend) {
    r.warning(
        "jobset/suspended",
        fmt::format("JobSet {} is suspended: its Jobs are created suspended and no pod exists until it is "
                    "resumed, so the gang objects wait without members until then",
                    js.name),
        "/spec/suspend");
  }
  if (!js.managed_by.empty() && js.managed_by != "jobset.sigs.k8s.io/jobset-controller") {
    r.warning(
        "jobset/managed-by",
        fmt::format("spec.managedBy is {}: the built-in JobSet controller creates no Jobs for it; the gangs "
                    "assume the other controller creates the same pods",
                    js.managed_by),
        "/spec/managedBy");
  }
  if (gangs == JobSetGangMode::kJobSet && !js.replicated_jobs.empty()) {
    std::string first;
    for (const auto& rj : js.replicated_jobs) {
      if (rj.pod_count() <= 0 || rj.priority_class_name.empty()) continue;
      if (first.empty()) {
        first = rj.priority_class_name;
      } else if (rj.priority_class_name != first) {
        r.warning(
            "jobset/priority-class-differs",
            fmt::format("replicated job {} uses priorityClassName {}, but the JobSet-wide gang takes {} from "
                        "the first replicated job; {}",
                        rj.name, rj.priority_class_name, first, kWayOut),
            rj.pod_template_pointer() + "/spec/priorityClassName");
      }
    }
  }
}

// The JobSet pod webhook holds follower pods (completion index != 0) until the leader pod is scheduled
// (kubernetes-sigs/jobset@08dfbdfd pkg/webhooks/pod_webhook.go); a gang that counts the followers can wait
// for them forever (an inference upstream did not test).
void check_exclusive_placement(ObjectReader& r, const JobSet& js) {
  const std::string exclusive = "alpha.jobset.sigs.k8s.io/exclusive-topology";
  const std::string strategy = "alpha.jobset.sigs.k8s.io/node-selector";
  bool js_level = js.annotations.count(exclusive) > 0;
  for (const auto& rj : js.replicated_jobs) {
    bool on = js_level || rj.job_annotations.count(exclusive) > 0;
    bool node_selector = js.annotations.count(strategy) > 0 || rj.job_annotations.count(strategy) > 0;
    if (!on || node_selector || rj.pods_per_job() <= 1) continue;
    r.warning(
        "jobset/exclusive-placement",
        fmt::format(
            "replicated job {} uses exclusive placement ({}): the JobSet pod webhook creates the "
            "follower pods of each Job only after its leader pod is scheduled, while the gang holds the "
            "leader until minCount pods exist; this may deadlock (untested upstream). Consider the "
            "node-selector strategy ({})",
            rj.name, exclusive, strategy),
        (js_level ? std::string("/metadata/annotations") : rj.pointer + "/template/metadata/annotations") +
            "/alpha.jobset.sigs.k8s.io~1exclusive-topology");  // the annotation itself (JSON pointer: / is
                                                               // ~1)
  }
}

}  // namespace

void check_jobset(const JobSet& js, JobSetGangMode mode, Diagnostics& diags) {
  ObjectReader r(*js.doc, diags);
  const JobSetGangMode gangs = effective_gang_mode(js, mode);
  warn_sequenced_startup(r, js, mode);
  check_pr1250_scheduling(r, js, mode);
  check_gang_config(r, js);
  check_counts(r, js, gangs);
  check_runtime_caveats(r, js, gangs);
  check_exclusive_placement(r, js);
}

}  // namespace grovectl
