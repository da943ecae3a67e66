// Golden expansions of the shared JobSet samples (../shared/samples/jobset). Expected values are derived by
// hand from jobset.md §2-§3 and the table in samples/jobset/README.md (pods = replicas x min(parallelism,
// completions)); the job-key value is the one jobset.md §2 gives for default/paralleljobs-workers-0.
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

RenderOptions per_rj() {
  RenderOptions o;
  o.jobset_gang = JobSetGangMode::kReplicatedJob;
  return o;
}

}  // namespace

TEST_CASE("sample simple-paralleljobs: workers 1x4 + driver 1x1 in one gang") {
  REQUIRE_SHARED_OR_SKIP(shared);
  JobSetCase c;
  run_jobset_case(c, (shared / "samples/jobset/simple-paralleljobs.yaml").string());
  REQUIRE(c.ok);
  REQUIRE(c.expansion.gangs.size() == 1);
  const Gang& g = c.expansion.gangs[0];
  CHECK(g.name == "paralleljobs");
  CHECK(g.ns == "default");
  check_groups(g, {{"workers", 4}, {"driver", 1}});
  CHECK(g.groups[0].pod_names.front() == "paralleljobs-workers-0-0");
  CHECK(g.groups[0].pod_names.back() == "paralleljobs-workers-0-3");
  CHECK(g.groups[0].per_pod_labels[0].at("jobset.sigs.k8s.io/job-key") ==
        "32d672edc82776df1fbf3120a8fc54a9192afa69");
  CHECK(g.groups[1].per_pod_labels[0].at("jobset.sigs.k8s.io/job-global-index") == "1");
  CHECK_FALSE(c.diags.has_errors());
  CHECK(c.diags.warning_count() == 0);
}

TEST_CASE("sample simple-group: group labels match the comments of the sample") {
  REQUIRE_SHARED_OR_SKIP(shared);
  JobSetCase c;
  run_jobset_case(c, (shared / "samples/jobset/simple-group.yaml").string());
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

TEST_CASE("sample tpu-multislice: slice 2x4 = 8, labels mirrored, exclusive placement warned") {
  REQUIRE_SHARED_OR_SKIP(shared);
  JobSetCase c;
  run_jobset_case(c, (shared / "samples/jobset/tpu-multislice-v6e-jax-workload.yaml").string());
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

TEST_CASE("sample depends-on: replicated-job gangs 1, 1 and 4") {
  REQUIRE_SHARED_OR_SKIP(shared);
  JobSetCase c;
  run_jobset_case(c, (shared / "samples/jobset/depends-on.yaml").string(), per_rj());
  REQUIRE(c.ok);
  REQUIRE(c.expansion.gangs.size() == 3);
  CHECK(c.expansion.gangs[0].name == "depends-on-initializer");
  check_groups(c.expansion.gangs[0], {{"initializer", 1}});
  CHECK(c.expansion.gangs[1].name == "depends-on-launcher");
  check_groups(c.expansion.gangs[1], {{"launcher", 1}});
  CHECK(c.expansion.gangs[2].name == "depends-on-worker");
  check_groups(c.expansion.gangs[2], {{"worker", 4}});
}

TEST_CASE("sample was-manual-jobset: rj 3x2 = 6") {
  REQUIRE_SHARED_OR_SKIP(shared);
  JobSetCase c;
  run_jobset_case(c, (shared / "samples/jobset/was-manual-jobset.yaml").string());
  REQUIRE(c.ok);
  const Gang& g = c.expansion.gangs[0];
  CHECK(g.name == "js");
  check_groups(g, {{"rj", 6}});
  CHECK(g.groups[0].pod_names[5] == "js-rj-2-1");
}

TEST_CASE("PR #1250 samples: spec.scheduling is warned about and ignored") {
  REQUIRE_SHARED_OR_SKIP(shared);
  JobSetCase single;
  run_jobset_case(single,
                  (shared / "samples/jobset/pr1250-unmerged-spec-scheduling/single-gang.yaml").string());
  REQUIRE(single.ok);
  check_groups(single.expansion.gangs[0], {{"workers", 8}});
  REQUIRE(find_rule(single.diags, "jobset/unmerged-scheduling"));
  CHECK(find_rule(single.diags, "jobset/unmerged-scheduling")->location.line == 22);  // its scheduling: key

  JobSetCase per;
  run_jobset_case(
      per, (shared / "samples/jobset/pr1250-unmerged-spec-scheduling/per-rj-independent.yaml").string(),
      per_rj());
  REQUIRE(per.ok);
  REQUIRE(per.expansion.gangs.size() == 2);
  check_groups(per.expansion.gangs[0], {{"launcher", 1}});
  check_groups(per.expansion.gangs[1], {{"worker", 4}});
}
