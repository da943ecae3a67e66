// A capability rule that fails alike for every gang of a source is reported once, with a count.
// Pinned to Grove v0.1.0-alpha.11 (--grove-version) where the expectations are Grove's legacy PodGang names
// or object counts, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>

#include "render/repeated_diagnostics.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

Diagnostics one_error(const std::string& message) {
  Diagnostics d;
  d.error("capability/x", message, Location{"a.yaml", 3, 1});
  return d;
}

}  // namespace

TEST_CASE("repeats that differ only in the gang subject fold into the first, with a count") {
  RepeatedGangDiagnostics r("PodCliqueSet");
  r.add("p-0", one_error("PodCliqueSet ns/p (gang p-0): needs gate G"));
  r.add("p-1", one_error("PodCliqueSet ns/p (gang p-1): needs gate G"));
  r.add("p-2", one_error("PodCliqueSet ns/p (gang p-2): needs gate G"));
  Diagnostics out;
  r.report_into(out);
  REQUIRE(out.items().size() == 1);
  CHECK(out.items()[0].message ==
        "PodCliqueSet ns/p (gang p-0): needs gate G (the same for 2 more gangs of this PodCliqueSet)");
  CHECK(out.items()[0].location.line == 3);
}

TEST_CASE("diagnostics that name something gang-specific beyond the subject are all kept, in order") {
  RepeatedGangDiagnostics r("JobSet");
  r.add("j-a", one_error("JobSet ns/j (gang j-a): name \"j-a-long\" is too long"));
  r.add("j-b", one_error("JobSet ns/j (gang j-b): name \"j-b-long\" is too long"));
  Diagnostics warning;
  warning.warning("capability/x", "JobSet ns/j (gang j-b): name \"j-a-long\" is too long",
                  Location{"a.yaml", 3, 1});
  r.add("j-b", warning);  // same text as the first, but a warning: kept apart
  Diagnostics out;
  r.report_into(out);
  REQUIRE(out.items().size() == 3);
  CHECK(out.items()[0].message == "JobSet ns/j (gang j-a): name \"j-a-long\" is too long");
  CHECK(out.items()[1].message == "JobSet ns/j (gang j-b): name \"j-b-long\" is too long");
  CHECK(out.items()[2].severity == Severity::kWarning);
}

TEST_CASE("render: a missing feature gate is reported once for a PodCliqueSet of three gangs") {
  // no-queue-pcs.yaml has spec.replicas 3, so three base gangs; the composite hierarchy needs
  // TopologyAwareWorkloadScheduling as well as CompositePodGroup (the CompositePodGroup gate's page on
  // kubernetes.io).
  auto r = run_grovectl("render --grove-version v0.1.0-alpha.11 -f " +
                        testdata("backends/no-queue-pcs.yaml").string() +
                        " --hierarchy composite --feature-gates CompositePodGroup=true");
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(count_occurrences(r.err, "[capability/composite-gate]") == 1);
  CHECK_THAT(r.err, Catch::Contains("(gang nq-0)"));
  CHECK_THAT(r.err, Catch::Contains("(the same for 2 more gangs of this PodCliqueSet)"));
}
