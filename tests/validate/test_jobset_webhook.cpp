// JobSet's validating webhook on CREATE and the CEL rules of its CRD, rule by rule. Every input is one of
// JobSet's own examples (testdata/upstream/jobset-v0.12.0, copied from kubernetes-sigs/jobset v0.12.0
// site/static/examples) with one change made here; every expected message was written by hand from
// pkg/webhooks/jobset_webhook.go at v0.12.0 (ValidateCreate, validateFailurePolicy, validateCoordinator,
// validateCoordinatorLabelValue, validateVolumeClaimPolicies, validateReplicatedJobsVolumeClaims): a
// field.Error prints "<path>: <Type>: <value>: <detail>" (k8s.io/apimachinery v0.35.7
// pkg/util/validation/field/errors.go), a plain error (fmt.Errorf) is given as the webhook writes it. Name
// messages come from k8s.io/apimachinery pkg/util/validation (IsDNS1035Label, IsDNS1123Subdomain,
// IsDomainPrefixedPath, IsValidLabelValue).
#include <algorithm>
#include <catch2/catch.hpp>

#include "support/test_support.hpp"
#include "validate/input_verdict.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;
using grovectl::test::read_file;
using grovectl::test::run_grovectl;
using grovectl::test::testdata;

namespace {

std::string example(const std::string& name) {
  return read_file(testdata("upstream/jobset-v0.12.0/" + name));
}

// `text` with `from` (which must occur once) replaced by `to`.
std::string edited(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  REQUIRE(text.find(from, at + 1) == std::string::npos);
  return text.replace(at, from.size(), to);
}

// Layers 1 to 3 on one document: the findings whose rule starts with `prefix`.
std::vector<Diagnostic> findings(const std::string& text, const std::string& prefix = "jobset/") {
  Diagnostics parse;
  const auto docs = parse_yaml_stream(text, "in.yaml", parse);
  REQUIRE_FALSE(parse.has_errors());
  Diagnostics found;
  check_inputs(docs, RenderOptions{}, InputCheckSettings{}, found);
  std::vector<Diagnostic> out;
  for (const auto& d : found.items()) {
    if (d.rule.starts_with(prefix)) out.push_back(d);
  }
  return out;
}

std::vector<std::string> messages(const std::vector<Diagnostic>& found) {
  std::vector<std::string> out;
  for (const auto& d : found) out.push_back(d.message);
  return out;
}

const char* kDns1035 =
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic "
    "character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for "
    "validation "
    "is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const char* kDns1123Subdomain =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must "
    "start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

}  // namespace

TEST_CASE("jobset webhook: JobSet's own examples pass, but those needing an alpha feature gate",
          "[jobset-webhook]") {
  for (const char* name :
       {"simple-success-policy.yaml", "simple-failure-policy.yaml", "simple-jobset-with-network.yaml",
        "simple-coordinator.yaml", "simple-group.yaml", "failure-policy-onjobfailurereasons-present.yaml",
        "volume-claim-policy-single-pvc.yaml", "depends-on-depends-on.yaml",
        "startup-policy-startup-driver-ready.yaml"}) {
    INFO(name);
    CHECK(findings(example(name), "").empty());
  }
  // RestartJob and InPlaceRestart are alpha gates, off by default (pkg/features/features.go at v0.12.0): the
  // webhook refuses these two examples on a default installation, at the field that needs the gate.
  auto restart_job = findings(example("failure-policy-restartjob-action.yaml"));
  REQUIRE(restart_job.size() == 1);
  CHECK(restart_job[0].rule == "jobset/feature-gate");
  CHECK(
      restart_job[0].message ==
      "RestartJob and RestartJobAndIgnoreMaxRestarts failure policy actions are not allowed when RestartJob "
      "feature gate is disabled");
  CHECK(restart_job[0].field == "spec.failurePolicy.rules[1].action");
  CHECK(restart_job[0].location.line == 18);
  auto in_place = findings(example("in-place-restart-jobset-main-container-mode.yaml"));
  REQUIRE(in_place.size() == 1);
  CHECK(in_place[0].message ==
        "InPlaceRestart restart strategy cannot be set when InPlaceRestart feature gate is disabled");
  CHECK(in_place[0].field == "spec.failurePolicy.restartStrategy");
  CHECK(in_place[0].location.line == 8);
}

TEST_CASE("jobset webhook: success and failure policies name replicated jobs that exist",
          "[jobset-webhook]") {
  // success-policy.yaml targets "workers" (line 11); "worker" is not a replicated job of it.
  auto success = findings(edited(example("simple-success-policy.yaml"), "    - workers", "    - worker"));
  REQUIRE(success.size() == 1);
  CHECK(success[0].rule == "jobset/success-policy");
  CHECK(success[0].message == "invalid replicatedJob name 'worker' does not appear in .spec.ReplicatedJobs");
  CHECK(success[0].field == "spec.successPolicy.targetReplicatedJobs[0]");
  CHECK(success[0].location.line == 11);

  // onjobfailurereasons-present.yaml: rule 0 targets "leader" (line 13) for BackoffLimitExceeded (line 15).
  const std::string policy = example("failure-policy-onjobfailurereasons-present.yaml");
  auto target = findings(edited(policy, "        - leader\n", "        - leaders\n"));
  REQUIRE(target.size() == 1);
  CHECK(target[0].rule == "jobset/failure-policy");
  CHECK(target[0].message ==
        "invalid replicatedJob name 'leaders' in failure policy does not appear in .spec.ReplicatedJobs");
  CHECK(target[0].field == "spec.failurePolicy.rules[0].targetReplicatedJobs[0]");
  CHECK(target[0].location.line == 13);

  // The reasons a failed Job carries are k8s.io/api batch/v1's JobReason constants, spelled exactly.
  auto reason = findings(edited(policy, "- BackoffLimitExceeded", "- BackOffLimitExceeded"));
  REQUIRE(reason.size() == 1);
  CHECK(reason[0].message ==
        "invalid job failure reason 'BackOffLimitExceeded' in failure policy is not a recognized job failure "
        "reason");
  CHECK(reason[0].field == "spec.failurePolicy.rules[0].onJobFailureReasons[0]");
  CHECK(reason[0].location.line == 15);
  for (const char* ok : {"DeadlineExceeded", "FailedIndexes", "MaxFailedIndexesExceeded", "PodFailurePolicy"})
    CHECK(findings(edited(policy, "- BackoffLimitExceeded", std::string("- ") + ok)).empty());
}

TEST_CASE("jobset webhook: failure policy rule names", "[jobset-webhook]") {
  const std::string policy = example("failure-policy-onjobfailurereasons-present.yaml");
  const std::string rule = "      - action: RestartJobSetAndIgnoreMaxRestarts \n";
  // ^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$, 1 to 128 characters.
  auto bad = findings(edited(policy, rule, "      - name: 1st-rule\n" + rule));
  REQUIRE(bad.size() == 1);
  CHECK(
      bad[0].message ==
      "invalid failure policy rule name '1st-rule', a failure policy rule name must start with an alphabetic "
      "character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an "
      "alphanumeric character or '_'");
  CHECK(bad[0].field == "spec.failurePolicy.rules[0].name");
  CHECK(findings(edited(policy, rule, "      - name: on_backoff:leader\n" + rule)).empty());
  auto long_name = findings(edited(policy, rule, "      - name: " + std::string(129, 'r') + "\n" + rule));
  REQUIRE(long_name.size() == 1);
  CHECK(long_name[0].message ==
        "invalid failure policy rule name of length 129, the rule name must be at least 1 characters long "
        "and at "
        "most 128 characters long");
  CHECK(findings(edited(policy, rule, "      - name: " + std::string(128, 'r') + "\n" + rule)).empty());
  // A rule without a name is named failurePolicyRule<index> by the defaulting webhook first: a second rule
  // named failurePolicyRule0 repeats it (Go prints the indices of a []int as "[0 1]").
  const std::string second =
      "      - action: FailJobSet\n        name: failurePolicyRule0\n  replicatedJobs:\n";
  auto repeated = findings(edited(policy, "  replicatedJobs:\n", second));
  REQUIRE(repeated.size() == 1);
  CHECK(repeated[0].message ==
        "rule names are not unique, rules with indices [0 1] all have the same name 'failurePolicyRule0'");
  CHECK(repeated[0].field == "spec.failurePolicy.rules[1].name");
}

TEST_CASE("jobset webhook: network.subdomain is a DNS subdomain and a DNS-1035 label", "[jobset-webhook]") {
  const std::string network = example("simple-jobset-with-network.yaml");
  // jobset-with-network.yaml sets subdomain: example (line 13).
  auto upper = findings(edited(network, "subdomain: example", "subdomain: Example_1"));
  REQUIRE(upper.size() == 2);
  CHECK(messages(upper) ==
        std::vector<std::string>{
            std::string("spec.network.subdomain: Invalid value: \"Example_1\": ") + kDns1123Subdomain,
            std::string("spec.network.subdomain: Invalid value: \"Example_1\": ") + kDns1035});
  CHECK(upper[0].rule == "jobset/network-subdomain");
  CHECK(upper[0].location.line == 13);
  // A dotted name is a subdomain, but the Service it names needs a label.
  CHECK(messages(findings(edited(network, "subdomain: example", "subdomain: a.b"))) ==
        std::vector<std::string>{std::string("spec.network.subdomain: Invalid value: \"a.b\": ") + kDns1035});
  // 64 characters: the webhook puts its own words in place of IsDNS1035Label's length message.
  const std::string long_name(64, 'a');
  CHECK(messages(findings(edited(network, "subdomain: example", "subdomain: " + long_name))) ==
        std::vector<std::string>{"spec.network.subdomain: Invalid value: \"" + long_name +
                                 "\": .spec.network.subdomain is too long, must be less than 63 characters"});
  CHECK(findings(edited(network, "subdomain: example", "subdomain: " + std::string(63, 'a'))).empty());
}

TEST_CASE("jobset webhook: managedBy is a domain-prefixed path of at most 63 characters",
          "[jobset-webhook]") {
  const std::string base = example("simple-success-policy.yaml");
  auto with = [&](const std::string& value) {
    return messages(
        findings(edited(base, "  successPolicy:\n", "  managedBy: " + value + "\n  successPolicy:\n")));
  };
  CHECK(with("kueue.x-k8s.io/multikueue").empty());
  CHECK(with("\"\"") == std::vector<std::string>{"spec.managedBy: Required value"});
  CHECK(with("example.com") ==
        std::vector<std::string>{"spec.managedBy: Invalid value: \"example.com\": must be a domain-prefixed "
                                 "path (such as \"acme.io/foo\")"});
  CHECK(with("Example.com/x") ==
        std::vector<std::string>{std::string("spec.managedBy: Invalid value: \"Example.com\": ") +
                                 kDns1123Subdomain});
  CHECK(with("example.com/a b") ==
        std::vector<std::string>{
            "spec.managedBy: Invalid value: \"a b\": Invalid path (regex used for validation is "
            "'[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')"});
  CHECK(with("example.com/" + std::string(52, 'x')) ==
        std::vector<std::string>{"spec.managedBy: Too long: may not be more than 63 bytes"});
}

TEST_CASE("jobset webhook: dependsOn names an earlier replicated job, never on the first",
          "[jobset-webhook]") {
  const std::string base = example("depends-on-depends-on.yaml");
  // The first replicated job (initializer, line 11) may not depend on anything, even on itself; the webhook
  // also finds "launcher" not among the replicated jobs seen so far.
  auto first = findings(
      edited(base, "    - name: initializer\n      template:",
             "    - name: initializer\n      dependsOn:\n        - name: launcher\n          status: "
             "Complete\n      template:"));
  CHECK(messages(first) ==
        std::vector<std::string>{"DependsOn can't be set for the first ReplicatedJob",
                                 "replicatedJob: initializer cannot depend on replicatedJob: launcher"});
  CHECK(first[0].field == "spec.replicatedJobs[0].dependsOn");
  CHECK(first[0].location.line == 12);
  CHECK(first[1].field == "spec.replicatedJobs[0].dependsOn[0].name");
  CHECK(first[1].location.line == 13);
  // launcher (the second) depends on initializer; on worker, which comes after it, it may not.
  auto later = findings(edited(base, "        - name: initializer\n          status: Complete",
                               "        - name: worker\n          status: Complete"));
  CHECK(messages(later) ==
        std::vector<std::string>{"replicatedJob: launcher cannot depend on replicatedJob: worker"});
}

TEST_CASE("jobset webhook: groupName and the names of generated Jobs and pods", "[jobset-webhook]") {
  const std::string group = example("simple-group.yaml");
  auto bad_group = findings(edited(group, "groupName: group-b", "groupName: Group_B"));
  REQUIRE(bad_group.size() == 1);
  CHECK(bad_group[0].rule == "jobset/group-name");
  CHECK(bad_group[0].message ==
        std::string("spec.replicatedJobs[1].groupName: Invalid value: \"Group_B\": ") + kDns1035);
  auto long_group = findings(edited(group, "groupName: group-b", "groupName: " + std::string(64, 'g')));
  CHECK(messages(long_group) ==
        std::vector<std::string>{
            "spec.replicatedJobs[1].groupName: Invalid value: \"" + std::string(64, 'g') +
            "\": .spec.replicatedJob[].groupName is too long, must be less than 63 characters"});

  // success-policy.yaml: "leader" has 1 replica, completions 1; "workers" 1 replica, completions 2. With a
  // JobSet name of n characters the longest Job is "<n>-workers-0" (n + 10) and the longest pod
  // "<n>-workers-0-1-abcde" (n + 18, the five characters standing for the Job controller's random suffix).
  const std::string base = example("simple-success-policy.yaml");
  auto named = [&](size_t n) {
    return findings(edited(base, "name: success-policy", "name: " + std::string(n, 'j')));
  };
  CHECK(named(45).empty());  // 45 + 18 = 63
  const std::string job45 = std::string(46, 'j') + "-workers-0";
  CHECK(messages(named(46)) ==
        std::vector<std::string>{
            "spec.replicatedJobs[1].name: Invalid value: \"" + job45 +
            "\": JobSet name is too long, pod names generated for this JobSet will exceed 63 "
            "characters"});
  const std::string job54 = std::string(54, 'j') + "-workers-0";  // 64 characters
  const auto too_long = findings(edited(base, "name: success-policy", "name: " + std::string(54, 'j')));
  REQUIRE_FALSE(too_long.empty());
  CHECK(too_long[0].rule == "jobset/name-length");
  const auto too_long_messages = messages(too_long);
  CHECK(
      std::count(
          too_long_messages.begin(), too_long_messages.end(),
          "spec.replicatedJobs[1].name: Invalid value: \"" + job54 +
              "\": JobSet name is too long, job names generated for this JobSet will exceed 63 characters") ==
      1);
}

TEST_CASE("jobset webhook: replicas times parallelism fits an int32", "[jobset-webhook]") {
  const std::string base = example("simple-success-policy.yaml");
  // workers: parallelism 2; 1073741824 replicas make 2^31 pods, one more than int32 holds.
  const std::string workers = "  - name: workers\n    replicas: 1\n";
  CHECK(messages(findings(edited(base, workers, "  - name: workers\n    replicas: 1073741823\n"),
                          "jobset/pod-count"))
            .empty());
  CHECK(messages(findings(edited(base, workers, "  - name: workers\n    replicas: 1073741824\n"),
                          "jobset/pod-count")) ==
        std::vector<std::string>{"the product of replicas and parallelism must not exceed 2147483647 for "
                                 "replicatedJob 'workers'"});
}

TEST_CASE("jobset webhook: the coordinator names an existing pod of an Indexed Job", "[jobset-webhook]") {
  // coordinator.yaml: driver (1 replica, completions 1, the webhook's Indexed default) at job 0, pod 0.
  const std::string base = example("simple-coordinator.yaml");
  auto only = [&](const std::string& text) { return messages(findings(text, "jobset/coordinator")); };
  CHECK(only(edited(base, "replicatedJob: driver", "replicatedJob: drivers")) ==
        std::vector<std::string>{"coordinator replicatedJob drivers does not exist"});
  CHECK(only(edited(base, "jobIndex: 0", "jobIndex: 1")) ==
        std::vector<std::string>{"coordinator job index 1 is invalid for replicatedJob driver"});
  CHECK(only(edited(base, "podIndex: 0", "podIndex: 1")) ==
        std::vector<std::string>{"coordinator pod index 1 is invalid for replicatedJob driver job index 0"});
  const std::string driver = "        parallelism: 1\n        completions: 1\n";
  CHECK(only(edited(base, driver, "        parallelism: 1\n")) ==
        std::vector<std::string>{
            "job for coordinator pod must be indexed completion mode, and completions number must be set"});
  CHECK(only(edited(base, driver, driver + "        completionMode: NonIndexed\n")) ==
        std::vector<std::string>{
            "job for coordinator pod must be indexed completion mode, and completions number must be set"});
  // The coordinator's address "<js>-driver-0-0.<js>" is a label value (at most 63 characters): a JobSet name
  // of 27 makes 27 + 11 + 1 + 27 = 66.
  const std::string name(27, 'c');
  const std::string endpoint = name + "-driver-0-0." + name;
  auto label = only(edited(base, "name: coordinator-example", "name: " + name));
  CHECK(label ==
        std::vector<std::string>{"spec will lead to invalid label value \"" + endpoint +
                                 "\" for coordinator label \"jobset.sigs.k8s.io/coordinator\" (long JobSet / "
                                 "ReplicatedJob / SubDomain name?): must be no more than 63 characters"});
}

TEST_CASE("jobset webhook: volume claim policies", "[jobset-webhook]") {
  // single-pvc.yaml: templates initializer and checkpoints, both mounted by some container.
  const std::string base = example("volume-claim-policy-single-pvc.yaml");
  CHECK(findings(base, "").empty());
  // No container mounts "checkpoints" any more: the claim would be made for nothing.
  auto unmounted = findings(edited(
      base,
      "                    - mountPath: /workspace/checkpoints\n                      name: checkpoints\n",
      ""));
  REQUIRE(unmounted.size() == 1);
  CHECK(unmounted[0].field == "spec.replicatedJobs");
  CHECK(unmounted[0].message.rfind("spec.replicatedJobs: Invalid value: [", 0) == 0);
  CHECK(unmounted[0].message.ends_with(
      ": replicatedJob containers don't have a matching volumeMount: checkpoints from VolumeClaimPolicies"));
  // A pod volume with a template's name conflicts with the volume JobSet adds.
  auto conflict = findings(
      edited(base, "              containers:\n                - name: initializer\n",
             "              volumes:\n                - name: initializer\n                  emptyDir: {}\n"
             "              containers:\n                - name: initializer\n"));
  CHECK(messages(conflict) ==
        std::vector<std::string>{
            "spec.replicatedJobs[0].template.spec.template.spec.volumes[0].name: Invalid value: "
            "\"initializer\": volume name conflicts with VolumeClaimPolicy template name: "
            "initializer"});
  // The claim is named <template>-<jobset>, at most 63 characters; the webhook's path says "template".
  const std::string long_template(42, 't');  // + "-volume-claim-trainjob" (21) = 64
  const auto too_long = messages(findings(edited(base, "- metadata:\n            name: initializer\n",
                                                 "- metadata:\n            name: " + long_template + "\n"),
                                          "jobset/volume"));
  CHECK(std::count(too_long.begin(), too_long.end(),
                   "spec.volumeClaimPolicies[0].template[0].name: Invalid value: \"" + long_template +
                       "\": VolumeClaimPolicies template name is too long") == 1);
  // CEL on each policy: a template's namespace may not be set.
  auto with_namespace =
      findings(edited(base, "- metadata:\n            name: checkpoints\n",
                      "- metadata:\n            name: checkpoints\n            namespace: other\n"));
  CHECK(messages(with_namespace) ==
        std::vector<std::string>{"spec.volumeClaimPolicies[1]: Invalid value: namespace cannot be set for "
                                 "VolumeClaimPolicies templates"});
}

TEST_CASE("jobset webhook: a JobSet without spec is admitted and runs nothing", "[jobset-webhook]") {
  // The CRD does not require spec (config/components/crd/bases/jobset.x-k8s.io_jobsets.yaml); JobSet's
  // defaulting webhook fills it in as for an empty one. Such a JobSet has no gang: a warning, as for a
  // JobSet without replicated jobs, never a schema error.
  const std::string text = "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: js\n";
  for (const std::string& input : {text, text + "spec:\n"}) {
    auto v = run_grovectl("validate -f -", input);
    INFO(v.out << v.err);
    CHECK(v.exit_code == 0);
    CHECK(v.out.find("schema/required") == std::string::npos);
    CHECK(v.out.find("warning: JobSet js runs no pods; it has no gang (field: spec) [jobset/no-pods]") !=
          std::string::npos);
    auto r = run_grovectl("render -f - --include jobset", input);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    // The webhook's defaults, in the order the render writes them for an empty spec.
    CHECK(r.out.find(
              "spec:\n  successPolicy:\n    operator: All\n  startupPolicy:\n    startupPolicyOrder: "
              "AnyOrder\n  network:\n    enableDNSHostnames: true\n    publishNotReadyAddresses: true\n") !=
          std::string::npos);
  }
}
