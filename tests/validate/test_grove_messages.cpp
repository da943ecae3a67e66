// Grove's admission messages exactly as the operator prints them (issue 17 item 3). Expected strings were
// derived by hand from apimachinery's field.Error formatting ("<path>: <Type>: <value>: <detail>", a []string
// value printed as JSON; k8s.io/apimachinery pkg/util/validation/field/errors.go) and from Grove's code at
// ai-dynamo/grove fcc3b3bb: the paths of operator/internal/webhook/admission/pcs/validation/podcliqueset.go,
// whose callers pass a []string to Duplicate (env names, init-container env, roleName, scaling-group
// cliqueNames, resourceClaimTemplates); the MNNVL path built with Path.Child (operator/internal/mnnvl/
// webhook.go); the Volcano queue messages of operator/internal/scheduler/volcano/queue.go, each prefixed with
// the clique's annotation path (the queue-name one being the Kubernetes DNS-subdomain message); Volcano
// topology reported for the first constraint only, in the order PodCliqueSet, cliques, scaling groups
// (validateTopologyConstraints in operator/internal/scheduler/volcano/backend.go).
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using namespace grovectl::test;

namespace {

// A PodCliqueSet with cliques a and b (roleNames given), `extra_template` inserted under spec.template and
// `a_extra`/`b_extra` under each clique (at clique level), `a_pod` under a's podSpec.
struct Pcs {
  std::string metadata_extra;
  std::string extra_template;
  std::string a_extra, b_extra;
  std::string a_pod;
  std::string role_a = "a", role_b = "b";

  std::string text() const {
    return "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: demo\n  namespace: ns1\n" +
           metadata_extra + "spec:\n  replicas: 1\n  template:\n" + extra_template +
           "    cliques:\n"
           "    - name: a\n" +
           a_extra + "      spec:\n        roleName: " + role_a +
           "\n        replicas: 1\n        podSpec:\n" + a_pod +
           "          containers:\n          - name: main\n            image: busybox\n"
           "    - name: b\n" +
           b_extra + "      spec:\n        roleName: " + role_b +
           "\n        replicas: 1\n        podSpec:\n"
           "          containers:\n          - name: main\n            image: busybox\n";
  }
};

CommandResult validate(const Pcs& pcs, const std::string& flags = "") {
  return run_grovectl("validate -f - " + flags, pcs.text());
}

}  // namespace

TEST_CASE("Grove's Duplicate value prints the repeated names as a JSON list, once per list",
          "[validate][grove-messages]") {
  SECTION("env names (containers and init containers)") {
    Pcs pcs;
    pcs.a_pod =
        "          initContainers:\n          - name: init\n            image: busybox\n            env:\n"
        "            - {name: X, value: '1'}\n            - {name: X, value: '2'}\n"
        "          containers:\n          - name: main\n            image: busybox\n            env:\n"
        "            - {name: A, value: '1'}\n            - {name: B, value: '1'}\n"
        "            - {name: A, value: '2'}\n            - {name: B, value: '2'}\n            - {name: A, "
        "value: '3'}\n";
    // a's own containers list replaces the default one: drop the duplicate "containers:" the helper adds.
    std::string text = pcs.text();
    const std::string dup =
        "          containers:\n          - name: main\n            image: busybox\n    - name: b";
    text.replace(text.find(dup), dup.size(), "    - name: b");
    auto r = run_grovectl("validate -f -", text);
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK(count_occurrences(r.out,
                            "spec.template.cliques[0].spec.podSpec.spec.containers[0].env: Duplicate value: "
                            "[\"A\",\"B\"] ") == 1);
    CHECK(count_occurrences(r.out,
                            "spec.template.cliques[0].spec.podSpec.spec.initContainers[0].env: Duplicate "
                            "value: [\"X\"] ") == 1);
  }
  SECTION("roleName") {
    Pcs pcs;
    pcs.role_b = "a";
    auto r = validate(pcs);
    INFO(r.out);
    CHECK(count_occurrences(r.out, "spec.template.cliques.roleName: Duplicate value: [\"a\"] ") == 1);
  }
  SECTION("scaling-group cliqueNames") {
    Pcs pcs;
    pcs.extra_template =
        "    podCliqueScalingGroups:\n    - name: g1\n      cliqueNames: [a]\n"
        "    - name: g2\n      cliqueNames: [a, b]\n    - name: g3\n      cliqueNames: [b]\n";
    auto r = validate(pcs);
    INFO(r.out);
    CHECK(count_occurrences(r.out,
                            "spec.template.podCliqueScalingGroups.cliqueNames: Duplicate value: "
                            "[\"a\",\"b\"] ") == 1);
  }
  SECTION("resourceClaimTemplates") {
    Pcs pcs;
    const std::string claim =
        "    - name: gpu\n      templateSpec:\n        spec:\n          devices:\n            requests:\n"
        "            - name: r\n              exactly: {deviceClassName: gpu.example.com}\n";
    pcs.extra_template = "    resourceClaimTemplates:\n" + claim + claim;
    auto r = validate(pcs);
    INFO(r.out);
    CHECK(count_occurrences(r.out,
                            "spec.template.resourceClaimTemplates.name: Duplicate value: [\"gpu\"] ") == 1);
  }
}

TEST_CASE("the MNNVL annotation path follows field.Path, with the Invalid value prefix",
          "[validate][grove-messages]") {
  Pcs pcs;
  pcs.metadata_extra = "  annotations:\n    grove.io/mnnvl-group: ''\n";
  pcs.b_extra = "      annotations:\n        grove.io/mnnvl-group: Bad_Group\n";
  auto r = validate(pcs);
  INFO(r.out);
  CHECK_THAT(r.out,
             Catch::Contains("metadata.annotations.grove.io/mnnvl-group: Invalid value: \"\": mnnvl-group "
                             "value must not be empty (field: metadata.annotations.grove.io/mnnvl-group)"));
  CHECK_THAT(r.out,
             Catch::Contains("spec.template.cliques[1].annotations.grove.io/mnnvl-group: Invalid value: "
                             "\"Bad_Group\": mnnvl-group value \"Bad_Group\" is not a valid DNS-1123 label: "
                             "a lowercase RFC 1123 label must consist of lower case alphanumeric characters "
                             "or '-', and must start and end with an alphanumeric character"));
}

TEST_CASE("Volcano queue rules in the operator's words", "[validate][grove-messages]") {
  SECTION("cliques that resolve to different queues (one annotated, one on the default)") {
    // Clique a (index 0) resolves to its own "training", clique b (index 1, line 20, no annotation) to
    // "default": queue.go reports b, at b's annotation, which b does not have, so the finding points at
    // b's item (line 20, column 7 after "- ").
    Pcs pcs;
    pcs.a_extra = "      annotations:\n        scheduling.grove.io/volcano-queue: training\n";
    const std::string expected =
        "-:20:7: error: spec.template.cliques[1].annotations[scheduling.grove.io/volcano-queue]: all "
        "PodCliques in a PodCliqueSet using volcano scheduler must resolve to the same queue (field: "
        "spec.template.cliques[1].annotations[scheduling.grove.io/volcano-queue]) [grove/volcano-queue]";
    auto r = validate(pcs, "--backend volcano");
    INFO(r.out);
    CHECK(r.exit_code == 1);
    CHECK(count_occurrences(r.out, expected) == 1);
    CHECK(count_occurrences(r.out, "[grove/volcano-queue]") == 1);
    // render and diff refuse it with the same id, location and text (diff with 4: its 1 is differences).
    for (const auto& [command, code] :
         {std::pair<std::string, int>{"render", 1}, {"diff --live /dev/null", 4}}) {
      auto refused = run_grovectl(command + " -f - --backend volcano", pcs.text());
      INFO(command << ": " << refused.err);
      CHECK(refused.exit_code == code);
      CHECK(refused.out.empty());
      CHECK(count_occurrences(refused.err, "grovectl: " + expected) == 1);
    }
  }
  SECTION("every clique that differs is reported, a conflict with the PodCliqueSet at its clique") {
    // queue.go keeps going after an error: the PodCliqueSet says "training"; clique a (index 0) says
    // "inference", a conflict (and it resolves to nothing); clique b resolves to the PodCliqueSet's.
    Pcs pcs;
    pcs.metadata_extra = "  annotations:\n    scheduling.grove.io/volcano-queue: training\n";
    pcs.a_extra = "      annotations:\n        scheduling.grove.io/volcano-queue: inference\n";
    auto r = validate(pcs, "--backend volcano");
    INFO(r.out);
    CHECK_THAT(r.out,
               Catch::Contains("spec.template.cliques[0].annotations[scheduling.grove.io/volcano-queue]: "
                               "conflicting volcano queue annotations: PodCliqueSet has \"training\", "
                               "PodClique has \"inference\""));
    CHECK(count_occurrences(r.out, "[grove/volcano-queue]") == 1);
  }
  SECTION("one queue everywhere is clean; the PodCliqueSet's covers unannotated cliques") {
    Pcs pcs;
    pcs.metadata_extra = "  annotations:\n    scheduling.grove.io/volcano-queue: training\n";
    pcs.a_extra = "      annotations:\n        scheduling.grove.io/volcano-queue: training\n";
    auto r = validate(pcs, "--backend volcano");
    INFO(r.out);
    CHECK(count_occurrences(r.out, "[grove/volcano-queue]") == 0);
  }
  SECTION("an invalid queue name gets the Kubernetes DNS-subdomain message") {
    Pcs pcs;
    pcs.b_extra = "      annotations:\n        scheduling.grove.io/volcano-queue: Team_A\n";
    auto r = validate(pcs, "--backend volcano");
    INFO(r.out);
    CHECK_THAT(r.out,
               Catch::Contains(
                   "spec.template.cliques[1].annotations[scheduling.grove.io/volcano-queue]: a lowercase RFC "
                   "1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must "
                   "start and end with an alphanumeric character (e.g. 'example.com', regex used for "
                   "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"));
  }
}

TEST_CASE("Volcano topology: only the first level with a constraint is reported",
          "[validate][grove-messages]") {
  // A constraint on clique a and on scaling group g (no PodCliqueSet one): validateTopologyConstraints checks
  // the PodCliqueSet, then the cliques, then the scaling groups, and returns the first, clique a.
  Pcs pcs;
  pcs.a_extra = "      topologyConstraint:\n        pack: {required: host}\n";
  pcs.extra_template =
      "    podCliqueScalingGroups:\n    - name: g\n      cliqueNames: [b]\n"
      "      topologyConstraint:\n        pack: {required: rack}\n";
  auto r = validate(pcs, "--backend volcano");
  INFO(r.out);
  CHECK(count_occurrences(r.out, "[grove/volcano-topology]") == 1);
  CHECK_THAT(r.out, Catch::Contains("volcano scheduler backend does not support topologyConstraint on "
                                    "PodClique \"a\" (field: spec.template.cliques[0].topologyConstraint)"));
}
