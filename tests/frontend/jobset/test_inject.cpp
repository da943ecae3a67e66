// Injection of pod-side membership into the emitted JobSet, through a fake Mapping: the
// frontend must put exactly what Mapping::membership returns into each replicated job's pod template.
#include <catch2/catch.hpp>

#include "backend/templates.hpp"
#include "render/pod_stubs.hpp"
#include "support/jobset.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

Json inject(JobSetCase& c, Diagnostics& diags, const RenderOptions& options) {
  FakeMapping mapping;
  TemplateSet templates;
  MappingContext ctx{options, templates};
  return inject_membership(c, mapping, ctx, diags);
}

const Json& pod_template(const Json& js, size_t i) {
  return js["spec"]["replicatedJobs"][i]["template"]["spec"]["template"];
}

}  // namespace

TEST_CASE("each replicated job's pod template gets its own group's membership (jobset gang)") {
  JobSetCase c;
  RenderOptions options;
  run_jobset_case(c, testdata("jobset/trainer.yaml").string(), options);
  REQUIRE(c.ok);
  Diagnostics diags;
  Json out = inject(c, diags, options);
  CHECK_FALSE(out.contains("status"));
  CHECK(out["metadata"]["namespace"] == "ml");
  const Json& driver = pod_template(out, 0);
  CHECK(driver["metadata"]["labels"] == Json{{"fake.example/group", "trainer.driver"}, {"role", "driver"}});
  CHECK(driver["metadata"]["annotations"] == Json{{"fake.example/gang", "trainer"}});
  CHECK(driver["spec"]["schedulerName"] == "fake-sched");
  CHECK(driver["spec"]["schedulingGroup"] == Json{{"podGroupName", "trainer-driver"}});
  CHECK(pod_template(out, 1)["spec"]["schedulingGroup"] == Json{{"podGroupName", "trainer-workers"}});
  // metadata is created before spec when the template had none.
  CHECK(pod_template(out, 1).begin().key() == "metadata");
  // spare has replicas 0: no pod group, nothing injected.
  CHECK_FALSE(pod_template(out, 3)["spec"].contains("schedulerName"));
  CHECK_FALSE(pod_template(out, 3).contains("metadata"));
  // A live object (metadata.uid) cannot change its pod templates: warned.
  CHECK(find_rule(diags, "jobset/immutable-template"));
}

TEST_CASE("replicated-job gangs: each template points at its own gang") {
  JobSetCase c;
  RenderOptions options;
  options.jobset_gang = JobSetGangMode::kReplicatedJob;
  run_jobset_case(c, testdata("jobset/trainer.yaml").string(), options);
  REQUIRE(c.ok);
  Diagnostics diags;
  Json out = inject(c, diags, options);
  CHECK(pod_template(out, 1)["metadata"]["annotations"] == Json{{"fake.example/gang", "trainer-workers"}});
  CHECK(pod_template(out, 1)["spec"]["schedulingGroup"] == Json{{"podGroupName", "trainer-workers-workers"}});
}

TEST_CASE("membership the template already sets is replaced with a warning, stale group references removed") {
  JobSetCase c;
  RenderOptions options;
  run_jobset_case(c, testdata("jobset/preset-membership.yaml").string(), options);
  REQUIRE(c.ok);
  Diagnostics diags;
  Json out = inject(c, diags, options);
  const Json& t = pod_template(out, 0);
  CHECK(t["metadata"]["labels"] == Json{{"app", "keep"}, {"fake.example/group", "preset.workers"}});
  CHECK(t["spec"]["schedulingGroup"] == Json{{"podGroupName", "preset-workers"}});
  CHECK(t["spec"]["schedulerName"] == "fake-sched");  // same value: kept, no warning
  CHECK_FALSE(t["spec"].contains("workloadRef"));
  std::vector<int> replaced_lines;
  for (const auto& d : diags.items()) {
    CHECK(d.severity == Severity::kWarning);
    if (d.rule == "jobset/membership-replaced") replaced_lines.push_back(d.location.line);
  }
  // A finding about a field points at its key (docs/design.md, "Reading inputs as kubectl does"): the label's key on line 16, then
  // schedulingGroup's on line 20 of testdata/jobset/preset-membership.yaml.
  CHECK(replaced_lines == std::vector<int>{16, 20});
  const Diagnostic* removed = find_rule(diags, "jobset/membership-removed");
  REQUIRE(removed);
  CHECK(removed->location.line == 22);                         // workloadRef's key
  CHECK_FALSE(find_rule(diags, "jobset/immutable-template"));  // no uid: a new object
}

TEST_CASE("spec.scheduling (unmerged PR #1250) is warned about and left out of the emitted JobSet") {
  JobSetCase c;
  RenderOptions options;
  run_jobset_case(c, testdata("jobset/unmerged-scheduling.yaml").string(), options);
  REQUIRE(c.ok);
  const Diagnostic* w = find_rule(c.diags, "jobset/unmerged-scheduling");
  REQUIRE(w);
  CHECK(w->severity == Severity::kWarning);
  CHECK(w->location.line == 6);  // the spec.scheduling key
  // The explicit minCount 3 is ignored: the gang counts every pod (2 x 2).
  CHECK(c.expansion.gangs[0].groups[0].min_count == 4);
  Diagnostics diags;
  Json out = inject(c, diags, options);
  CHECK_FALSE(out["spec"].contains("scheduling"));
}

TEST_CASE("a pod field that current JobSet CRDs prune (workloadRef, k8s 1.35) is warned about once") {
  JobSetCase c;
  RenderOptions options;
  run_jobset_case(c, testdata("jobset/trainer.yaml").string(), options);
  REQUIRE(c.ok);
  FakeMapping mapping("workloadRef");
  TemplateSet templates;
  MappingContext ctx{options, templates};
  Diagnostics diags;
  Json out = inject_membership(c, mapping, ctx, diags);
  CHECK(pod_template(out, 1)["spec"]["workloadRef"] == Json{{"name", "trainer"}, {"podGroup", "workers"}});
  int pruned = 0;
  for (const auto& d : diags.items()) pruned += d.rule == "jobset/crd-prunes-field";
  CHECK(pruned == 1);
}

TEST_CASE("pod stubs of a JobSet gang carry the JobSet/Job labels and annotations per pod") {
  JobSetCase c;
  RenderOptions options;
  run_jobset_case(c, testdata("jobset/trainer.yaml").string(), options);
  REQUIRE(c.ok);
  FakeMapping mapping;
  TemplateSet templates;
  MappingContext ctx{options, templates};
  auto pods = pod_stubs(c.expansion.gangs[0], mapping, ctx);
  REQUIRE(pods.size() == 13);  // 1 + 6 + 6
  const Json& p = pods[4];     // workers job 1, completion index 1 (pods[0] is the driver)
  CHECK(p["metadata"]["name"] == "trainer-workers-1-1");
  CHECK(p["metadata"]["namespace"] == "ml");
  const Json& labels = p["metadata"]["labels"];
  CHECK(labels["jobset.sigs.k8s.io/job-index"] == "1");
  CHECK(labels["jobset.sigs.k8s.io/job-global-index"] == "2");
  CHECK(labels["batch.kubernetes.io/job-completion-index"] == "1");
  CHECK(labels["jobset.sigs.k8s.io/replicatedjob-name"] == "workers");
  CHECK(labels["fake.example/group"] == "trainer.workers");
  CHECK_FALSE(labels.contains("grove.io/podclique-pod-index"));
  const Json& annotations = p["metadata"]["annotations"];
  CHECK(annotations["jobset.sigs.k8s.io/job-key"] == "1351b4a4c8564aac45e6638b2317dbd2a6ce400f");
  CHECK(annotations["fake.example/gang"] == "trainer");
  CHECK(p["spec"]["schedulerName"] == "fake-sched");
  CHECK(p["spec"]["schedulingGroup"] == Json{{"podGroupName", "trainer-workers"}});
}
