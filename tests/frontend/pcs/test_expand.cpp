// Golden cases 1-7, 13 and 14 (TAS off): the inputs of Grove's own tests (ai-dynamo/grove@fcc3b3bb
// operator/internal/controller/podcliqueset/components/podgang/syncflow_test.go TestComputeExpectedPodGangs
// and TestGetPodsPendingCreation, operator/api/common/namegen_test.go, .../podgang/podgang_test.go
// TestBuildResource). Every expected value below was derived by hand from computeExpectedPodGangs
// (.../podgang/syncflow.go) and those tests' assertions, not taken from grovectl output.
#include "support/golden.hpp"

using namespace grovectl;
using namespace grovectl::test;
using Strings = std::vector<std::string>;

TEST_CASE("golden case 1: standalone cliques only, two PCS replicas (Grove's syncflow_test.go)") {
  auto gangs = render_podgangs(golden("case01.yaml"));
  CHECK(summaries(gangs) ==
        Strings{"test-pcs-0: [test-pcs-0-worker(2)]", "test-pcs-1: [test-pcs-1-worker(2)]"});
}

TEST_CASE("golden case 2: mixed standalone clique and scaling group (Grove's syncflow_test.go)") {
  auto gangs = render_podgangs(golden("case02.yaml"));
  CHECK(
      summaries(gangs) ==
      Strings{
          "test-pcs-0: [test-pcs-0-standalone(1), test-pcs-0-sg-0-scalable(2), test-pcs-0-sg-1-scalable(2)]",
          "test-pcs-0-sg-0: [test-pcs-0-sg-2-scalable(2)]",
          "test-pcs-0-sg-1: [test-pcs-0-sg-3-scalable(2)]"});
}

TEST_CASE("golden case 3: base gangs of every replica come before scaled gangs (Grove's syncflow_test.go)") {
  auto gangs = render_podgangs(golden("case03.yaml"));
  CHECK(summaries(gangs) == Strings{"test-pcs-0: [test-pcs-0-worker-sg-0-worker(1)]",
                                    "test-pcs-1: [test-pcs-1-worker-sg-0-worker(1)]",
                                    "test-pcs-0-worker-sg-0: [test-pcs-0-worker-sg-1-worker(1)]",
                                    "test-pcs-1-worker-sg-0: [test-pcs-1-worker-sg-1-worker(1)]"});
}

TEST_CASE("golden case 4: several scaling groups in one replica (Grove's syncflow_test.go)") {
  auto gangs = render_podgangs(golden("case04.yaml"));
  CHECK(summaries(gangs) ==
        Strings{"test-pcs-0: [test-pcs-0-sg-a-0-worker-a(2), test-pcs-0-sg-b-0-worker-b(2)]",
                "test-pcs-0-sg-a-0: [test-pcs-0-sg-a-1-worker-a(2)]",
                "test-pcs-0-sg-a-1: [test-pcs-0-sg-a-2-worker-a(2)]",
                "test-pcs-0-sg-b-0: [test-pcs-0-sg-b-1-worker-b(2)]"});
}

TEST_CASE(
    "golden case 5: several cliques in one scaling group keep cliqueNames order (Grove's syncflow_test.go)") {
  auto gangs = render_podgangs(golden("case05.yaml"));
  CHECK(summaries(gangs) ==
        Strings{"test-pcs-0: [test-pcs-0-sg-0-worker(2), test-pcs-0-sg-0-helper(1)]",
                "test-pcs-0-sg-0: [test-pcs-0-sg-1-worker(2), test-pcs-0-sg-1-helper(1)]",
                "test-pcs-0-sg-1: [test-pcs-0-sg-2-worker(2), test-pcs-0-sg-2-helper(1)]"});
}

TEST_CASE("golden case 6: minAvailable equal to replicas gives no scaled gang (Grove's syncflow_test.go)") {
  auto gangs = render_podgangs(golden("case06.yaml"));
  CHECK(summaries(gangs) == Strings{"test-pcs-0: [test-pcs-0-sg-0-worker(2), test-pcs-0-sg-1-worker(2)]"});
}

TEST_CASE("golden case 7: prefill scaling group with R=2,M=1 and R=3,M=2 (Grove's syncflow_test.go)") {
  SECTION("R=2, M=1") {
    auto gangs = render_podgangs(golden("case07-r2-m1.yaml"));
    CHECK(summaries(gangs) ==
          Strings{"test-pcs-0: [test-pcs-0-frontend(1), test-pcs-0-prefill-0-prefill-leader(1), "
                  "test-pcs-0-prefill-0-prefill-worker(3)]",
                  "test-pcs-0-prefill-0: [test-pcs-0-prefill-1-prefill-leader(1), "
                  "test-pcs-0-prefill-1-prefill-worker(3)]"});
  }
  SECTION("R=3, M=2") {
    auto gangs = render_podgangs(golden("case07-r3-m2.yaml"));
    CHECK(summaries(gangs) ==
          Strings{"test-pcs-0: [test-pcs-0-frontend(1), test-pcs-0-prefill-0-prefill-leader(1), "
                  "test-pcs-0-prefill-0-prefill-worker(3), test-pcs-0-prefill-1-prefill-leader(1), "
                  "test-pcs-0-prefill-1-prefill-worker(3)]",
                  "test-pcs-0-prefill-0: [test-pcs-0-prefill-2-prefill-leader(1), "
                  "test-pcs-0-prefill-2-prefill-worker(3)]"});
  }
}

TEST_CASE(
    "golden case 13: scaled gang names use j = k - minAvailable, and a live PCSG overrides replicas "
    "(Grove's namegen_test.go)") {
  SECTION("PCSG simple1-0-sga with minAvailable 3, live replicas 5") {
    // Replica indices 0..2 stay in the base gang simple1-0; index 3 -> simple1-0-sga-0, 4 -> simple1-0-sga-1.
    auto gangs = render_podgangs(golden("case13-simple1.yaml") + " " + golden("case13-live-pcsg.yaml"));
    CHECK(summaries(gangs) ==
          Strings{"simple1-0: [simple1-0-sga-0-pcb(2), simple1-0-sga-0-pcc(2), simple1-0-sga-1-pcb(2), "
                  "simple1-0-sga-1-pcc(2), simple1-0-sga-2-pcb(2), simple1-0-sga-2-pcc(2)]",
                  "simple1-0-sga-0: [simple1-0-sga-3-pcb(2), simple1-0-sga-3-pcc(2)]",
                  "simple1-0-sga-1: [simple1-0-sga-4-pcb(2), simple1-0-sga-4-pcc(2)]"});
  }
  SECTION("without the live object the template's 3 replicas give no scaled gang") {
    auto gangs = render_podgangs(golden("case13-simple1.yaml"));
    REQUIRE(gangs.size() == 1);
    CHECK(gangs[0]["metadata"]["name"] == "simple1-0");
  }
  SECTION("base and scaled gang names") {
    auto gangs = render_podgangs(golden("case13-names.yaml"));
    Strings names;
    for (const auto& g : gangs) names.push_back(g["metadata"]["name"]);
    CHECK(std::find(names.begin(), names.end(), "test-app-2") != names.end());
    CHECK(std::find(names.begin(), names.end(), "my-complex-workload-5") != names.end());
    CHECK(std::find(names.begin(), names.end(), "test-2-complex-sg-0") != names.end());
    CHECK(names.size() == 3 + 6 + 3 + 3);
  }
}

TEST_CASE(
    "golden case 14: PodGang labels and annotations mirror the PCS minus grove.io/ keys (Grove's "
    "podgang_test.go)") {
  SECTION("TAS off") {
    auto gangs = render_podgangs(golden("case14.yaml"));
    REQUIRE(gangs.size() == 1);
    const Json& md = gangs[0]["metadata"];
    CHECK(md["namespace"] == "default");
    Json labels = {{"app.kubernetes.io/component", "podgang"},
                   {"app.kubernetes.io/managed-by", "grove-operator"},
                   {"app.kubernetes.io/name", "demo"},
                   {"app.kubernetes.io/part-of", "test-pcs"},
                   {"grove.io/scheduler-name", "default-scheduler"},
                   {"team", "platform"}};
    CHECK(md["labels"] == labels);
    CHECK(md["annotations"] == Json{{"nvidia.com/kai-scheduler-queue", "worker-queue"}});
    CHECK_FALSE(md.contains("ownerReferences"));  // a static file has no owner UID
    CHECK_FALSE(gangs[0].contains("status"));
  }
  SECTION("TAS on adds grove.io/topology-name") {
    auto gangs = render_podgangs(golden("case14-tas.yaml"));
    REQUIRE(gangs.size() == 1);
    CHECK(gangs[0]["metadata"]["annotations"] == Json{{"grove.io/topology-name", "cluster-topology"},
                                                      {"nvidia.com/kai-scheduler-queue", "worker-queue"}});
    CHECK(pack(gangs[0]["spec"]) == std::pair<std::string, std::string>{"topology.kubernetes.io/zone", ""});
  }
}
