// Golden cases 8-12, 15 and 16 (topology-aware scheduling): the inputs of Grove's own tests
// (ai-dynamo/grove@fcc3b3bb operator/internal/controller/podcliqueset/components/podgang/syncflow_test.go
// TestComputeExpectedPodGangsWithTopologyConstraints; operator/e2e/tests/topology_test.go Test_TAS8 and
// Test_TAS12 with operator/e2e/yaml/tas-hierarchy.yaml and tas-large-scale.yaml). Expected keys and structure
// were derived by hand from computeExpectedPodGangs and createTopologyPackConstraint (syncflow.go) and those
// tests' assertions, not from grovectl output.
#include "support/golden.hpp"

using namespace grovectl;
using namespace grovectl::test;
using Strings = std::vector<std::string>;
using Pack = std::pair<std::string, std::string>;

namespace {
const std::string kZone = "topology.kubernetes.io/zone";
const std::string kRack = "topology.kubernetes.io/rack";
const std::string kHost = "kubernetes.io/hostname";
const Pack kNone{"-", "-"};

std::string ctb8() {
  return golden("ctb-case08.yaml");
}

// Golden case 8's PodGangs: the zone, host and rack keys of ctb-case08.yaml where the constraints are.
void check_case8(const std::vector<Json>& gangs) {
  REQUIRE(summaries(gangs) ==
          Strings{"test-pcs-0: [test-pcs-0-router(1), test-pcs-0-scaling-group-0-decode-leader(1), "
                  "test-pcs-0-scaling-group-0-decode-worker(1)]",
                  "test-pcs-0-scaling-group-0: [test-pcs-0-scaling-group-1-decode-leader(1), "
                  "test-pcs-0-scaling-group-1-decode-worker(1)]"});
  const Json& base = gangs[0]["spec"];
  CHECK(pack(base) == Pack{kZone, ""});
  CHECK(pack(base["podgroups"][0]) == Pack{kZone, ""});
  CHECK(pack(base["podgroups"][1]) == Pack{kHost, ""});
  CHECK(pack(base["podgroups"][2]) == Pack{kHost, ""});
  REQUIRE(base["topologyConstraintGroupConfigs"].size() == 1);
  const Json& cfg = base["topologyConstraintGroupConfigs"][0];
  CHECK(cfg["name"] == "test-pcs-0-scaling-group-0");
  CHECK(cfg["podGroupNames"] ==
        Json{"test-pcs-0-scaling-group-0-decode-leader", "test-pcs-0-scaling-group-0-decode-worker"});
  CHECK(pack(cfg) == Pack{kRack, ""});
  const Json& scaled = gangs[1]["spec"];
  CHECK(pack(scaled) == Pack{kRack, ""});
  CHECK(pack(scaled["podgroups"][0]) == Pack{kHost, ""});
  CHECK(pack(scaled["podgroups"][1]) == Pack{kHost, ""});
  CHECK_FALSE(scaled.contains("topologyConstraintGroupConfigs"));
  CHECK(gangs[0]["metadata"]["annotations"]["grove.io/topology-name"] == "test-topology");
  CHECK(gangs[1]["metadata"]["annotations"]["grove.io/topology-name"] == "test-topology");
}
}  // namespace

TEST_CASE("golden case 8: topology constraints at every level (Grove's syncflow_test.go)") {
  check_case8(render_podgangs(golden("case08.yaml") + " " + ctb8()));
}

TEST_CASE("golden case 8 in the legacy packDomain form: refused on CREATE, rendered as the operator does") {
  // Grove's own test writes case 8 with packDomain (testdata/golden/case08-pack-domain.yaml); the operator
  // reads packDomain as the required domain (TopologyConstraint.RequiredDomain in
  // operator/api/core/v1alpha1, ai-dynamo/grove fcc3b3bb) and renders the same PodGangs as with
  // pack.required.
  const std::string inputs = golden("case08-pack-domain.yaml") + " " + ctb8();
  check_case8(render_podgangs(inputs));
  // diff renders it too: against nothing live, both PodGangs are additions (exit 1), nothing is refused
  // (Grove v0.1.0-alpha.11, whose PodGangs check_case8 derives: no PodGangMap beside them).
  CommandResult diff =
      run_grovectl("diff --grove-version v0.1.0-alpha.11 --include podgang --live /dev/null -o json " + inputs);
  INFO(diff.err);
  CHECK(diff.exit_code == 1);
  CHECK(diff.err.find("error") == std::string::npos);
  const Json changes = Json::parse(diff.out);
  CHECK(changes["summary"]["added"] == 2);
  REQUIRE(changes["diffs"].size() == 2);
  for (const auto& c : changes["diffs"]) CHECK(c["op"] == "added");
  // validate reports what the API server refuses on CREATE: the CRD's three transition rules (fieldPath
  // .spec.template.topologyConstraint.packDomain, .spec.template.cliques,
  // .spec.template.podCliqueScalingGroups; reason FieldValueForbidden), each at the first packDomain it is
  // about (lines 16, 20 and 57).
  CommandResult validate = run_grovectl("validate " + inputs);
  INFO(validate.out);
  CHECK(validate.exit_code == 1);
  const std::string why =
      ": Forbidden: packDomain is deprecated and cannot be used on new workloads; use "
      "pack.required";
  CHECK_THAT(validate.out, Catch::Contains("case08-pack-domain.yaml:16:7: error: "
                                           "spec.template.topologyConstraint.packDomain" +
                                           why));
  CHECK_THAT(validate.out,
             Catch::Contains("case08-pack-domain.yaml:20:9: error: spec.template.cliques" + why));
  CHECK_THAT(validate.out, Catch::Contains("case08-pack-domain.yaml:57:9: error: "
                                           "spec.template.podCliqueScalingGroups" +
                                           why));
  CHECK(count_occurrences(validate.out, "[grove/cel-pack-domain]") == 3);
  CHECK(count_occurrences(validate.out, ": error: ") == 3);
}

TEST_CASE(
    "golden case 9: a scaling group without constraint falls back to the PCS constraint (Grove's "
    "syncflow_test.go)") {
  auto gangs = render_podgangs(golden("case09.yaml") + " " + ctb8());
  REQUIRE(gangs.size() == 2);
  CHECK(pack(gangs[0]["spec"]) == Pack{kZone, ""});
  CHECK(pack(gangs[0]["spec"]["podgroups"][0]) == Pack{kHost, ""});
  CHECK_FALSE(gangs[0]["spec"].contains("topologyConstraintGroupConfigs"));
  CHECK(gangs[1]["metadata"]["name"] == "test-pcs-0-scaling-group-0");
  CHECK(pack(gangs[1]["spec"]) == Pack{kZone, ""});
}

TEST_CASE("golden case 10: preferred-only constraint on a scaling group (Grove's syncflow_test.go)") {
  auto gangs = render_podgangs(golden("case10.yaml") + " " + ctb8());
  REQUIRE(gangs.size() == 2);
  CHECK(pack(gangs[0]["spec"]) == kNone);
  REQUIRE(gangs[0]["spec"]["topologyConstraintGroupConfigs"].size() == 1);
  CHECK(gangs[0]["spec"]["topologyConstraintGroupConfigs"][0]["name"] == "test-pcs-0-scaling-group-0");
  CHECK(pack(gangs[0]["spec"]["topologyConstraintGroupConfigs"][0]) == Pack{"", kRack});
  CHECK(pack(gangs[1]["spec"]) == Pack{"", kRack});
}

TEST_CASE("golden case 11: a domain that is not a level is dropped (Grove's syncflow_test.go)") {
  SECTION("stale preferred") {
    auto gangs = render_podgangs(golden("case11-stale-preferred.yaml") + " " + ctb8());
    REQUIRE(gangs.size() == 1);
    CHECK(pack(gangs[0]["spec"]) == Pack{kRack, ""});
    CHECK_FALSE(gangs[0]["spec"]["topologyConstraint"]["packConstraint"].contains("preferred"));
  }
  SECTION("stale required") {
    auto gangs = render_podgangs(golden("case11-stale-required.yaml") + " " + ctb8());
    REQUIRE(gangs.size() == 1);
    CHECK(pack(gangs[0]["spec"]) == Pack{"", kRack});
    CHECK_FALSE(gangs[0]["spec"]["topologyConstraint"]["packConstraint"].contains("required"));
  }
}

TEST_CASE("golden case 12: TAS off drops every topology field (Grove's syncflow_test.go)") {
  auto gangs = render_podgangs(golden("case08.yaml"));  // no ClusterTopologyBinding given
  REQUIRE(gangs.size() == 2);
  for (const auto& g : gangs) {
    CHECK(pack(g["spec"]) == kNone);
    CHECK_FALSE(g["spec"].contains("topologyConstraintGroupConfigs"));
    for (const auto& pg : g["spec"]["podgroups"]) CHECK(pack(pg) == kNone);
    CHECK_FALSE(g["metadata"].contains("annotations"));
  }
}

TEST_CASE(
    "TAS on but the named binding absent: constraints nil, group-config entries kept (Grove's syncflow.go)") {
  // case08.yaml names ClusterTopologyBinding test-topology; only cluster-topology is given, so topology-aware
  // scheduling is on but the binding is not found: levels are nil and every constraint becomes nil
  // (createTopologyPackConstraint), while computeExpectedPodGangs still appends a
  // topologyConstraintGroupConfigs entry for each scaling-group replica whose group has a constraint ("may be
  // nil"). scaling-group {2, 1, [decode-leader, decode-worker], rack}: the base gang test-pcs-0 gets one
  // entry test-pcs-0-scaling-group-0, without topologyConstraint; no grove.io/topology-name annotation, since
  // no constraint survives (buildResource, podgang.go).
  auto gangs = render_podgangs(golden("case08.yaml") + " " + testdata("backends/topology.yaml").string());
  REQUIRE(gangs.size() == 2);
  CHECK(gangs[0]["spec"]["topologyConstraintGroupConfigs"] ==
        Json::parse(R"([{"name": "test-pcs-0-scaling-group-0",
      "podGroupNames": ["test-pcs-0-scaling-group-0-decode-leader", "test-pcs-0-scaling-group-0-decode-worker"]}])"));
  CHECK_FALSE(gangs[1]["spec"].contains("topologyConstraintGroupConfigs"));  // scaled gangs have none
  for (const auto& g : gangs) {
    CHECK(pack(g["spec"]) == kNone);
    for (const auto& pg : g["spec"]["podgroups"]) CHECK(pack(pg) == kNone);
    CHECK_FALSE(g["metadata"].contains("annotations"));
  }
}

TEST_CASE("golden case 15: tas-hierarchy, minAvailable = replicas gives one gang (Grove's e2e Test_TAS8)") {
  auto gangs = render_podgangs(golden("case15.yaml") + " " + golden("ctb-grove-topology.yaml"));
  REQUIRE(
      summaries(gangs) ==
      Strings{"tas-hierarchy-0: [tas-hierarchy-0-inference-group-0-prefill(2), "
              "tas-hierarchy-0-inference-group-0-decode(2), tas-hierarchy-0-inference-group-1-prefill(2), "
              "tas-hierarchy-0-inference-group-1-decode(2)]"});
  const Json& spec = gangs[0]["spec"];
  CHECK(pack(spec) == Pack{"kubernetes.io/block", ""});
  for (const auto& pg : spec["podgroups"]) CHECK(pack(pg) == Pack{"kubernetes.io/hostname", ""});
  REQUIRE(spec["topologyConstraintGroupConfigs"].size() == 2);
  CHECK(spec["topologyConstraintGroupConfigs"][0]["name"] == "tas-hierarchy-0-inference-group-0");
  CHECK(spec["topologyConstraintGroupConfigs"][1]["name"] == "tas-hierarchy-0-inference-group-1");
  CHECK(spec["topologyConstraintGroupConfigs"][1]["podGroupNames"] ==
        Json{"tas-hierarchy-0-inference-group-1-prefill", "tas-hierarchy-0-inference-group-1-decode"});
  for (const auto& cfg : spec["topologyConstraintGroupConfigs"])
    CHECK(pack(cfg) == Pack{"kubernetes.io/rack", ""});
}

TEST_CASE(
    "golden case 16: tas-large-scale, scaled gangs fall back to the PCS block constraint (Grove's e2e "
    "Test_TAS12)") {
  SECTION("template replicas 10, minAvailable 3") {
    auto gangs = render_podgangs(golden("case16.yaml") + " " + golden("ctb-grove-topology.yaml"));
    REQUIRE(gangs.size() == 8);
    CHECK(summary(gangs[0]) ==
          "tas-large-scale-0: [tas-large-scale-0-workers-0-worker(2), tas-large-scale-0-workers-1-worker(2), "
          "tas-large-scale-0-workers-2-worker(2)]");
    CHECK_FALSE(gangs[0]["spec"].contains("topologyConstraintGroupConfigs"));
    for (int j = 0; j < 7; ++j) {
      const Json& g = gangs[1 + j];
      CHECK(summary(g) == "tas-large-scale-0-workers-" + std::to_string(j) + ": [tas-large-scale-0-workers-" +
                              std::to_string(j + 3) + "-worker(2)]");
      CHECK(pack(g["spec"]) == Pack{"kubernetes.io/block", ""});
      CHECK(pack(g["spec"]["podgroups"][0]) == Pack{"kubernetes.io/hostname", ""});
    }
  }
  SECTION("a live PodCliqueScalingGroup with 5 replicas leaves 2 scaled gangs") {
    auto gangs = render_podgangs(golden("case16.yaml") + " " + golden("ctb-grove-topology.yaml") + " " +
                                 golden("case16-live-pcsg.yaml"));
    CHECK(summaries(gangs) ==
          Strings{"tas-large-scale-0: [tas-large-scale-0-workers-0-worker(2), "
                  "tas-large-scale-0-workers-1-worker(2), tas-large-scale-0-workers-2-worker(2)]",
                  "tas-large-scale-0-workers-0: [tas-large-scale-0-workers-3-worker(2)]",
                  "tas-large-scale-0-workers-1: [tas-large-scale-0-workers-4-worker(2)]"});
  }
}
