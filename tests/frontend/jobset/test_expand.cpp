// JobSet -> gangs on hand-written inputs. Every expected value below was derived by hand from JobSet's code
// (kubernetes-sigs/jobset@08dfbdfd): pod count = replicas x min(parallelism ?? 1, completions ?? parallelism)
// (a ready Job in pkg/controllers/jobset_controller.go), names and labels (pkg/util/placement/placement.go
// GenJobName, labelAndAnnotateObject in jobset_controller.go), defaults (pkg/webhooks/jobset_webhook.go
// Default and the +kubebuilder:default markers of api/jobset/v1alpha2/jobset_types.go). job-key values are
// SHA-1 of "<ns>/<job-name>" computed with Python's hashlib, not with grovectl.
#include <catch2/catch.hpp>

#include "frontend/jobset/defaults.hpp"
#include "frontend/jobset/sha1.hpp"
#include "support/jobset.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

const PodGroup& group_named(const Gang& g, const std::string& name) {
  for (const auto& pg : g.groups) {
    if (pg.name == name) return pg;
  }
  FAIL("no pod group " << name);
  throw 0;
}

}  // namespace

TEST_CASE("sha1_hex matches the standard vectors and a JobSet job-key label") {
  CHECK(sha1_hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d");
  CHECK(sha1_hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  // job-key of default/paralleljobs-workers-0 (jobHashKey in jobset_controller.go: SHA-1 of "<ns>/<job>").
  CHECK(sha1_hex("default/paralleljobs-workers-0") == "32d672edc82776df1fbf3120a8fc54a9192afa69");
  CHECK(sha1_hex(std::string(200, 'a')) ==
        "e61cfffe0d9195a525fc6cf06ca2d77119c24a40");  // multi-block, hashlib
}

TEST_CASE("jobset gang: one gang named after the JobSet, one pod group per replicated job with pods") {
  JobSetCase c;
  run_jobset_case(c, testdata("jobset/trainer.yaml").string());
  REQUIRE(c.ok);
  REQUIRE(c.expansion.gangs.size() == 1);
  const Gang& g = c.expansion.gangs[0];
  CHECK(g.name == "trainer");
  CHECK(g.ns == "ml");
  // driver 1x1, workers 3 x min(4,2) = 6, feeder (NonIndexed, completions unset = parallelism 3) 2x3 = 6,
  // spare has replicas 0 and gets no group.
  REQUIRE(g.groups.size() == 3);
  CHECK(g.groups[0].name == "driver");
  CHECK(g.groups[0].min_count == 1);
  CHECK(g.groups[1].name == "workers");
  CHECK(g.groups[1].min_count == 6);
  CHECK(g.groups[1].pod_count == 6);
  CHECK(g.groups[2].name == "feeder");
  CHECK(g.groups[2].min_count == 6);
  CHECK(g.priority_class_name == "high");
  REQUIRE(g.owner);
  CHECK(g.owner->api_version == "jobset.x-k8s.io/v1alpha2");
  CHECK(g.owner->kind == "JobSet");
  CHECK(g.owner->name == "trainer");
  CHECK(g.owner->uid == "0b5c7d0e-1111-2222-3333-444455556666");
  CHECK(g.labels == StringMap{{"team", "research"}, {"jobset.sigs.k8s.io/jobset-name", "trainer"}});
  CHECK(g.annotations == StringMap{{"note", "hello"}});
  REQUIRE(g.source);
  CHECK(g.source->kind == "JobSet");
  CHECK(g.source->templates.size() == 4);
  CHECK(g.source->templates[0].labels == StringMap{{"role", "driver"}});
  const Diagnostic* zero = find_rule(c.diags, "jobset/no-pods");
  REQUIRE(zero);
  CHECK(zero->severity == Severity::kWarning);
  CHECK(zero->location.line == 71);  // "- name: spare"
}

TEST_CASE("pod names and labels follow the JobSet and Job controllers") {
  JobSetCase c;
  run_jobset_case(c, testdata("jobset/trainer.yaml").string());
  REQUIRE(c.ok);
  const Gang& g = c.expansion.gangs[0];
  const PodGroup& workers = group_named(g, "workers");
  CHECK(workers.pod_names == std::vector<std::string>{"trainer-workers-0-0", "trainer-workers-0-1",
                                                      "trainer-workers-1-0", "trainer-workers-1-1",
                                                      "trainer-workers-2-0", "trainer-workers-2-1"});
  // Common keys: global-replicas = 1+3+2+0 = 6; group "pool" = workers 3 + feeder 2; restart-attempt from
  // status.restarts; coordinator = <js>-<rj>-0-0.<subdomain = js name>.
  CHECK(workers.pod_labels.at("jobset.sigs.k8s.io/jobset-name") == "trainer");
  CHECK(workers.pod_labels.at("jobset.sigs.k8s.io/jobset-uid") == "0b5c7d0e-1111-2222-3333-444455556666");
  CHECK(workers.pod_labels.at("jobset.sigs.k8s.io/replicatedjob-name") == "workers");
  CHECK(workers.pod_labels.at("jobset.sigs.k8s.io/replicatedjob-replicas") == "3");
  CHECK(workers.pod_labels.at("jobset.sigs.k8s.io/global-replicas") == "6");
  CHECK(workers.pod_labels.at("jobset.sigs.k8s.io/group-name") == "pool");
  CHECK(workers.pod_labels.at("jobset.sigs.k8s.io/group-replicas") == "5");
  CHECK(workers.pod_labels.at("jobset.sigs.k8s.io/restart-attempt") == "1");
  CHECK(workers.pod_labels.at("jobset.sigs.k8s.io/coordinator") == "trainer-driver-0-0.trainer");
  // Pod 3 = job 1, completion index 1: job-global-index = driver's 1 replica + 1 = 2, group index 1.
  REQUIRE(workers.per_pod_labels.size() == 6);
  const StringMap& p3 = workers.per_pod_labels[3];
  CHECK(p3.at("jobset.sigs.k8s.io/job-index") == "1");
  CHECK(p3.at("jobset.sigs.k8s.io/job-global-index") == "2");
  CHECK(p3.at("jobset.sigs.k8s.io/job-group-index") == "1");
  CHECK(p3.at("jobset.sigs.k8s.io/job-key") == "1351b4a4c8564aac45e6638b2317dbd2a6ce400f");
  CHECK(p3.at("batch.kubernetes.io/job-name") == "trainer-workers-1");
  CHECK(p3.at("job-name") == "trainer-workers-1");
  CHECK(p3.at("batch.kubernetes.io/job-completion-index") == "1");
  CHECK(workers.per_pod_annotations[3].at("batch.kubernetes.io/job-completion-index") == "1");
  CHECK(workers.per_pod_annotations[3].at("jobset.sigs.k8s.io/replicatedjob-name") == "workers");

  const PodGroup& feeder = group_named(g, "feeder");
  REQUIRE(feeder.pod_names.size() == 6);
  CHECK(feeder.pod_names[4] == "trainer-feeder-1-1");
  // feeder job 1: global index = 1 + 3 + 1 = 5; group "pool" index = workers' 3 + 1 = 4; NonIndexed, so no
  // completion index.
  CHECK(feeder.per_pod_labels[4].at("jobset.sigs.k8s.io/job-global-index") == "5");
  CHECK(feeder.per_pod_labels[4].at("jobset.sigs.k8s.io/job-group-index") == "4");
  CHECK(feeder.per_pod_labels[4].at("jobset.sigs.k8s.io/job-key") ==
        "7a06eaf9e1e56f83f479278442d31af2bf47adb2");
  CHECK(feeder.per_pod_labels[4].count("batch.kubernetes.io/job-completion-index") == 0);

  const PodGroup& driver = group_named(g, "driver");
  CHECK(driver.pod_labels.at("role") == "driver");
  CHECK(driver.pod_labels.at("jobset.sigs.k8s.io/group-replicas") ==
        "1");  // default group: driver 1 + spare 0
}

TEST_CASE("replicated-job gang: one gang <jobset>-<replicatedJob> per replicated job with pods") {
  JobSetCase c;
  RenderOptions o;
  o.jobset_gang = JobSetGangMode::kReplicatedJob;
  run_jobset_case(c, testdata("jobset/trainer.yaml").string(), o);
  REQUIRE(c.ok);
  REQUIRE(c.expansion.gangs.size() == 3);
  CHECK(c.expansion.gangs[0].name == "trainer-driver");
  CHECK(c.expansion.gangs[1].name == "trainer-workers");
  CHECK(c.expansion.gangs[2].name == "trainer-feeder");
  for (const auto& g : c.expansion.gangs) {
    REQUIRE(g.groups.size() == 1);
    CHECK(g.name == "trainer-" + g.groups[0].name);
    CHECK(g.labels.at("jobset.sigs.k8s.io/replicatedjob-name") == g.groups[0].name);
  }
  CHECK(c.expansion.gangs[1].groups[0].min_count == 6);
  CHECK(c.expansion.gangs[2].priority_class_name == "high");
}

TEST_CASE("the JobSet webhook's and CRD defaults are applied") {
  JobSetCase c;
  run_jobset_case(c, testdata("jobset/trainer.yaml").string());
  REQUIRE(c.ok);
  const Json& d = c.expansion.defaulted;
  CHECK(d["metadata"]["namespace"] == "ml");
  CHECK(d["spec"]["successPolicy"] == Json{{"operator", "All"}});
  CHECK(d["spec"]["startupPolicy"] == Json{{"startupPolicyOrder", "AnyOrder"}});
  CHECK(d["spec"]["network"] == Json{{"enableDNSHostnames", true}, {"publishNotReadyAddresses", true}});
  CHECK(d["spec"]["failurePolicy"]["restartStrategy"] == "Recreate");
  CHECK(d["spec"]["failurePolicy"]["rules"][0]["name"] == "failurePolicyRule0");
  CHECK(d["spec"]["failurePolicy"]["rules"][1]["name"] == "named");
  CHECK(d["spec"]["volumeClaimPolicies"][0]["retentionPolicy"] == Json{{"whenDeleted", "Delete"}});
  const Json& rjs = d["spec"]["replicatedJobs"];
  CHECK(rjs[0]["replicas"] == 1);
  CHECK(rjs[0]["groupName"] == "default");
  CHECK(rjs[1]["groupName"] == "pool");
  CHECK(rjs[0]["template"]["spec"]["completionMode"] == "Indexed");
  CHECK(rjs[2]["template"]["spec"]["completionMode"] == "NonIndexed");  // set by the user
  CHECK(rjs[0]["template"]["spec"]["template"]["spec"]["restartPolicy"] == "OnFailure");
  // Not defaulted by JobSet: parallelism (the driver sets only completions, which its coordinator needs).
  CHECK_FALSE(rjs[0]["template"]["spec"].contains("parallelism"));
  CHECK(rjs[0]["template"]["spec"]["completions"] == 1);
}

TEST_CASE("a default fills a null in its place and is appended where the key is missing") {
  // The API server prunes a null that its schema does not allow before defaulting, so a null takes the
  // default where it stands; a missing key is added after the keys written.
  const Json input =
      Json::parse(R"({"spec":{"network":null,"replicatedJobs":[{"replicas":null,"name":"a"}]}})");
  const Json d = apply_jobset_defaults(input, "ml");
  const Json& rj = d["spec"]["replicatedJobs"][0];
  CHECK(rj.dump() == R"({"replicas":1,"name":"a","groupName":"default"})");
  const Json& spec = d["spec"];
  CHECK(spec.begin().key() == "network");
  CHECK(spec["network"] == Json{{"enableDNSHostnames", true}, {"publishNotReadyAddresses", true}});
}

TEST_CASE("per-pod names and labels are built only for --include pods") {
  JobSetCase c;
  RenderOptions o;
  o.include = {IncludeKind::kScheduler, IncludeKind::kJobSet};
  run_jobset_case(c, testdata("jobset/trainer.yaml").string(), o);
  REQUIRE(c.ok);
  const PodGroup& workers = c.expansion.gangs[0].groups[1];
  CHECK(workers.min_count == 6);
  CHECK(workers.pod_names.empty());
  CHECK(workers.per_pod_labels.empty());
  CHECK(workers.pod_labels.empty());  // only the pod stubs read them (the case above has them)
}

TEST_CASE("namespace: input, else --namespace, else default, a conflicting --namespace is refused") {
  JobSetCase plain;
  run_jobset_case(plain, testdata("jobset/in-order.yaml").string(), [] {
    RenderOptions o;
    o.jobset_gang = JobSetGangMode::kReplicatedJob;
    return o;
  }());
  REQUIRE(plain.ok);
  CHECK(plain.expansion.gangs[0].ns == "default");
  CHECK_FALSE(plain.expansion.gangs[0].owner);  // no metadata.uid: no ownerReferences

  RenderOptions o;
  o.jobset_gang = JobSetGangMode::kReplicatedJob;
  o.namespace_override = "team-a";
  JobSetCase overridden;
  run_jobset_case(overridden, testdata("jobset/in-order.yaml").string(), o);
  REQUIRE(overridden.ok);
  CHECK(overridden.expansion.gangs[0].ns == "team-a");
  CHECK(overridden.expansion.defaulted["metadata"]["namespace"] == "team-a");

  JobSetCase conflict;
  run_jobset_case(conflict, testdata("jobset/trainer.yaml").string(), o);
  CHECK_FALSE(conflict.ok);
  REQUIRE(find_rule(conflict.diags, "usage/namespace"));
  CHECK(find_rule(conflict.diags, "usage/namespace")->location.line == 6);
}
