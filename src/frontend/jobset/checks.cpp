#include "frontend/jobset/checks.hpp"

#include <fmt/format.h>

#include <limits>

#include "frontend/object_reader.hpp"

namespace grovectl {
namespace {

constexpr const char* kWayOut = "use --jobset-gang replicated-job (one gang per replicated job)";

// A JobSet-wide gang needs every pod at once; with sequenced startup later Jobs are created only after
// earlier ones are Ready/Complete, so the gang never reaches quorum (jobset.md §3 "Sequenced creation").
void check_sequenced_startup(ObjectReader& r, const JobSet& js, JobSetGangMode mode) {
  if (mode != JobSetGangMode::kJobSet) return;
  if (js.startup_order == "InOrder") {
    r.error("jobset/sequenced-startup-gang",
            fmt::format("JobSet {} starts its replicated jobs in order (startupPolicyOrder: InOrder), so a "
                        "JobSet-wide gang never reaches quorum; {}",
                        js.name, kWayOut),
            "/spec/startupPolicy/startupPolicyOrder");
  }
  for (const auto& rj : js.replicated_jobs) {
    if (rj.depends_on.empty()) continue;
    r.error("jobset/sequenced-startup-gang",
            fmt::format(
                "replicated job {} depends on {} (dependsOn), so its Jobs are created only after that one "
                "is {} and a JobSet-wide gang never reaches quorum; {}",
                rj.name, rj.depends_on.front().name, rj.depends_on.front().status, kWayOut),
            rj.pointer + "/dependsOn");
  }
}

// spec.scheduling exists only in unmerged JobSet PR #1250 (jobset.md §1.6, §4.2). Its per-Job gangs
// (`job:`) cannot be written into a pod template shared by every Job of the replicated job (§3).
void check_pr1250_scheduling(ObjectReader& r, const JobSet& js, JobSetGangMode mode) {
  if (!r.has("/spec/scheduling")) return;
  const Json* entries = r.find("/spec/scheduling/replicatedJobs");
  bool refused = false;
  if (entries && entries->is_array()) {
    for (size_t i = 0; i < entries->size(); ++i) {
      std::string p = pointer_append("/spec/scheduling/replicatedJobs", i) + "/job";
      if (!r.has(p)) continue;
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
  if (!r.has({owner, "gangConfig"})) return;
  const FieldScope gang_config = r.scope({owner, "gangConfig"});
  const Json* mode = r.find({gang_config, "gangMode"});
  if (!mode || !mode->is_string() || mode->get_ref<const std::string&>() != "ReplicatedGang") return;
  r.error(
      "jobset/per-job-gang",
      "gangMode ReplicatedGang asks for one gang per Job replica, which a pod template shared by every Job "
      "cannot express; use --jobset-gang replicated-job",
      Field{gang_config, "gangMode"}.pointer());
}

void check_gang_config(ObjectReader& r, const JobSet& js) {
  refuse_replicated_gang(r, r.scope("/spec"));
  const FieldScope replicated_jobs = r.scope("/spec/replicatedJobs");
  for (size_t i = 0; i < js.replicated_jobs.size(); ++i) {
    refuse_replicated_gang(r, r.item(replicated_jobs, i));
  }
}

void check_counts(ObjectReader& r, const JobSet& js) {
  bool any_pods = false;
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
      continue;
    }
    if (rj.pod_count() > 0) {
      any_pods = true;
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
}

void check_runtime_caveats(ObjectReader& r, const JobSet& js, JobSetGangMode mode) {
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
  if (mode == JobSetGangMode::kJobSet && !js.replicated_jobs.empty()) {
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

// The JobSet pod webhook holds follower pods (completion index != 0) until the leader pod is scheduled;
// a gang that counts the followers can wait for them forever (jobset.md §3, an inference upstream did not
// test).
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
  check_sequenced_startup(r, js, mode);
  check_pr1250_scheduling(r, js, mode);
  check_gang_config(r, js);
  check_counts(r, js);
  check_runtime_caveats(r, js, mode);
  check_exclusive_placement(r, js);
}

}  // namespace grovectl
