// --backend against the pod templates' schedulerName (issue 15, item 7). Grove's operator takes the backend
// from the clique pod templates' schedulerName (grove.md §3.1) and PreparePod keeps it on the pods (§4.5), so
// rendering for another --backend is a plan the PodCliqueSet as written would not follow: a warning at the
// schedulerName key with its full, indexed path, from every command.
#include <catch2/catch.hpp>

#include "support/repo_tree.hpp"
#include "support/test_support.hpp"

using namespace grovectl::test;

namespace {

// Two cliques (the queue label on lines 5-6); the second (index 1) sets schedulerName.
std::string kai_pcs() {
  std::string pcs = small_podcliqueset("kai");
  pcs.insert(pcs.find("spec:\n  replicas"), "  labels:\n    kai.scheduler/queue: team-a\n");
  pcs +=
      "    - name: second\n      spec:\n        roleName: second\n        replicas: 1\n        podSpec:\n"
      "          schedulerName: kai-scheduler\n          containers:\n          - name: main\n"
      "            image: registry.example.com/main:1\n";
  return pcs;
}

}  // namespace

TEST_CASE("scheduler name: --backend other than the templates' schedulerName warns at the key") {
  // Grove requires one schedulerName for all cliques (grove.md §3.2): with only the second set, the webhook
  // refuses; so the first clique sets it too.
  std::string pcs = kai_pcs();
  pcs.insert(pcs.find("          containers:"), "          schedulerName: kai-scheduler\n");
  // Line 16: the first clique's schedulerName (after 15 "podSpec:"); line 26 the second's.
  auto r = run_grovectl("validate --backend default-scheduler -f -", pcs);
  INFO(r.out);
  CHECK(r.exit_code == 0);
  CHECK(r.out.rfind("-:16:", 0) == 0);
  CHECK(r.out.find(
            "warning: the pod template sets schedulerName \"kai-scheduler\" (and in 1 more clique), but "
            "--backend is default-scheduler: the Grove operator picks the backend from the pod templates' "
            "schedulerName and keeps it on the pods, so this PodCliqueSet as written would still be "
            "scheduled by \"kai-scheduler\"; set schedulerName to \"default-scheduler\" (or remove it) "
            "before applying the objects rendered for default-scheduler (field: "
            "spec.template.cliques[0].spec.podSpec.schedulerName) [grove/scheduler-name-kept]") !=
        std::string::npos);
  auto render = run_grovectl("render --backend default-scheduler -f -", pcs);
  CHECK(render.exit_code == 0);
  CHECK(render.err.find("[grove/scheduler-name-kept]") != std::string::npos);
  // The same backend, or no --backend (the templates decide): no warning.
  CHECK(run_grovectl("validate --backend kai-scheduler -f -", pcs).out.find("scheduler-name-kept") ==
        std::string::npos);
  CHECK(run_grovectl("validate -f -", pcs).out.find("scheduler-name-kept") == std::string::npos);
  // --strict makes it an error, like every warning.
  CHECK(run_grovectl("validate --strict --backend default-scheduler -f -", pcs).exit_code == 1);
}
