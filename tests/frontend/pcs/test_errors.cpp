// Inputs the operator could not expand: a located error (file:line:col and field) and exit 1.
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using namespace grovectl::test;

namespace {
CommandResult render_testdata(const std::string& rel) {
  return run_grovectl("render --include podgang -f '" + testdata("render/" + rel).string() + "'");
}
}  // namespace

// render refuses what Grove's webhook refuses, in the webhook's words and at its field
// (pcs/validation/podcliqueset.go: the cliqueNames list, with the unknown name as the value), as validate
// does (issue 15, item 4).
TEST_CASE("a scaling group naming an unknown clique is refused at cliqueNames, as Grove's webhook does") {
  CommandResult r = render_testdata("unknown-clique.yaml");
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(contains(r.err,
                 "unknown-clique.yaml:19:7: error: spec.template.podCliqueScalingGroups[0].cliqueNames: "
                 "Invalid value: \"ghost\": unidentified PodClique names found"));
  CHECK(contains(r.err, "[grove/pcsg-clique-names]"));
}

// A clique without replicas is never seen so by the API server: Grove's defaulting webhook writes the zero
// value of PodCliqueSpec.Replicas (no omitempty in its json tag, docs/grove-versions.md), then defaults
// replicas 0 to 1 and minAvailable to the original 0, which its validation refuses (ai-dynamo/grove
// operator/internal/webhook/admission/pcs/defaulting/podcliqueset.go reads the original replicas).
TEST_CASE("a clique without replicas is refused as the operator refuses replicas 0, with path and location") {
  CommandResult r = render_testdata("missing-replicas.yaml");
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(contains(r.err,
                 "spec.template.cliques[0].spec.minAvailable: Invalid value: 0: must be greater than 0"));
  CHECK(contains(r.err, "missing-replicas.yaml:10:7"));  // nearest ancestor: the clique's "spec" key
}

TEST_CASE("malformed YAML is refused with file:line:col") {
  CommandResult r = render_testdata("malformed.yaml");
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(contains(r.err, "malformed.yaml:"));
  CHECK(contains(r.err, "yaml/syntax"));
}

TEST_CASE("an expansion too large to hold is refused, not attempted") {
  CommandResult r = render_testdata("huge-replicas.yaml");
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(contains(r.err, "render/too-large"));
  CHECK(contains(r.err, "huge-replicas.yaml:6:"));
}
