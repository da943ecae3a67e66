// Gangs of JobSet's own examples (testdata/jobset/upstream, copied byte for byte; README.md there gives each
// file's upstream path and blob). Every expected value is derived by hand from the example:
//   pods of a replicated job = replicas x min(parallelism, completions), replicas 1 and parallelism 1 when
//   unset, completions = parallelism when unset (a Job's ready count in kubernetes-sigs/jobset@08dfbdfd
//   pkg/controllers/jobset_controller.go; the Job API's defaults);
//   --jobset-gang jobset: one gang named after the JobSet with one pod group per replicated job, admitted
//   whole (JobSet's top-level gang, KEP-969 and PR #1250 UseTopLevelGang), unless startup is sequenced
//   (dependsOn or startupPolicyOrder InOrder): then one gang "<jobset>-<replicated job>" per replicated job
//   (PR #1250 HasSequencedStartup), with a warning at the field;
//   names and labels of pods: JobSet's placement.GenJobName / GenPodName and labelAndAnnotateObject; the
//   job-key is the SHA-1 of "default/paralleljobs-workers-0" (computed with Python's hashlib).
#include <catch2/catch.hpp>

#include "support/jobset.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

struct Expected {
  std::string name;
  int32_t min_count;
};

void check_groups(const Gang& g, const std::vector<Expected>& expected) {
  REQUIRE(g.groups.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    CHECK(g.groups[i].name == expected[i].name);
    CHECK(g.groups[i].min_count == expected[i].min_count);
    CHECK(g.groups[i].pod_count == expected[i].min_count);
    CHECK(g.groups[i].pod_names.size() == static_cast<size_t>(expected[i].min_count));
  }
}

std::string example(const std::string& path) {
  return testdata("jobset/upstream/" + path).string();
}

RenderOptions per_rj() {
  RenderOptions o;
  o.jobset_gang = JobSetGangMode::kReplicatedJob;
  return o;
}

// The gangs of a sequenced example: one per replicated job, each one group, none admitted whole across
// replicated jobs.
void check_split(const JobSetCase& c, const std::string& jobset, const std::vector<Expected>& expected) {
  REQUIRE(c.expansion.gangs.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const Gang& g = c.expansion.gangs[i];
    CHECK(g.name == jobset + "-" + expected[i].name);
    CHECK_FALSE(g.one_group_on_flat_workload);
    check_groups(g, {expected[i]});
  }
}

// Expands a sequenced example with the default --jobset-gang jobset: split as check_split says, with the one
// warning that says why.
const Diagnostic& split_with_warning(JobSetCase& c, const std::string& path, const std::string& jobset,
                                     const std::vector<Expected>& expected) {
  run_jobset_case(c, example(path));
  REQUIRE(c.ok);
  check_split(c, jobset, expected);
  const Diagnostic* w = find_rule(c.diags, "jobset/sequenced-startup-gang");
  REQUIRE(w);
  CHECK(w->severity == Severity::kWarning);
  return *w;
}

}  // namespace

TEST_CASE("example simple/paralleljobs: workers 1x4 + driver 1x1, one gang of 5 admitted whole") {
  JobSetCase c;
  run_jobset_case(c, example("examples/simple/paralleljobs.yaml"));
  REQUIRE(c.ok);
  REQUIRE(c.expansion.gangs.size() == 1);
  const Gang& g = c.expansion.gangs[0];
  CHECK(g.name == "paralleljobs");
  CHECK(g.ns == "default");
  CHECK(g.one_group_on_flat_workload);
  check_groups(g, {{"workers", 4}, {"driver", 1}});
  CHECK(g.groups[0].pod_names.front() == "paralleljobs-workers-0-0");
  CHECK(g.groups[0].pod_names.back() == "paralleljobs-workers-0-3");
  CHECK(g.groups[0].per_pod_labels[0].at("jobset.sigs.k8s.io/job-key") ==
        "32d672edc82776df1fbf3120a8fc54a9192afa69");
  CHECK(g.groups[1].per_pod_labels[0].at("jobset.sigs.k8s.io/job-global-index") == "1");
  CHECK_FALSE(c.diags.has_errors());
  CHECK(c.diags.warning_count() == 0);
}

TEST_CASE("example depends-on: one gang per replicated job (1, 1, 4), warned at the first dependsOn") {
  JobSetCase c;
  const Diagnostic& w = split_with_warning(c, "examples/depends-on/depends-on.yaml", "depends-on",
                                           {{"initializer", 1}, {"launcher", 1}, {"worker", 4}});
  CHECK(w.location.line == 24);  // launcher's dependsOn key
  CHECK(w.location.column == 7);
  CHECK(w.field == "spec.replicatedJobs[1].dependsOn");
  CHECK(
      w.message ==
      "JobSet depends-on is not one gang: dependsOn creates its Jobs in stages (launcher waits for "
      "initializer to be Complete, worker waits for launcher to be Ready), so a gang of all 6 pods would "
      "never reach quorum; it is rendered as one gang per replicated job, as JobSet's Workload integration "
      "does (kubernetes-sigs/jobset KEP-969); --jobset-gang replicated-job asks for that shape without this "
      "warning");
  CHECK(c.diags.warning_count() == 1);
  CHECK_FALSE(c.diags.has_errors());

  JobSetCase asked;
  run_jobset_case(asked, example("examples/depends-on/depends-on.yaml"), per_rj());
  REQUIRE(asked.ok);
  check_split(asked, "depends-on", {{"initializer", 1}, {"launcher", 1}, {"worker", 4}});
  CHECK(asked.diags.warning_count() == 0);
}

TEST_CASE("example multiple-depends-on: the warning names both dependencies") {
  JobSetCase c;
  const Diagnostic& w =
      split_with_warning(c, "examples/depends-on/multiple-depends-on.yaml", "multiple-depends-on",
                         {{"dataset-initializer", 1}, {"model-initializer", 1}, {"worker", 4}});
  CHECK(w.location.line == 34);
  CHECK_THAT(w.message, Catch::Contains("(worker waits for dataset-initializer to be Complete and "
                                        "model-initializer to be Complete), so a gang of all 6 pods"));
}

TEST_CASE("example startup-driver-ready: InOrder gives driver 1 and workers 4 their own gangs") {
  JobSetCase c;
  const Diagnostic& w = split_with_warning(c, "examples/startup-policy/startup-driver-ready.yaml",
                                           "startup-driver-ready", {{"driver", 1}, {"workers", 4}});
  CHECK(w.location.line == 7);  // startupPolicyOrder: InOrder
  CHECK(w.field == "spec.startupPolicy.startupPolicyOrder");
  CHECK_THAT(w.message, Catch::Contains("a gang of all 5 pods would never reach quorum"));
}

TEST_CASE("example simple/group: group labels match the comments of the example") {
  JobSetCase c;
  run_jobset_case(c, example("examples/simple/group.yaml"));
  REQUIRE(c.ok);
  const Gang& g = c.expansion.gangs[0];
  check_groups(g, {{"rj-1", 2}, {"rj-2", 2}});
  const PodGroup& rj2 = g.groups[1];
  CHECK(rj2.pod_labels.at("jobset.sigs.k8s.io/group-name") == "group-b");
  CHECK(rj2.pod_labels.at("jobset.sigs.k8s.io/group-replicas") == "1");
  CHECK(rj2.pod_labels.at("jobset.sigs.k8s.io/global-replicas") == "2");
  CHECK(rj2.per_pod_labels[0].at("jobset.sigs.k8s.io/job-group-index") == "0");
  CHECK(rj2.per_pod_labels[0].at("jobset.sigs.k8s.io/job-global-index") == "1");
  CHECK(g.groups[0].pod_labels.at("jobset.sigs.k8s.io/group-name") == "default");
}

TEST_CASE("example tpu-multislice: slice 2x4 = 8, labels mirrored, exclusive placement warned") {
  JobSetCase c;
  run_jobset_case(c, example("examples/tpu-multislice/v6e-jax-workload.yaml"));
  REQUIRE(c.ok);
  const Gang& g = c.expansion.gangs[0];
  CHECK(g.name == "v6e-multislice");
  check_groups(g, {{"slice", 8}});
  CHECK(g.labels.at("kueue.x-k8s.io/queue-name") == "multislice-queue");
  CHECK(g.annotations.empty());  // the exclusive-topology key belongs to the JobSet controller
  CHECK(g.groups[0].per_pod_annotations[5].at("alpha.jobset.sigs.k8s.io/exclusive-topology") ==
        "cloud.google.com/gke-nodepool");
  const Diagnostic* w = find_rule(c.diags, "jobset/exclusive-placement");
  REQUIRE(w);
  CHECK(w->location.line == 10);
}

TEST_CASE("example workload-aware-scheduling/jobset: rj 3x2 = 6") {
  JobSetCase c;
  run_jobset_case(c, example("examples/workload-aware-scheduling/jobset.yaml"));
  REQUIRE(c.ok);
  const Gang& g = c.expansion.gangs[0];
  CHECK(g.name == "js");
  check_groups(g, {{"rj", 6}});
  CHECK(g.groups[0].pod_names[5] == "js-rj-2-1");
}

TEST_CASE("PR #1250 examples: spec.scheduling is warned about and ignored, sequencing still splits") {
  JobSetCase single;
  run_jobset_case(single, example("pr1250/single-gang.yaml"));
  REQUIRE(single.ok);
  check_groups(single.expansion.gangs[0], {{"workers", 8}});
  REQUIRE(find_rule(single.diags, "jobset/unmerged-scheduling"));
  CHECK(find_rule(single.diags, "jobset/unmerged-scheduling")->location.line == 22);  // its scheduling: key

  JobSetCase per;
  run_jobset_case(per, example("pr1250/per-rj-independent.yaml"), per_rj());
  REQUIRE(per.ok);
  check_split(per, "per-rj-independent", {{"launcher", 1}, {"worker", 4}});

  // The example's own comment expects one gang PodGroup per replicated job, leader 1 and worker 2.
  JobSetCase sequenced;
  const Diagnostic& w = split_with_warning(sequenced, "pr1250/sequenced-startup-gang.yaml", "sequenced-gang",
                                           {{"leader", 1}, {"worker", 2}});
  CHECK(w.location.line == 61);
}
