// Refusals of the JobSet frontend through the CLI: exit code 1, the rule id and the file:line of the
// offending node (DESIGN §5; reasons from jobset.md §3 and §4.2).
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

TEST_CASE("a JobSet-wide gang with startupPolicyOrder InOrder is refused") {
  std::string path = testdata("jobset/in-order.yaml").string();
  auto r = render(path);
  CHECK(r.exit_code == 1);
  CHECK(mentions(r, path + ":7:"));  // startupPolicyOrder: InOrder
  CHECK(mentions(r, "[jobset/sequenced-startup-gang]"));
  CHECK(mentions(r, "--jobset-gang replicated-job"));
  CHECK(r.out.empty());
}

TEST_CASE("a JobSet-wide gang with dependsOn is refused (own input)") {
  std::string path = testdata("jobset/depends-on.yaml").string();
  auto r = render(path);
  CHECK(r.exit_code == 1);
  CHECK(mentions(r, path + ":17:"));  // the dependsOn key of "main"
  CHECK(mentions(r, "[jobset/sequenced-startup-gang]"));
}

TEST_CASE("a JobSet-wide gang with dependsOn is refused (shared depends-on sample)") {
  REQUIRE_SHARED_OR_SKIP(shared);
  std::string path = (shared / "samples/jobset/depends-on.yaml").string();
  auto r = render(path);
  CHECK(r.exit_code == 1);
  // launcher (dependsOn at line 24) and worker (line 45) are both reported, at their dependsOn keys.
  CHECK(mentions(r, path + ":24:"));
  CHECK(mentions(r, path + ":45:"));
  CHECK(mentions(r, "[jobset/sequenced-startup-gang]"));
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

TEST_CASE("the way out works: sequenced JobSets render with one gang per replicated job") {
  for (const char* f : {"jobset/in-order.yaml", "jobset/depends-on.yaml"}) {
    auto r = render(testdata(f).string(), "--jobset-gang replicated-job");
    INFO(f << "\n" << r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("error") == std::string::npos);
  }
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
