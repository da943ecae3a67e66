// validate per Grove version: the CRDs of each release (schemas/crd/grove/<version>/), rollingUpdate and its
// webhook rules (ai-dynamo/grove PR #817), the defaulting webhook's zero values (Grove's Go types: fields
// without omitempty), --crd, and the version and epoch flags. Inputs are under testdata/grove-versions/, each
// saying where its shape comes from; lines and columns below are counted in those files.
#include <catch2/catch.hpp>
#include <fstream>

#include "support/test_support.hpp"

using namespace grovectl::test;

namespace {

std::string versioned_input(const std::string& name) {
  return "-f '" + testdata("grove-versions/" + name).string() + "'";
}

}  // namespace

TEST_CASE("rollingUpdate: admitted by v0.1.0-alpha.13, an unknown field of v0.1.0-alpha.11's CRD naming it",
          "[grove-versions]") {
  auto ok =
      run_grovectl("validate --grove-version v0.1.0-alpha.13 " + versioned_input("rolling-update.yaml"));
  INFO(ok.out);
  CHECK(ok.exit_code == 0);
  auto old =
      run_grovectl("validate --grove-version v0.1.0-alpha.11 " + versioned_input("rolling-update.yaml"));
  CHECK(old.exit_code == 1);
  CHECK_THAT(old.out,
             Catch::Contains(
                 "rolling-update.yaml:14:7: error: unknown field \"spec.template.cliques[0].rollingUpdate\" "
                 "(the PodCliqueSet CRD of Grove v0.1.0-alpha.11 does not declare it; --grove-version or "
                 "--crd chooses another) (field: spec.template.cliques[0].rollingUpdate) "
                 "[schema/unknown-field]"));
  CHECK_THAT(old.out,
             Catch::Contains("unknown field \"spec.template.podCliqueScalingGroups[0].rollingUpdate\""));
}

TEST_CASE("rollingUpdate: the webhook's three rules refuse, in validate and render alike",
          "[grove-versions]") {
  struct Case {
    std::string file;
    std::vector<std::string> findings;
  };
  const Case cases[] = {
      {"rolling-update-zero.yaml",
       {"rolling-update-zero.yaml:15:9: error: spec.template.cliques[0].rollingUpdate.maxUnavailable: "
        "Invalid "
        "value: 0: must be greater than 0"}},
      {"rolling-update-member.yaml",
       {"rolling-update-member.yaml:22:7: error: spec.template.cliques[1].rollingUpdate: Forbidden: "
        "rollingUpdate "
        "is not allowed on a PodClique that belongs to a PodCliqueScalingGroup; PodClique \"worker\" is "
        "rolled "
        "with PodCliqueScalingGroup \"workers\", whose rollingUpdate applies to it"}},
      {"rolling-update-ondelete.yaml",
       {"rolling-update-ondelete.yaml:16:7: error: spec.template.cliques[0].rollingUpdate: Forbidden: "
        "rollingUpdate must not be set when spec.updateStrategy.type is OnDelete",
        "rolling-update-ondelete.yaml:37:7: error: spec.template.podCliqueScalingGroups[0].rollingUpdate: "
        "Forbidden: rollingUpdate must not be set when spec.updateStrategy.type is OnDelete"}},
  };
  for (const auto& c : cases) {
    INFO(c.file);
    auto v = run_grovectl("validate " + versioned_input(c.file));
    INFO(v.out);
    CHECK(v.exit_code == 1);
    auto r = run_grovectl("render " + versioned_input(c.file));
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    for (const auto& f : c.findings) {
      CHECK_THAT(v.out, Catch::Contains(f + " (field: "));
      CHECK_THAT(r.err, Catch::Contains(f));
    }
    CHECK_THAT(v.out, Catch::Contains("[grove/rolling-update]"));
  }
}

TEST_CASE("defaulting: a clique without roleName gets \"\" from the webhook, two of them are duplicates",
          "[grove-versions]") {
  // Before: `roleName: Required value` (the CRD requires it). The webhook's patch writes roleName: "" first
  // (PodCliqueSpec.RoleName has no omitempty), so the schema admits it and only the unique-roleName rule
  // can refuse, at the second clique (line 21: its spec, where roleName is missing).
  auto r = run_grovectl("validate --grove-version v0.1.0-alpha.11 " + versioned_input("no-role-names.yaml"));
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains(
                        "no-role-names.yaml:21:7: error: spec.template.cliques.roleName: Duplicate value: "
                        "[\"\"] (field: spec.template.cliques.roleName) [grove/duplicate-role]"));
  CHECK(r.out.find("Required value") == std::string::npos);
  CHECK(r.out.find("Errors: 1,") != std::string::npos);
}

TEST_CASE("defaulting: Grove's samples without roleName validate and render on every version",
          "[grove-versions]") {
  REQUIRE_SHARED_OR_SKIP(shared);
  const auto guide = shared / "samples/grove/user-guide";
  for (const auto& sample :
       {guide / "03_environment-variables-for-pod-discovery/standalone-env-vars.yaml",
        guide / "02_pod-and-resource-naming-conventions/multinode-disaggregated-with-frontend.yaml"}) {
    for (const char* version : {"v0.1.0-alpha.11", "v0.1.0-alpha.13"}) {
      INFO(sample.string() << " " << version);
      auto v =
          run_grovectl(std::string("validate --grove-version ") + version + " -f '" + sample.string() + "'");
      INFO(v.out);
      CHECK(v.exit_code == 0);
      auto r =
          run_grovectl(std::string("render --grove-version ") + version + " -f '" + sample.string() + "'");
      INFO(r.err);
      CHECK(r.exit_code == 0);
      CHECK_FALSE(parse_yaml_docs(r.out).empty());
    }
  }
}

TEST_CASE("crd flag: a cluster's CRD replaces the embedded one, and a message names the CRD it used",
          "[grove-versions]") {
  const std::string crd = testdata("grove-versions/crds/podcliqueset-list.yaml").string();
  // v0.1.0-alpha.11's embedded CRD lacks rollingUpdate (the test above); the cluster's CRD declares it.
  auto given = run_grovectl("validate --grove-version v0.1.0-alpha.11 --crd '" + crd + "' " +
                            versioned_input("rolling-update.yaml"));
  INFO(given.out);
  CHECK(given.exit_code == 0);
  auto rendered = run_grovectl("render --grove-version v0.1.0-alpha.11 --crd '" + crd + "' " +
                               versioned_input("rolling-update.yaml"));
  INFO(rendered.err);
  CHECK(rendered.exit_code == 0);
  // A field that CRD does not declare is reported against it.
  auto unknown =
      run_grovectl("validate --crd '" + crd + "' -f -",
                   "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: x\n"
                   "spec:\n  colour: red\n  template:\n    cliques:\n    - name: a\n      spec:\n"
                   "        roleName: a\n        replicas: 1\n        podSpec:\n          containers:\n"
                   "          - name: a\n            image: busybox\n");
  CHECK(unknown.exit_code == 1);
  CHECK_THAT(unknown.out,
             Catch::Contains("unknown field \"spec.colour\" (the PodCliqueSet CRD from " + crd +
                             " (--crd) does not declare it; --grove-version or --crd chooses another)"));
  // No CRD of a kind grovectl reads: a usage error, not a silent no-op.
  auto none = run_grovectl("validate --crd '" + testdata("grove-versions/llm-serve.yaml").string() + "' " +
                           versioned_input("llm-serve.yaml"));
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.err, Catch::Contains("--crd: no CustomResourceDefinition of a kind grovectl reads"));
  auto missing = run_grovectl("render --crd /nonexistent/crds.yaml " + versioned_input("llm-serve.yaml"));
  CHECK(missing.exit_code == 3);
}

TEST_CASE("grove-version and epoch flags: usage errors that say what is accepted", "[grove-versions]") {
  auto alpha12 = run_grovectl("render --grove-version v0.1.0-alpha.12 " + versioned_input("llm-serve.yaml"));
  CHECK(alpha12.exit_code == 2);
  CHECK_THAT(alpha12.err,
             Catch::Contains("grovectl: error: Grove v0.1.0-alpha.12 is not supported: public sources "
                             "disagree") &&
                 Catch::Contains("grove.io/epoch") && Catch::Contains("podgangmaps.grove.io"));
  auto unknown = run_grovectl("validate --grove-version 0.2.0 " + versioned_input("llm-serve.yaml"));
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err,
             Catch::Contains("Grove v0.2.0 is not supported; supported versions: v0.1.0-alpha.11, "
                             "v0.1.0-alpha.13"));
  auto bad_epoch = run_grovectl("render --epoch 17e17 " + versioned_input("llm-serve.yaml"));
  CHECK(bad_epoch.exit_code == 2);
  CHECK_THAT(bad_epoch.err, Catch::Contains("--epoch \"17e17\" is not an epoch"));
  auto too_big = run_grovectl("render --epoch 9000000000000000001 " + versioned_input("llm-serve.yaml"));
  CHECK(too_big.exit_code == 2);
  auto legacy =
      run_grovectl("render --grove-version v0.1.0-alpha.11 --epoch 5 " + versioned_input("llm-serve.yaml"));
  CHECK(legacy.exit_code == 2);
  CHECK_THAT(legacy.err, Catch::Contains("--epoch applies to Grove versions that name PodGangs by epoch"));
}

TEST_CASE(
    "lpx-scheduler refuses every topology constraint with Grove's message, in validate and render alike",
    "[grove-versions]") {
  // ai-dynamo/grove PR #663, lpx/backend.go: the PodCliqueSet's constraint is checked first (case08.yaml sets
  // one at line 9, the PodCliqueSet level, with the binding given, so topology-aware scheduling is on).
  const std::string in = "-f '" + testdata("golden/case08.yaml").string() + "' -f '" +
                         testdata("golden/ctb-case08.yaml").string() + "' --backend lpx-scheduler";
  const std::string finding =
      "case08.yaml:9:5: error: lpx-scheduler does not support Grove topology constraints; placement topology "
      "must be "
      "expressed through the LPX workload contract (field: spec.template.topologyConstraint) "
      "[grove/lpx-topology]";
  for (const char* version : {"v0.1.0-alpha.11", "v0.1.0-alpha.13"}) {
    INFO(version);
    auto v = run_grovectl(std::string("validate --grove-version ") + version + " " + in);
    CHECK(v.exit_code == 1);
    CHECK_THAT(v.out, Catch::Contains(finding));
    auto r = run_grovectl(std::string("render --grove-version ") + version + " " + in);
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains(finding));
    auto d = run_grovectl(std::string("diff --grove-version ") + version + " " + in +
                          " --to-backend kai-scheduler");
    CHECK(d.exit_code == 4);  // an input diff cannot use (docs/exit-codes.md)
    CHECK_THAT(d.err, Catch::Contains(finding));
  }
  // Without a constraint the same PodCliqueSet shape renders: PodGangs only.
  auto ok =
      run_grovectl("render --backend lpx-scheduler -f '" + testdata("golden/case01.yaml").string() + "'");
  CHECK(ok.exit_code == 0);
}

TEST_CASE("crd flag: a CRD whose schema grovectl cannot honour is a usage error at its file",
          "[grove-versions]") {
  // allOf is not a keyword of the structural schemas the API server accepts for CRDs (and grovectl's checker
  // refuses what it does not know rather than skip it).
  const std::string crd =
      "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: "
      "podcliquesets.grove.io\nspec:\n  group: grove.io\n  names: {kind: PodCliqueSet, plural: "
      "podcliquesets}\n"
      "  scope: Namespaced\n  versions:\n  - name: v1alpha1\n    served: true\n    storage: true\n    "
      "schema:\n"
      "      openAPIV3Schema:\n        type: object\n        allOf: [{type: object}]\n";
  const auto dir = scratch_dir("bad-crd");
  std::ofstream(dir / "crd.yaml") << crd;
  auto r = run_grovectl("validate --crd '" + (dir / "crd.yaml").string() + "' " +
                        versioned_input("llm-serve.yaml"));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err,
             Catch::Contains("crd.yaml:1:1: error: --crd: CustomResourceDefinition podcliquesets.grove.io "
                             "version v1alpha1: schema <root>: keyword \"allOf\" is not supported"));
}
