// What the JobSet frontend refuses or warns about, through the CLI: the exit code, the rule id and the
// file:line:col of the node that causes it. Reasons: JobSet's pod counts and sequenced startup
// (kubernetes-sigs/jobset KEP-969, PR #1250), per-Job gangs (ibid., "job:").
#include <catch2/catch.hpp>
#include <fstream>

#include "support/jobset.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

CommandResult render(const std::string& path, const std::string& extra = "") {
  return run_grovectl("render -f " + path + " " + extra);
}

bool mentions(const CommandResult& r, const std::string& text) {
  return r.err.find(text) != std::string::npos;
}

}  // namespace

// Sequenced startup: JobSet creates a later replicated job's Jobs only once earlier ones are Ready or
// Complete, so a JobSet-wide gang would never reach quorum; JobSet's Workload integration renders one gang
// per replicated job then (KEP-969 "Sequenced Startup", PR #1250 HasSequencedStartup), and so does grovectl,
// with a warning at the field that sequences the Jobs. Pod counts: replicas x min(parallelism, completions).
TEST_CASE("startupPolicyOrder InOrder splits a JobSet-wide gang, warned at the field") {
  // in-order.yaml (written for these tests): driver 1 x 1, workers 2 x 2 = 4; startupPolicyOrder at 7:5.
  std::string path = testdata("jobset/in-order.yaml").string();
  auto r = render(path, "--include scheduler");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(mentions(
      r, path + ":7:5: warning: JobSet ordered is not one gang: startupPolicyOrder InOrder creates the "
                "Jobs of each replicated job only once the Jobs before them are ready, so a gang of all "
                "5 pods would never reach quorum; it is rendered as one gang per replicated job"));
  CHECK(mentions(r, "[jobset/sequenced-startup-gang]"));
  CHECK(count_occurrences(r.err, "[jobset/sequenced-startup-gang]") == 1);
  auto workloads = parse_yaml_docs(r.out);
  REQUIRE(workloads.size() == 4);  // per gang (replicated job): a v1beta1 Workload and its PodGroup
  CHECK(workloads[0]["metadata"]["name"] == "ordered-driver");
  CHECK(workloads[2]["metadata"]["name"] == "ordered-workers");
  CHECK(workloads[3]["spec"]["schedulingPolicy"]["gang"]["minCount"] == 4);
}

TEST_CASE("dependsOn splits a JobSet-wide gang, warned at the field (own input)") {
  // depends-on.yaml (written for these tests): init 1 x 1, main 2 x 3 = 6 (dependsOn init Complete, 17:5).
  std::string path = testdata("jobset/depends-on.yaml").string();
  auto r = render(path, "--include scheduler");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(mentions(r, path +
                        ":17:5: warning: JobSet staged is not one gang: dependsOn creates its Jobs in stages "
                        "(main waits for init to be Complete), so a gang of all 7 pods would never reach "
                        "quorum"));
  CHECK(mentions(r, "(field: spec.replicatedJobs[1].dependsOn)"));
  auto objects = parse_yaml_docs(r.out);
  REQUIRE(objects.size() == 4);
  CHECK(objects[0]["metadata"]["name"] == "staged-init");
  CHECK(objects[2]["metadata"]["name"] == "staged-main");
  CHECK(objects[3]["spec"]["schedulingPolicy"]["gang"]["minCount"] == 6);
}

TEST_CASE("a sequenced JobSet renders the same with --jobset-gang replicated-job, which gives no warning") {
  for (const char* f : {"jobset/in-order.yaml", "jobset/depends-on.yaml"}) {
    auto asked = render(testdata(f).string(), "--jobset-gang replicated-job");
    auto split = render(testdata(f).string());
    INFO(f << "\n" << asked.err);
    CHECK(asked.exit_code == 0);
    CHECK(asked.err.find("warning") == std::string::npos);
    CHECK(asked.out == split.out);
  }
}

TEST_CASE("a gang per Job replica (PR #1250 job:) is refused") {
  std::string path = testdata("jobset/per-job-scheduling.yaml").string();
  // The released JobSet CRD has no spec.scheduling: kubectl's default strict validation refuses it as an
  // unknown field; with unknown fields relaxed, the frontend's own refusal is what remains.
  auto strict = render(path);
  CHECK(strict.exit_code == 1);
  CHECK(mentions(strict, "[schema/unknown-field]"));
  auto r = render(path, "--unknown-fields=warn");
  CHECK(r.exit_code == 1);
  CHECK(mentions(r, path + ":9:"));  // the job: key
  CHECK(mentions(r, "[jobset/per-job-gang]"));
  auto per_rj = render(path, "--jobset-gang replicated-job --unknown-fields=warn");
  CHECK(per_rj.exit_code == 1);  // the request itself is what cannot be expressed
  CHECK(mentions(per_rj, "[jobset/per-job-gang]"));
}

TEST_CASE("the shared PR #1250 per-Job sample is refused") {
  REQUIRE_SHARED_OR_SKIP(shared);
  std::string path =
      (shared / "samples/jobset/pr1250-unmerged-spec-scheduling/per-ij-job-independent.yaml").string();
  auto r = render(path, "--unknown-fields=warn");  // spec.scheduling is unknown to the released CRD
  CHECK(r.exit_code == 1);
  CHECK(mentions(r, path + ":17:"));  // the job: key
  CHECK(mentions(r, "[jobset/per-job-gang]"));
}

TEST_CASE("gangMode ReplicatedGang is refused where it is written: on the JobSet and on a replicated job") {
  // KEP-808's gangConfig was reverted, so the released CRD does not know it (hence --unknown-fields=warn).
  // A refusal points at the gangMode key: line 6 column 16 on the JobSet, line 15 column 7 on the second
  // replicated job. The first replicated job asks for JobSetGang, which is not refused.
  const auto dir = scratch_dir("gang-mode");
  const std::string path = (dir / "gang-mode.yaml").string();
  std::ofstream(path) << R"(apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata:
  name: gangs
spec:
  gangConfig: {gangMode: ReplicatedGang}
  replicatedJobs:
  - name: driver
    gangConfig: {gangMode: JobSetGang}
    template:
      spec:
        template: {spec: {containers: [{name: c, image: busybox}]}}
  - name: workers
    gangConfig:
      gangMode: ReplicatedGang
    template:
      spec:
        template: {spec: {containers: [{name: c, image: busybox}]}}
)";
  auto r = render(path, "--unknown-fields=warn");
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(count_occurrences(r.err, "[jobset/per-job-gang]") == 2);
  CHECK(mentions(r, path + ":6:16: error: gangMode ReplicatedGang"));
  CHECK(mentions(r, "(field: spec.gangConfig.gangMode)"));
  CHECK(mentions(r, path + ":15:7: error: gangMode ReplicatedGang"));
  CHECK(mentions(r, "(field: spec.replicatedJobs[1].gangConfig.gangMode)"));
  CHECK_FALSE(mentions(r, "replicatedJobs[0].gangConfig.gangMode"));
}

TEST_CASE("Indexed completion mode with parallelism but no completions is refused") {
  std::string path = testdata("jobset/parallelism-only.yaml").string();
  auto r = render(path);
  CHECK(r.exit_code == 1);
  CHECK(mentions(r, path + ":10:"));
  CHECK(mentions(r, "[jobset/indexed-needs-completions]"));
}

TEST_CASE("startupPolicyOrder InOrder together with dependsOn is invalid (JobSet CEL rule)") {
  std::string path = testdata("jobset/in-order-depends-on.yaml").string();
  auto r = render(path, "--jobset-gang replicated-job");
  CHECK(r.exit_code == 1);
  CHECK(mentions(r, path + ":6:3:"));  // the CEL rule is on spec, as validate reports it
  CHECK(mentions(r, "StartupPolicy and DependsOn APIs are mutually exclusive"));
}

TEST_CASE("a suspended JobSet is a warning, not a refusal") {
  JobSetCase c;
  run_jobset_case(c, testdata("jobset/suspended.yaml").string());
  CHECK(c.ok);
  const Diagnostic* w = find_rule(c.diags, "jobset/suspended");
  REQUIRE(w);
  CHECK(w->severity == Severity::kWarning);
  CHECK(w->location.line == 6);
  CHECK_FALSE(c.diags.has_errors());
}

TEST_CASE("a suspended JobSet renders with a warning on stderr") {
  std::string path = testdata("jobset/suspended.yaml").string();
  auto r = render(path);
  CHECK(r.exit_code == 0);
  CHECK(mentions(r, path + ":6:"));
  CHECK(mentions(r, "warning:"));
  CHECK(mentions(r, "[jobset/suspended]"));
}

TEST_CASE("differing priorityClassNames in a JobSet-wide gang and a foreign managedBy are warnings") {
  JobSetCase c;
  run_jobset_case(c, testdata("jobset/mixed-priority.yaml").string());
  REQUIRE(c.ok);
  CHECK(c.expansion.gangs[0].priority_class_name == "high");  // the first replicated job's, as PR #1250 does
  const Diagnostic* prio = find_rule(c.diags, "jobset/priority-class-differs");
  REQUIRE(prio);
  CHECK(prio->location.line == 22);
  const Diagnostic* managed = find_rule(c.diags, "jobset/managed-by");
  REQUIRE(managed);
  CHECK(managed->location.line == 6);
  CHECK_FALSE(c.diags.has_errors());

  JobSetCase per_rj;
  RenderOptions o;
  o.jobset_gang = JobSetGangMode::kReplicatedJob;
  run_jobset_case(per_rj, testdata("jobset/mixed-priority.yaml").string(), o);
  REQUIRE(per_rj.ok);
  CHECK_FALSE(find_rule(per_rj.diags, "jobset/priority-class-differs"));
  CHECK(per_rj.expansion.gangs[1].priority_class_name == "low");
}
