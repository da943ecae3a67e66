// The migration plan to and from lpx-scheduler (ai-dynamo/grove PR #663, operator/internal/scheduler/lpx/
// backend.go): the scheduler reads Grove's PodGangs, so there is no backend object to create; the PodGang
// stays whole; its pods keep only their schedulerName. testdata/diff/pcs-kai.yaml: PodCliqueSet shop with a
// standalone leader and scaling group sg (worker) of 2 replicas, minAvailable 1; with the default Grove
// release and epoch its gangs are shop-0-1767225600000000000 and shop-0-1767225600000000001-sg-1
// (docs/grove-versions.md).
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using namespace grovectl::test;

TEST_CASE("migration plan: KAI -> lpx-scheduler deletes the KAI PodGroups and keeps the PodGang whole",
          "[diff][migration]") {
  auto r = run_grovectl("diff -f '" + testdata("diff/pcs-kai.yaml").string() +
                        "' --backend kai-scheduler --to-backend lpx-scheduler");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains("Migration plan: kai-scheduler on Kubernetes 1.37 → lpx-scheduler on "
                                    "Kubernetes 1.37\n"));
  CHECK_THAT(r.out,
             Catch::Contains("gang team-a/shop-0-1767225600000000000: still admitted whole: one KAI "
                             "PodGroup (minMember 3 over 2 subgroups) becomes the Grove PodGang itself "
                             "(2 pod groups)"));
  CHECK_THAT(r.out, Catch::Contains("lpx-scheduler installed and reading Grove's scheduler.grove.io/v1alpha1 "
                                    "PodGangs"));
  CHECK_THAT(r.out,
             Catch::Contains("       PodGroup.scheduling.run.ai team-a/shop-0-1767225600000000001-sg-1\n"
                             "       PodGroup.scheduling.run.ai team-a/shop-0-1767225600000000000\n"));
  CHECK(r.out.find("Create") == std::string::npos);
  CHECK_THAT(r.out, Catch::Contains("(afterwards schedulerName alone)"));
  CHECK(r.out.ends_with("+0 added, -2 removed, ~2 changed, 1 unchanged\n"));
}
