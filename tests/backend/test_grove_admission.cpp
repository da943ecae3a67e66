// Grove's scheduler-backend admission rules (src/backend/grove_admission.hpp): each is written once, and
// validate, render and diff report it with the same rule id, location and text.
//
// Expected lines derived by hand from Grove's backends at ai-dynamo/grove fcc3b3bb:
// - operator/internal/scheduler/kai/backend.go resolveQueueNameForPodCliqueSet: the PodCliqueSet's queue
//   (label kai.scheduler/queue, else the annotation) first, every clique template that sets one must match it
//   (the first that differs is reported); without one, the templates' queues must be one value ("no KAI
//   queue ..." when none, "conflicting KAI queues ...: [a b]", sorted, when several);
// - operator/internal/scheduler/lpx/backend.go ValidatePodCliqueSet (ai-dynamo/grove PR #663): any
//   topologyConstraint, looked for in the PodCliqueSet, its cliques, then its scaling groups;
// - operator/internal/scheduler/volcano/backend.go validateTopologyConstraints (the PodCliqueSet, then its
//   cliques, then its scaling groups; the first constraint ends the check, before any queue) and queue.go
//   validateQueueAnnotations (messages prefixed with the annotation's path, written
//   "annotations[scheduling.grove.io/volcano-queue]").
// The operator wraps these messages in `spec: Invalid value: <the whole spec>: ...`; grovectl prints the
// message and points at the field it is about: the label or annotation, the topologyConstraint, or, for a
// missing KAI queue, the PodCliqueSet's labels (its metadata when it has none).
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using namespace grovectl::test;

namespace {

struct Case {
  std::string input;  // the file, as given on the command line
  std::string backend;
  std::string line;  // validate's line after "<input>:"
};

std::string file(const std::string& rel) {
  return testdata(rel).string();
}

// A PodCliqueSet whose Volcano queue "Bad_Queue" (line 6, column 5) is not a DNS subdomain, with one clique a
// (line 10) and `clique_extra` under it (from line 11, column 7).
std::string bad_queue_pcs(const std::string& clique_extra) {
  return "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: v\n  annotations:\n"
         "    scheduling.grove.io/volcano-queue: Bad_Queue\nspec:\n  template:\n    cliques:\n"
         "    - name: a\n" +
         clique_extra +
         "      spec:\n        roleName: a\n        replicas: 1\n        podSpec:\n"
         "          containers: [{name: c, image: busybox}]\n";
}

}  // namespace

TEST_CASE("Grove's backend rules: one id, location and text in validate, render and diff",
          "[backend][grove-admission]") {
  const std::string dns_subdomain =
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and "
      "must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
      "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
  const std::string lpx_refusal =
      "lpx-scheduler does not support Grove topology constraints; placement topology must be expressed "
      "through the LPX workload contract";
  const std::vector<Case> cases = {
      // Clique a (index 0) sets q2 by label (line 13), clique b (index 1) q1 by annotation (line 23,
      // column 11), the PodCliqueSet none: b is the first template that differs from the first set.
      {file("backends/conflicting-queue-pcs.yaml"), "kai-scheduler",
       "23:11: error: conflicting KAI queues on PodCliqueSet ns1/cq PodClique templates: [q1 q2] (field: "
       "spec.template.cliques[1].annotations[kai.scheduler/queue]) [grove/kai-queue]"},
      // The PodCliqueSet's annotation says q1; clique b's label (line 23, column 11) says q2.
      {file("backends/mismatched-queue-pcs.yaml"), "kai-scheduler",
       "23:11: error: KAI queue on PodCliqueSet ns1/mq is \"q1\" but PodClique template \"b\" resolves to "
       "\"q2\" (field: spec.template.cliques[1].labels[kai.scheduler/queue]) [grove/kai-queue]"},
      // No queue anywhere: at the PodCliqueSet's labels key (line 8, column 3), the field the message
      // names.
      {(source_dir() / "examples/disaggregated-inference.yaml").string(), "kai-scheduler",
       "8:3: error: no KAI queue is configured on PodCliqueSet inference/llm-serve or its PodClique "
       "templates "
       "(set the label kai.scheduler/queue on the PodCliqueSet) (field: metadata.labels) [grove/kai-queue]"},
      // "Bad_Queue" on the PodCliqueSet (line 6, column 5): the Kubernetes DNS-subdomain message.
      {file("validate/b-volcano-queue-invalid.yaml"), "volcano",
       "6:5: error: metadata.annotations[scheduling.grove.io/volcano-queue]: " + dns_subdomain +
           " (field: metadata.annotations[scheduling.grove.io/volcano-queue]) [grove/volcano-queue]"},
      // The PodCliqueSet's topologyConstraint (line 8, column 5).
      {file("validate/b-volcano-topology.yaml"), "volcano",
       "8:5: error: volcano scheduler backend does not support topologyConstraint on PodCliqueSet (field: "
       "spec.template.topologyConstraint) [grove/volcano-topology]"},
      // The same constraint under lpx-scheduler (operator/internal/scheduler/lpx/backend.go, PR #663): one
      // message for every level.
      {file("validate/b-volcano-topology.yaml"), "lpx-scheduler",
       "8:5: error: " + lpx_refusal + " (field: spec.template.topologyConstraint) [grove/lpx-topology]"},
  };
  for (const auto& c : cases) {
    const std::string args = " -f '" + c.input + "' --backend " + c.backend;
    const std::string expected = c.input + ":" + c.line;
    CommandResult validate = run_grovectl("validate" + args);
    INFO(c.input << "\nvalidate:\n" << validate.out);
    CHECK(validate.exit_code == 1);
    CHECK(count_occurrences(validate.out, expected) == 1);
    CHECK(count_occurrences(validate.out, ": error: ") == 1);
    // An input render refuses is 1 from render and 4 from diff, whose 1 means differences only.
    for (const auto& [command, code] :
         {std::pair<std::string, int>{"render", 1}, {"diff --live /dev/null", 4}}) {
      CommandResult refused = run_grovectl(command + args);
      INFO(command << ":\n" << refused.err);
      CHECK(refused.exit_code == code);
      CHECK(refused.out.empty());
      CHECK(count_occurrences(refused.err, "grovectl: " + expected) == 1);
      CHECK(count_occurrences(refused.err, ": error: ") == 1);
    }
  }
}

TEST_CASE("Grove's backend rules refuse the PodCliqueSet whatever render emits",
          "[backend][grove-admission]") {
  // The webhook refuses the PodCliqueSet itself, so PodGangs alone are refused too.
  CommandResult r = run_grovectl("render --include podgang --backend kai-scheduler -f '" +
                                 file("backends/no-queue-pcs.yaml") + "'");
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(count_occurrences(r.err, "[grove/kai-queue]") == 1);
}

TEST_CASE("Volcano: a topology constraint ends the check before the queues", "[backend][grove-admission]") {
  // backend.go returns validateTopologyConstraints' error before validateQueueAnnotations runs: an invalid
  // queue beside a constraint is not reported.
  const std::string pcs = bad_queue_pcs("      topologyConstraint:\n        pack: {required: rack}\n");
  CommandResult r = run_grovectl("validate --backend volcano -f -", pcs);
  INFO(r.out);
  CHECK(count_occurrences(r.out,
                          "-:11:7: error: volcano scheduler backend does not support topologyConstraint "
                          "on PodClique \"a\" (field: spec.template.cliques[0].topologyConstraint) "
                          "[grove/volcano-topology]") == 1);
  CHECK(count_occurrences(r.out, "[grove/volcano-queue]") == 0);
}

TEST_CASE("Volcano: an invalid PodCliqueSet queue ends the queue check", "[backend][grove-admission]") {
  // queue.go returns on the PodCliqueSet's invalid name before it looks at the cliques: clique a's
  // conflicting annotation is not reported.
  const std::string pcs =
      bad_queue_pcs("      annotations:\n        scheduling.grove.io/volcano-queue: other\n");
  CommandResult r = run_grovectl("validate --backend volcano -f -", pcs);
  INFO(r.out);
  CHECK(count_occurrences(r.out, "-:6:5: error: metadata.annotations[scheduling.grove.io/volcano-queue]: ") ==
        1);
  CHECK(count_occurrences(r.out, "[grove/volcano-queue]") == 1);
}

TEST_CASE("lpx-scheduler: the first topology constraint in the operator's order is refused",
          "[backend][grove-admission]") {
  // lpx/backend.go returns on the first constraint: the PodCliqueSet's, else the first clique's, else the
  // first scaling group's. Here clique a (line 11, column 7) and a scaling group both set one; only the
  // clique's is reported, and the Volcano queue annotation means nothing to lpx-scheduler.
  const std::string pcs = bad_queue_pcs("      topologyConstraint:\n        pack: {required: rack}\n") +
                          "    podCliqueScalingGroups:\n    - name: g\n      cliqueNames: [a]\n"
                          "      topologyConstraint:\n        pack: {required: rack}\n";
  CommandResult r = run_grovectl("validate --backend lpx-scheduler -f -", pcs);
  INFO(r.out);
  CHECK(count_occurrences(r.out,
                          "-:11:7: error: lpx-scheduler does not support Grove topology constraints; "
                          "placement topology must be expressed through the LPX workload contract (field: "
                          "spec.template.cliques[0].topologyConstraint) [grove/lpx-topology]") == 1);
  CHECK(count_occurrences(r.out, "[grove/lpx-topology]") == 1);
  CHECK(count_occurrences(r.out, "[grove/volcano-queue]") == 0);
}
