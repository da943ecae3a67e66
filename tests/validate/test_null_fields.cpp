// Fields written with no value. The API server drops a null whose schema is neither nullable nor
// defaulted before it validates (apiextensions-apiserver PruneNonNullableNullsWithoutDefaults), so Grove's
// e2e inputs that write `topologyConstraint:` alone on a line (operator/e2e/yaml/tas-large-scale.yaml) are
// admitted as if the field were absent. A null inside a list is not dropped and is a type error.
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using grovectl::test::run_grovectl;

namespace {

// Shaped like Grove's e2e TAS inputs: a PodCliqueSet whose constraints are left empty, with the binding.
const char* kPcs = R"(apiVersion: grove.io/v1alpha1
kind: PodCliqueSet
metadata:
  name: tas-large-scale
  namespace: default
  labels:
spec:
  replicas: 1
  template:
    topologyConstraint:
    cliques:
    - name: worker
      topologyConstraint:
      spec:
        roleName: worker
        replicas: 2
        podSpec:
          nodeSelector:
          containers:
          - name: main
            image: busybox
            resources:
            env:
    podCliqueScalingGroups:
    - name: workers
      replicas: 4
      minAvailable: 2
      cliqueNames: [worker]
      topologyConstraint:
---
apiVersion: grove.io/v1alpha1
kind: ClusterTopologyBinding
metadata:
  name: grove-topology
spec:
  levels:
  - domain: block
    key: topology.kubernetes.io/block
  - domain: host
    key: kubernetes.io/hostname
)";

}  // namespace

TEST_CASE("null fields: `topologyConstraint:` with no value passes validate and render") {
  auto v = run_grovectl("validate -f -", kPcs);
  INFO(v.out << v.err);
  CHECK(v.exit_code == 0);
  CHECK(v.out.find("[schema/") == std::string::npos);
  auto r = run_grovectl("render --include podgang -f -", kPcs);
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("kind: PodGang") != std::string::npos);
}

TEST_CASE("null fields: a null list item is not dropped and is a type error") {
  std::string text = kPcs;
  text.replace(text.find("            env:\n"), std::string("            env:\n").size(),
               "            env: [null]\n");
  auto v = run_grovectl("validate -f -", text);
  CHECK(v.exit_code == 1);
  CHECK(
      v.out.find("spec.template.cliques[0].spec.podSpec.containers[0].env[0]: Invalid value: \"null\": "
                 "spec.template.cliques[0].spec.podSpec.containers[0].env[0] in body must be of type object: "
                 "\"null\"") != std::string::npos);
}
