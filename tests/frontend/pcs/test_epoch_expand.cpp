// PodCliqueSets on Grove v0.1.0-alpha.13: PodGangMaps and epoch-named PodGangs (ai-dynamo/grove PR #778).
// Expected values are derived by hand from upstream, file by file:
//   names:       operator/api/common/namegen.go (GenerateAnchorPodGangName, GenerateNonAnchorPodGangName,
//                GeneratePodGangMapName) at the PR head 6eaa77f0, shortening from the later namegen.go
//   entries:     podgangmap/steadystate.go (buildBootstrapEntries; reconcileEntries for live replicas)
//   PodGangs:    podgang/syncflow.go (computeExpectedPodGangs, buildPodGangInfosFromEntry) and podgang.go
//                (buildLabels: replica index, generation hash, epoch, role)
//   pod labels:  podclique.go of both PodClique components (grove.io/podgang from the entry's epoch, no
//                grove.io/base-podgang)
// The epochs are those --epoch N gives: replica r's anchor N + 1000 r, its Tail +1 and ScaleOut +2.

#include "core/regex.hpp"
#include "frontend/pcs/generation_hash.hpp"
#include "support/backend.hpp"
#include "support/golden.hpp"

using namespace grovectl;
using namespace grovectl::test;
using Strings = std::vector<std::string>;

namespace {

std::string epoch_input(const std::string& name) {
  return "-f '" + testdata("grove-versions/" + name).string() + "'";
}

Strings object_names(const std::vector<Json>& objects) {
  Strings out;
  for (const auto& o : objects) out.push_back(o["metadata"]["name"].get<std::string>());
  return out;
}

// "Anchor prefill=[0] frontend=2 <- []" per entry: role, indices per group, pods per clique, dependsOn.
Strings map_entries(const Json& map) {
  Strings out;
  for (const auto& e : map["spec"]["entries"]) {
    std::string s = e["epoch"].get<std::string>() + " " + e["role"].get<std::string>();
    const Json groups = e.value("pcsgReplicaIndices", Json::object());
    for (const auto& [group, indices] : groups.items()) s += " " + group + "=" + indices.dump();
    const Json cliques = e.value("podCliques", Json::object());
    for (const auto& [clique, pods] : cliques.items()) s += " " + clique + "=" + pods.dump();
    if (e.contains("dependsOn")) s += " <- " + e["dependsOn"].dump();
    out.push_back(s);
  }
  return out;
}

}  // namespace

TEST_CASE("epoch render of the worked example matches the hand-derived golden object for object",
          "[grove-versions]") {
  // llm-serve: replicas 2, standalone frontend (2 pods), scaling group prefill [pleader, pworker] with
  // replicas 3 and minAvailable 1. Per replica: an Anchor entry (frontend: 2, prefill: [0]), a Tail entry
  // (prefill: [1, 2], dependsOn the anchor) and an empty ScaleOut entry; PodGangs: the anchor
  // <pcs>-<r>-<anchor epoch> with frontend and prefill replica 0, and one Tail PodGang
  // <pcs>-<r>-<tail epoch>-prefill-<k> per replica k in {1, 2}. Each written out in
  // testdata/grove-versions/llm-serve.podgang.yaml.
  auto rendered = render_epoch_objects(epoch_input("llm-serve.yaml"), "--epoch 1788533963425275530");
  auto expected = parse_yaml_docs(read_file(testdata("grove-versions/llm-serve.podgang.yaml")));
  REQUIRE(rendered.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO("object " << i << "\nrendered:\n" << rendered[i].dump(2) << "\nexpected:\n" << expected[i].dump(2));
    CHECK(rendered[i] == expected[i]);
  }
}

TEST_CASE("epoch names: the PodGang controller test's PodCliqueSet, pod by pod", "[grove-versions]") {
  // syncflow_test.go: group sg [pcb, pcc] replicas 3 minAvailable 2, standalone pcd, anchor epoch 1000 and
  // tail 1001: pods of pcs-0-pcd and pcs-0-sg-{0,1}-* belong to pcs-0-1000, pods of pcs-0-sg-2-* to
  // pcs-0-1001-sg-2; replica 1 with epochs 2000/2001: pcs-1-2000 and pcs-1-2001-sg-2. --epoch 1000 gives
  // exactly those epochs.
  auto objects = render_epoch_objects(epoch_input("controller-case.yaml"), "--epoch 1000", "podgang,pods");
  CHECK(object_names(of_kind(objects, "PodGangMap")) == Strings{"pcs-0", "pcs-1"});
  CHECK(object_names(of_kind(objects, "PodGang")) ==
        Strings{"pcs-0-1000", "pcs-0-1001-sg-2", "pcs-1-2000", "pcs-1-2001-sg-2"});
  std::map<std::string, std::string> podgang_of;
  for (const auto& pod : of_kind(objects, "Pod")) {
    const Json& labels = pod["metadata"]["labels"];
    podgang_of[pod["metadata"]["name"].get<std::string>()] = labels["grove.io/podgang"].get<std::string>();
    CHECK_FALSE(labels.contains("grove.io/base-podgang"));  // PR #778 no longer sets it
  }
  CHECK(podgang_of == std::map<std::string, std::string>{{"pcs-0-pcd-0", "pcs-0-1000"},
                                                         {"pcs-0-sg-0-pcb-0", "pcs-0-1000"},
                                                         {"pcs-0-sg-0-pcc-0", "pcs-0-1000"},
                                                         {"pcs-0-sg-1-pcb-0", "pcs-0-1000"},
                                                         {"pcs-0-sg-1-pcc-0", "pcs-0-1000"},
                                                         {"pcs-0-sg-2-pcb-0", "pcs-0-1001-sg-2"},
                                                         {"pcs-0-sg-2-pcc-0", "pcs-0-1001-sg-2"},
                                                         {"pcs-1-pcd-0", "pcs-1-2000"},
                                                         {"pcs-1-sg-0-pcb-0", "pcs-1-2000"},
                                                         {"pcs-1-sg-0-pcc-0", "pcs-1-2000"},
                                                         {"pcs-1-sg-1-pcb-0", "pcs-1-2000"},
                                                         {"pcs-1-sg-1-pcc-0", "pcs-1-2000"},
                                                         {"pcs-1-sg-2-pcb-0", "pcs-1-2001-sg-2"},
                                                         {"pcs-1-sg-2-pcc-0", "pcs-1-2001-sg-2"}});
}

TEST_CASE("PodGangMap entries: the bootstrap shapes of steadystate.go", "[grove-versions]") {
  SECTION("standalone cliques only: an Anchor entry only, and one PodGang") {
    auto objects = render_epoch_objects(epoch_input("standalone-only.yaml"), "--epoch 10");
    auto maps = of_kind(objects, "PodGangMap");
    REQUIRE(maps.size() == 1);
    CHECK(map_entries(maps[0]) == Strings{"10 Anchor decode=2 prefill=3"});
    CHECK(maps[0]["spec"]["entries"][0]["anchorIndex"] == 0);
    CHECK(object_names(of_kind(objects, "PodGang")) == Strings{"solo-0-10"});
  }
  SECTION("one group with replicas 2 = minAvailable 2: Anchor [0,1] and an empty ScaleOut") {
    auto maps = of_kind(render_epoch_objects(epoch_input("group-2-2.yaml"), "--epoch 10"), "PodGangMap");
    REQUIRE(maps.size() == 1);
    CHECK(map_entries(maps[0]) == Strings{"10 Anchor workers=[0,1]", "12 ScaleOut <- [\"10\"]"});
  }
  SECTION(
      "replicas 4, minAvailable 2: Anchor [0,1], Tail [2,3], empty ScaleOut; one PodGang per Tail index") {
    auto objects = render_epoch_objects(epoch_input("group-4-2.yaml"), "--epoch 10");
    auto maps = of_kind(objects, "PodGangMap");
    REQUIRE(maps.size() == 1);
    CHECK(map_entries(maps[0]) ==
          Strings{"10 Anchor workers=[0,1]", "11 Tail workers=[2,3] <- [\"10\"]", "12 ScaleOut <- [\"10\"]"});
    CHECK(object_names(of_kind(objects, "PodGang")) ==
          Strings{"grp-0-10", "grp-0-11-workers-2", "grp-0-11-workers-3"});
  }
}

TEST_CASE("PodGangMap entries follow a live PodCliqueScalingGroup's replicas (reconcileEntries)",
          "[grove-versions]") {
  // Template replicas 4, minAvailable 2 (Anchor [0,1], Tail [2,3]). Scale-out appends the new indices to the
  // ScaleOut entry; scale-in drains ScaleOut, then Tail, then Anchor, the highest index first, and drops an
  // entry left empty (not the ScaleOut entry).
  SECTION("5 replicas: index 4 joins ScaleOut, a PodGang of its own with the ScaleOut epoch and role") {
    auto objects = render_epoch_objects(
        epoch_input("group-4-2.yaml") + " " + epoch_input("live-workers-5.yaml"), "--epoch 10");
    CHECK(map_entries(of_kind(objects, "PodGangMap")[0]) == Strings{"10 Anchor workers=[0,1]",
                                                                    "11 Tail workers=[2,3] <- [\"10\"]",
                                                                    "12 ScaleOut workers=[4] <- [\"10\"]"});
    auto gangs = of_kind(objects, "PodGang");
    CHECK(object_names(gangs) ==
          Strings{"grp-0-10", "grp-0-11-workers-2", "grp-0-11-workers-3", "grp-0-12-workers-4"});
    CHECK(gangs[3]["metadata"]["labels"]["grove.io/podgang-role"] == "ScaleOut");
    CHECK(gangs[3]["metadata"]["labels"]["grove.io/epoch"] == "12");
  }
  SECTION("3 replicas: the Tail loses index 3") {
    auto objects = render_epoch_objects(
        epoch_input("group-4-2.yaml") + " " + epoch_input("live-workers-3.yaml"), "--epoch 10");
    CHECK(map_entries(of_kind(objects, "PodGangMap")[0]) ==
          Strings{"10 Anchor workers=[0,1]", "11 Tail workers=[2] <- [\"10\"]", "12 ScaleOut <- [\"10\"]"});
  }
  SECTION("2 replicas: the emptied Tail entry is dropped, its PodGangs with it") {
    auto objects = render_epoch_objects(
        epoch_input("group-4-2.yaml") + " " + epoch_input("live-workers-2.yaml"), "--epoch 10");
    CHECK(map_entries(of_kind(objects, "PodGangMap")[0]) ==
          Strings{"10 Anchor workers=[0,1]", "12 ScaleOut <- [\"10\"]"});
    CHECK(object_names(of_kind(objects, "PodGang")) == Strings{"grp-0-10"});
  }
}

TEST_CASE(
    "epoch render: a non-anchor PodGang keeps the PodCliqueSet's constraint, the group's in a group "
    "config",
    "[grove-versions]") {
  // Golden case 8 (testdata/golden/case08.yaml, from ai-dynamo/grove podgang/syncflow_test.go's topology
  // case): PCS zone, router zone, decode-leader/worker host, scaling-group {2, 1, rack}. Legacy: the scaled
  // gang's top-level constraint is the group's (rack) and it has no group configs. PR #778: every non-anchor
  // PodGang carries the PCS constraint (zone) at the top and the group's in a topologyConstraintGroupConfigs
  // entry <pcs>-<r>-<group>-<k>, the anchor's layout.
  auto gangs = of_kind(
      render_epoch_objects(golden("case08.yaml") + " " + golden("ctb-case08.yaml"), "--epoch 7"), "PodGang");
  REQUIRE(gangs.size() == 2);
  CHECK(object_names(gangs) == Strings{"test-pcs-0-7", "test-pcs-0-8-scaling-group-1"});
  const std::string zone = "topology.kubernetes.io/zone", rack = "topology.kubernetes.io/rack";
  CHECK(pack(gangs[0]["spec"]) == std::pair<std::string, std::string>{zone, ""});
  CHECK(gangs[0]["spec"]["topologyConstraintGroupConfigs"] ==
        Json::parse(R"([{"name": "test-pcs-0-scaling-group-0",
          "podGroupNames": ["test-pcs-0-scaling-group-0-decode-leader", "test-pcs-0-scaling-group-0-decode-worker"],
          "topologyConstraint": {"packConstraint": {"required": "topology.kubernetes.io/rack"}}}])"));
  CHECK(pack(gangs[1]["spec"]) == std::pair<std::string, std::string>{zone, ""});
  CHECK(gangs[1]["spec"]["topologyConstraintGroupConfigs"] ==
        Json::parse(R"([{"name": "test-pcs-0-scaling-group-1",
          "podGroupNames": ["test-pcs-0-scaling-group-1-decode-leader", "test-pcs-0-scaling-group-1-decode-worker"],
          "topologyConstraint": {"packConstraint": {"required": "topology.kubernetes.io/rack"}}}])"));
  CHECK(pack(gangs[1]["spec"]["podgroups"][0]) ==
        std::pair<std::string, std::string>{"kubernetes.io/hostname", ""});
  CHECK(gangs[1]["metadata"]["annotations"]["grove.io/topology-name"] == "test-topology");
  (void)rack;
}

TEST_CASE("epoch render with the named binding absent: no group config without a constraint",
          "[grove-versions]") {
  // podgang/syncflow.go at PR #778 appends a topologyConstraintGroupConfig only when the group's constraint
  // translates (pcsgTopologyConstraint != nil); the legacy code kept one without a constraint (see
  // test_topology.cpp). cluster-topology is given, case08.yaml names test-topology.
  auto gangs =
      of_kind(render_epoch_objects(golden("case08.yaml") + " " + testdata("backends/topology.yaml").string(),
                                   "--epoch 7"),
              "PodGang");
  REQUIRE(gangs.size() == 2);
  for (const auto& g : gangs) CHECK_FALSE(g["spec"].contains("topologyConstraintGroupConfigs"));
}

TEST_CASE("names over 63 bytes: shortened on v0.1.0-alpha.13, an error on v0.1.0-alpha.11 (issue #874)",
          "[grove-versions]") {
  SECTION("v0.1.0-alpha.13 shortens the 64-byte anchor name, and pods carry the short name") {
    // 42 a's + "-0-1700000000000000000" is 64 bytes: 29 a's, "-h", 32 hex digits of its SHA-256
    // (test_grove_names.cpp derives the same name).
    auto objects =
        render_epoch_objects(epoch_input("long-name-42.yaml"), "--epoch 1700000000000000000", "podgang,pods");
    const std::string shortened = std::string(29, 'a') + "-h37268a059be96964799384f2d8d311b0";
    CHECK(object_names(of_kind(objects, "PodGang")) == Strings{shortened});
    CHECK(of_kind(objects, "Pod")[0]["metadata"]["labels"]["grove.io/podgang"] == shortened);
  }
  SECTION("v0.1.0-alpha.11 refuses a 67-byte legacy name, naming the object, the name and the limit") {
    auto r = run_grovectl(std::string("render --include podgang ") + kLegacyGrove + " " +
                          epoch_input("long-name-55.yaml"));
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    const std::string name = std::string(55, 'b') + "-0-prefill-0";
    CHECK_THAT(r.err, Catch::Contains("PodCliqueSet default/" + std::string(55, 'b') + ": PodGang name \"" +
                                      name + "\" is 67 bytes, over the 63-byte limit of a label value"));
    CHECK_THAT(r.err, Catch::Contains("[render/podgang-name-too-long]"));
    CHECK_THAT(r.err, Catch::Contains("--grove-version v0.1.0-alpha.13"));
    // The same input on v0.1.0-alpha.13: its longest name is shortened, so it renders.
    auto ok = run_grovectl(std::string("render --include podgang ") + kEpochGrove + " " +
                           epoch_input("long-name-55.yaml"));
    CHECK(ok.exit_code == 0);
  }
}

TEST_CASE("generation hash: the live PodCliqueSet's, else a stand-in of its shape that follows the templates",
          "[grove-versions]") {
  // The operator's value (status.currentGenerationHash) cannot be computed offline (generation_hash.hpp); the
  // stand-in is FNV-64a of the templates' canonical JSON, encoded with SafeEncodeString like the operator's:
  // decimal digits map to "4".."9", "b", "c", "d", "f" (k8s.io/apimachinery util/rand's alphabet
  // "bcdfghjklmnpqrstvwxz2456789", indexed by the byte modulo 27), 19 or 20 of them for a uint64.
  CHECK(safe_encode_string("0123456789") == "456789bcdf");
  auto hash_of = [](const std::string& pod_spec) {
    const std::string pcs =
        "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: h\nspec:\n  replicas: 1\n"
        "  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: w\n        replicas: 1\n"
        "        podSpec:\n" +
        pod_spec;
    auto r = run_grovectl(std::string("render --include podgang ") + kEpochGrove + " -f -", pcs);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return of_kind(parse_yaml_docs(r.out), "PodGang")
        .at(0)["metadata"]["labels"]["grove.io/podcliqueset-generation-hash"]
        .get<std::string>();
  };
  const std::string a =
      hash_of("          containers:\n          - name: main\n            image: busybox:1\n");
  // The same template with its keys in another order: the same hash.
  const std::string b =
      hash_of("          containers:\n          - image: busybox:1\n            name: main\n");
  // Another image: another hash, as the operator's changes with the template.
  const std::string c =
      hash_of("          containers:\n          - name: main\n            image: busybox:2\n");
  CHECK(a == b);
  CHECK(a != c);
  std::string error;
  const auto safe_encoded = Regex::compile("^[4-9bcdf]{19,20}$", error);
  REQUIRE(safe_encoded);
  CHECK(safe_encoded->search(a));
}

TEST_CASE("defaulting: a missing autoScalingConfig.maxReplicas is 0 to Grove's webhook, not a missing field",
          "[grove-versions]") {
  // AutoScalingConfig.MaxReplicas has no omitempty: the defaulting webhook's patch writes maxReplicas: 0, and
  // the validating webhook's autoscaling rules refuse it (replicas 2, minReplicas 1).
  const std::string pcs =
      "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: scaler\nspec:\n  replicas: 1\n"
      "  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: w\n        replicas: 2\n"
      "        minAvailable: 1\n        autoScalingConfig: {minReplicas: 1}\n        podSpec:\n          "
      "containers:\n          - name: main\n            image: busybox\n";
  auto r = run_grovectl("validate -f -", pcs);
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("Required value") == std::string::npos);
  CHECK_THAT(r.out,
             Catch::Contains("spec.template.cliques[0].spec.autoScalingConfig.maxReplicas: Invalid value: "
                             "0: must be greater than or equal to podCliqueSpec.minReplicas"));
  CHECK_THAT(r.out,
             Catch::Contains("spec.template.cliques[0].spec.autoScalingConfig.maxReplicas: Invalid value: "
                             "0: must be greater than or equal to replicas"));
}
