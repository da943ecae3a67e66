// The CRD corpus (testdata/validate/crd/): 50 PodCliqueSets and JobSets, each valid but for ONE error that
// the API server's validation against the official CRD schema raises on `kubectl apply` (27 of them inside
// a pod spec or a Job's pod template). The first line of each file says what is wrong.
//
// Expected rule, line and field path were derived by hand, case by case, from the CRD schemas in
// ../shared/schemas (grove.io_podcliquesets.yaml, jobset.x-k8s.io_jobsets.yaml: the type, enum, pattern,
// minimum, required and x-kubernetes-list-type/list-map-keys of the field; the quantity pattern of
// resource lists; fields the schema does not declare are pruned, so kubectl's default --validate=strict
// reports them) and from where the error sits in the file. A missing field is reported at its parent; a
// duplicate list-map key at the later item.
//
// key_col is the column where the field's key (or, for a list item, the item) starts: every finding points
// at the key of its field, not at the value (issue 15, item 6), so line, column and field path are all
// asserted.
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using namespace grovectl;
using grovectl::test::run_grovectl;
using grovectl::test::testdata;

namespace {

struct Case {
  const char* file;
  const char* rule;
  int line;
  const char* field;
  int key_col;
};

#define POD "spec.template.cliques[0].spec.podSpec."
#define JPOD "spec.replicatedJobs[0].template.spec.template.spec."

const Case kCases[] = {
    // PodCliqueSet, outside the pod spec
    {"pcs-replicas-string", "schema/type", 8, "spec.replicas", 3},
    {"pcs-replicas-fraction", "schema/type", 8, "spec.replicas", 3},
    {"pcs-startup-type-enum", "schema/enum", 10, "spec.template.cliqueStartupType", 5},
    {"pcs-update-strategy-enum", "schema/enum", 9, "spec.updateStrategy.type", 20},
    {"pcs-template-unknown-field", "schema/unknown-field", 10, "spec.template.terminationDelays", 5},
    {"pcs-clique-unknown-field", "schema/unknown-field", 15, "spec.template.cliques[0].spec.minAvailabel", 9},
    {"pcs-pack-domain-pattern", "schema/pattern", 11, "spec.template.topologyConstraint.pack.required", 14},
    {"pcs-duplicate-clique", "schema/duplicate", 19, "spec.template.cliques[1]", 7},
    {"pcs-pcsg-missing-cliquenames", "schema/required", 20,
     "spec.template.podCliqueScalingGroups[0].cliqueNames", 7},
    {"pcs-clique-replicas-word", "schema/type", 14, "spec.template.cliques[0].spec.replicas", 9},
    {"pcs-label-value-type", "schema/type", 8, "metadata.labels.tier", 5},
    {"pcs-headless-bool", "schema/type", 10, "spec.template.headlessServiceConfig.publishNotReadyAddresses",
     29},
    {"pcs-autoscaling-max-word", "schema/type", 16,
     "spec.template.cliques[0].spec.autoScalingConfig.maxReplicas", 45},
    {"pcs-sharing-scope-enum", "schema/enum", 10, "spec.template.resourceSharing[0].scope", 36},
    // PodCliqueSet, inside the pod spec
    {"pod-containres-typo", "schema/unknown-field", 16, POD "containres", 11},
    {"pod-container-port-string", "schema/type", 20, POD "containers[0].ports[0].containerPort", 15},
    {"pod-gpu-quantity-word", "schema/pattern", 21, POD "containers[0].resources.limits.nvidia.com/gpu", 17},
    {"pod-memory-quantity-unit", "schema/pattern", 21, POD "containers[0].resources.requests.memory", 17},
    {"pod-image-integer", "schema/type", 18, POD "containers[0].image", 13},
    {"pod-container-unknown-field", "schema/unknown-field", 19, POD "containers[0].imagePolicy", 13},
    {"pod-env-missing-name", "schema/required", 20, POD "containers[0].env[0].name", 15},
    {"pod-env-duplicate-name", "schema/duplicate", 21, POD "containers[0].env[1]", 15},
    {"pod-ports-duplicate", "schema/duplicate", 21, POD "containers[0].ports[1]", 15},
    {"pod-cpu-limit-bool", "schema/type", 21, POD "containers[0].resources.limits.cpu", 17},
    {"pod-grace-period-string", "schema/type", 16, POD "terminationGracePeriodSeconds", 11},
    {"pod-restart-policy-integer", "schema/type", 16, POD "restartPolicy", 11},
    {"pod-run-as-user-string", "schema/type", 19, POD "containers[0].securityContext.runAsUser", 31},
    {"pod-toleration-seconds-string", "schema/type", 17, POD "tolerations[0].tolerationSeconds", 42},
    {"pod-volume-missing-name", "schema/required", 17, POD "volumes[0].name", 13},
    {"pod-volume-mount-missing-path", "schema/required", 20, POD "containers[0].volumeMounts[0].mountPath",
     15},
    {"pod-init-container-missing-name", "schema/required", 17, POD "initContainers[0].name", 13},
    {"pod-host-network-string", "schema/type", 16, POD "hostNetwork", 11},
    {"pod-node-selector-integer", "schema/type", 17, POD "nodeSelector.disk", 13},
    {"pod-affinity-typo", "schema/unknown-field", 16, POD "affinity.nodeAfinity", 22},
    {"pod-probe-period-string", "schema/type", 19, POD "containers[0].livenessProbe.periodSeconds", 29},
    {"pod-volume-mount-duplicate", "schema/duplicate", 24, POD "containers[0].volumeMounts[1]", 15},
    // JobSet, outside the pod template
    {"js-replicas-negative", "schema/range", 10, "spec.replicatedJobs[0].replicas", 5},
    {"js-startup-order-enum", "schema/enum", 8, "spec.startupPolicy.startupPolicyOrder", 19},
    {"js-failure-action-enum", "schema/enum", 10, "spec.failurePolicy.rules[0].action", 17},
    {"js-success-operator-enum", "schema/enum", 8, "spec.successPolicy.operator", 19},
    {"js-spec-unknown-field", "schema/unknown-field", 8, "spec.gangPolicy", 3},
    {"js-ttl-negative", "schema/range", 8, "spec.ttlSecondsAfterFinished", 3},
    {"js-duplicate-replicated-job", "schema/duplicate", 20, "spec.replicatedJobs[1]", 5},
    {"js-parallelism-string", "schema/type", 13, "spec.replicatedJobs[0].template.spec.parallelism", 9},
    {"js-backoff-limit-string", "schema/type", 15, "spec.replicatedJobs[0].template.spec.backoffLimit", 9},
    // JobSet, inside the pod template
    {"js-pod-container-port-string", "schema/type", 21, JPOD "containers[0].ports[0].containerPort", 17},
    {"js-pod-memory-quantity", "schema/pattern", 22, JPOD "containers[0].resources.requests.memory", 19},
    {"js-pod-container-typo", "schema/unknown-field", 20, JPOD "containers[0].comand", 15},
    {"js-pod-node-selector-integer", "schema/type", 17, JPOD "nodeSelector.pool", 28},
    {"js-pod-env-duplicate", "schema/duplicate", 22, JPOD "containers[0].env[1]", 17},
};

bool in_pod_spec(const Case& c) {
  std::string f = c.field;
  return f.find(".podSpec.") != std::string::npos ||
         f.find(".template.spec.template.spec.") != std::string::npos;
}

// Error findings of the layer-2 families (schema/, meta/, pod/): what the API server itself would refuse.
std::vector<Json> api_server_errors(const Json& report) {
  std::vector<Json> out;
  for (const auto& d : report["documents"]) {
    for (const auto& f : d["findings"]) {
      std::string rule = f["rule"];
      bool layer2 =
          rule.rfind("schema/", 0) == 0 || rule.rfind("meta/", 0) == 0 || rule.rfind("pod/", 0) == 0;
      if (f["severity"] == "error" && layer2) out.push_back(f);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("CRD corpus: each input has one API-server error, found with its rule, line and field path") {
  size_t pod = 0;
  for (const auto& c : kCases) pod += in_pod_spec(c);
  REQUIRE(std::size(kCases) >= 40);
  REQUIRE(pod >= 20);
  for (const auto& c : kCases) {
    std::string path = testdata(std::string("validate/crd/") + c.file + ".yaml").string();
    INFO("case " << c.file);
    auto r = run_grovectl("validate -o json -f '" + path + "'");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    Json report = Json::parse(r.out);
    auto errors = api_server_errors(report);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0]["rule"] == c.rule);
    CHECK(errors[0]["file"] == path);
    CHECK(errors[0]["line"] == c.line);
    CHECK(errors[0]["field"] == c.field);
    CHECK(errors[0]["column"] == c.key_col);
    // The message names the same path, in the API server's words.
    std::string message = errors[0]["message"];
    CHECK(message.find(c.field) != std::string::npos);
  }
}

TEST_CASE("CRD corpus: render refuses every case with the same finding, and writes nothing") {
  for (const auto& c : kCases) {
    std::string path = testdata(std::string("validate/crd/") + c.file + ".yaml").string();
    INFO("case " << c.file);
    auto r = run_grovectl("render -f '" + path + "'");
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK(r.err.find(path + ":" + std::to_string(c.line) + ":") != std::string::npos);
    CHECK(r.err.find(std::string("[") + c.rule + "]") != std::string::npos);
  }
}
