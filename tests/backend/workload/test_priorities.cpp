// Priorities per backend and Kubernetes version. Facts (derived by hand, not from the code):
// - Grove copies spec.template.priorityClassName to the PodGang and from there to the KAI and Volcano
//   PodGroups (ai-dynamo/grove@fcc3b3bb .../components/podgang/podgang.go,
//   operator/internal/scheduler/{kai,volcano}/backend.go); the pods keep their clique podSpec's own
//   priorityClassName (podclique/components/pod/pod.go).
// - The Koordinator PodGroup has no priorityClassName (koordinator-sh/koordinator@v1.8.0 CRD); the 1.35
//   Workload API neither (kubernetes/api@v0.35.0); 1.36 gates it behind WorkloadAwarePreemption (v0.36.0).
// - Kubernetes 1.37: one priorityClassName for every template of a Workload (validateWorkloadPriority in
//   kubernetes/kubernetes pkg/apis/scheduling/validation), and kube-scheduler refuses pods whose priority
//   differs from their PodGroup's (PR #139920).
// Pinned to Grove v0.1.0-alpha.11 (--grove-version) where the expectations are Grove's legacy PodGang names
// or object counts, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>

#include "support/backend.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

const std::string kMismatch = "-f " + td("backends/priority-mismatch-pcs.yaml");

size_t count_rule(const std::string& text, const std::string& rule) {
  return count_occurrences(text, "[" + rule + "]");
}

}  // namespace

TEST_CASE("1.37 default-scheduler refuses every clique whose pods' class differs from the PodGroups'",
          "[priority]") {
  // priority-mismatch-pcs.yaml: template serving-high (line 12, value at column 24); decode's podSpec
  // serving-low (line 28, column 32); router has none, so the place is its podSpec (its mapping starts at
  // "containers:", 37:13).
  for (const std::string hierarchy : {"flat", "composite"}) {
    auto r = run_grovectl("render --grove-version v0.1.0-alpha.11 " + kMismatch +
                          " --backend default-scheduler --kube-version 1.37 --hierarchy " + hierarchy +
                          " --feature-gates CompositePodGroup=true,TopologyAwareWorkloadScheduling=true");
    INFO(hierarchy << "\n" << r.err);
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    // One finding per clique that differs (prefill agrees), however many gangs (replicas 2).
    CHECK(count_rule(r.err, "capability/priority-mismatch") == 2);
    CHECK_THAT(r.err,
               Catch::Contains("priority-mismatch-pcs.yaml:28:13: error: PodCliqueSet ns1/pm (gang pm-0): "
                               "the pods of decode have priorityClassName \"serving-low\" "
                               "(spec.template.cliques[1].spec.podSpec.priorityClassName at "));
    CHECK_THAT(r.err, Catch::Contains("PodGroup gets priorityClassName \"serving-high\" "
                                      "(spec.template.priorityClassName at "));
    CHECK_THAT(r.err, Catch::Contains("priority-mismatch-pcs.yaml:12:5)"));
    CHECK_THAT(r.err,
               Catch::Contains("priority-mismatch-pcs.yaml:36:11: error: PodCliqueSet ns1/pm (gang pm-0): "
                               "the pods of router have no priorityClassName "
                               "(spec.template.cliques[2].spec.podSpec.priorityClassName at "));
    CHECK_THAT(r.err, Catch::Contains("(the same for 1 more gang of this PodCliqueSet)"));
    CHECK_THAT(r.err, Catch::Contains("PR #139920"));
  }
}

TEST_CASE("validate reports the 1.37 priority divergences with both places, in every format", "[priority]") {
  auto text = run_grovectl("validate " + kMismatch + " --backend default-scheduler --kube-version 1.37");
  INFO(text.out << text.err);
  CHECK(text.exit_code == 1);
  CHECK(count_rule(text.out + text.err, "capability/priority-mismatch") == 2);
  auto json =
      run_grovectl("validate -o json " + kMismatch + " --backend default-scheduler --kube-version 1.37");
  INFO(json.out);
  CHECK(count_occurrences(json.out, "spec.template.cliques[1].spec.podSpec.priorityClassName") >=
        2);  // field + text
  CHECK(count_occurrences(json.out, "spec.template.priorityClassName at ") == 2);
}

TEST_CASE("where the classes agree, 1.37 Workload objects carry the one class on every template and group",
          "[priority]") {
  // volcano-pcs.yaml: template and both cliques high-priority.
  auto objects = render_ok("-f " + td("backends/volcano-pcs.yaml") +
                           " --backend default-scheduler --kube-version 1.37 --include scheduler");
  for (const auto& w : of_kind(objects, "Workload")) {
    for (const auto& t : w["spec"]["podGroupTemplates"]) CHECK(t["priorityClassName"] == "high-priority");
  }
  for (const auto& pg : of_kind(objects, "PodGroup"))
    CHECK(pg["spec"]["priorityClassName"] == "high-priority");
}

TEST_CASE("other backends and versions carry what Grove carries and are not refused for pod priorities",
          "[priority]") {
  SECTION("PodGang, KAI and Volcano take the PodCliqueSet's class") {
    auto volcano = render_ok(kMismatch + " --backend volcano");
    for (const auto& o : volcano) CHECK(o["spec"]["priorityClassName"] == "serving-high");
    auto kai_input =
        run_grovectl("render --grove-version v0.1.0-alpha.11 " + kMismatch + " --backend kai-scheduler");
    // No KAI queue in the input: refused for the queue, never for the priorities.
    CHECK(count_rule(kai_input.err, "capability/priority-mismatch") == 0);
  }
  SECTION("koord-scheduler has no priority field on its PodGroup") {
    auto objects = render_ok(kMismatch + " --backend koord-scheduler --include scheduler");
    for (const auto& o : objects) CHECK_FALSE(o["spec"].contains("priorityClassName"));
  }
  SECTION("1.35 has no priority field") {
    auto objects =
        render_ok(kMismatch + " --backend default-scheduler --kube-version 1.35 --include scheduler");
    for (const auto& o : objects) CHECK_FALSE(o["spec"]["podGroups"][0].contains("priorityClassName"));
  }
  SECTION("1.36 requires neither (the rules are 1.37's): the PodCliqueSet's class with the gate") {
    auto objects = render_ok(kMismatch +
                             " --backend default-scheduler --kube-version 1.36 --include scheduler"
                             " --feature-gates WorkloadAwarePreemption=true");
    for (const auto& pg : of_kind(objects, "PodGroup"))
      CHECK(pg["spec"]["priorityClassName"] == "serving-high");
  }
}

TEST_CASE("a JobSet-wide gang on 1.37 is refused for each replicated job whose class differs", "[priority]") {
  // mixed-priority.yaml: replicated job a has high (line 13, column 32), b has low (line 22, column 32). The
  // JobSet-wide gang takes the first class (a's), as PR #1250 does (kubernetes-sigs/jobset); b's pods would
  // differ.
  const std::string input = "-f " + td("jobset/mixed-priority.yaml");
  auto r = run_grovectl("render --grove-version v0.1.0-alpha.11 " + input +
                        " --backend default-scheduler --kube-version 1.37");
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK(count_rule(r.err, "capability/priority-mismatch") == 1);
  CHECK_THAT(r.err,
             Catch::Contains("mixed-priority.yaml:22:13: error: JobSet default/mixed (gang mixed): the pods "
                             "of b have priorityClassName \"low\" "
                             "(spec.replicatedJobs[1].template.spec.template.spec.priorityClassName at "));
  CHECK_THAT(r.err,
             Catch::Contains("gets priorityClassName \"high\" "
                             "(spec.replicatedJobs[0].template.spec.template.spec.priorityClassName at "));
  CHECK_THAT(r.err, Catch::Contains("mixed-priority.yaml:13:13)"));
  // One gang per replicated job: each Workload has one class, its pods' own.
  auto per_rj = render_ok(input +
                          " --backend default-scheduler --kube-version 1.37 --jobset-gang replicated-job"
                          " --include scheduler");
  auto workloads = of_kind(per_rj, "Workload");
  REQUIRE(workloads.size() == 2);
  CHECK(workloads[0]["spec"]["podGroupTemplates"][0]["priorityClassName"] == "high");
  CHECK(workloads[1]["spec"]["podGroupTemplates"][0]["priorityClassName"] == "low");
}
