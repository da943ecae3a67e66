// Inputs of any kind (issue 15, item 1): what is not a gang source or its companion is skipped and counted,
// in the shapes CI really feeds grovectl. Expected counts are derived by hand from the inputs: which
// documents are PodCliqueSets (read), which are other kinds or have no apiVersion/kind (skipped).
// Pinned to Grove v0.1.0-alpha.11 (--grove-version) where the expectations are Grove's legacy PodGang names
// or object counts, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>
#include <filesystem>

#include "support/repo_tree.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

// testdata/ci/helm-template-stream.yaml: the output of `helm template` for a chart with a ServiceAccount,
// a ConfigMap, a Service, a ResourceClaimTemplate and the PodCliqueSet that uses the last three.
std::string helm_stream() {
  return read_file(testdata("ci/helm-template-stream.yaml"));
}

std::vector<std::string> kinds_of(const std::string& yaml) {
  std::vector<std::string> kinds;
  for (const auto& o : parse_yaml_docs(yaml)) kinds.push_back(o["kind"].get<std::string>());
  return kinds;
}

}  // namespace

TEST_CASE("ci inputs: a helm template stream validates, its other kinds skipped and counted") {
  auto r = run_grovectl("validate -f -", helm_stream());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  // 5 documents: ServiceAccount, ConfigMap, Service, ResourceClaimTemplate skipped; the PodCliqueSet valid.
  CHECK(
      r.out ==
      "Summary: 5 documents found in 1 file - Valid: 1, Invalid: 0, Skipped: 4, Input errors: 0, Errors: 0, "
      "Warnings: 0, Ignored: 0, Files skipped: 0\n");
}

TEST_CASE("ci inputs: skipped documents never reach render or diff output") {
  auto r = run_grovectl("render --grove-version v0.1.0-alpha.11 -f -", helm_stream());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  // default-scheduler on 1.37: one gang serving-0 with its PodGang, Workload and two PodGroups.
  CHECK(kinds_of(r.out) == std::vector<std::string>{"PodGang", "Workload", "PodGroup", "PodGroup"});
  auto json = run_grovectl("render --grove-version v0.1.0-alpha.11 -o json -f -", helm_stream());
  CHECK(json.out.find("ConfigMap") == std::string::npos);
  CHECK(json.out.find("ResourceClaimTemplate") == std::string::npos);
  // A migration preview renders both sides from the same stream: differences (exit 1), never an error.
  auto diff = run_grovectl("diff --grove-version v0.1.0-alpha.11 -f - --to-kube-version 1.36 -o brief",
                           helm_stream());
  INFO(diff.out << diff.err);
  CHECK(diff.exit_code == 1);
  CHECK(diff.out.find("ConfigMap") == std::string::npos);
}

TEST_CASE("ci inputs: a whole repository tree with --ignore-filename-pattern for helm templates") {
  fs::path root = write_repo_tree("repo");
  // charts/serving/templates/pcs.yaml is a helm template beside Chart.yaml, not YAML: a walk skips and
  // counts it; named with -f it is read, and is an input error.
  auto raw = run_grovectl("validate -f " + quote(root.string()));
  INFO(raw.out << raw.err);
  CHECK(raw.exit_code == 0);
  CHECK(
      raw.out ==
      "Summary: 5 documents found in 5 files - Valid: 1, Invalid: 0, Skipped: 4, Input errors: 0, Errors: 0, "
      "Warnings: 0, Ignored: 0, Files skipped: 1 (1 Helm chart template)\n");
  auto named = run_grovectl("validate -f " + quote((root / "charts/serving/templates/pcs.yaml").string()));
  CHECK(named.exit_code == 1);
  CHECK(named.out.find((root / "charts/serving/templates/pcs.yaml").string() + ":4:") != std::string::npos);
  CHECK(named.out.find("Input errors: 1") != std::string::npos);
  // Left out by pattern, the tree validates: Chart.yaml and values.yaml (no kind), the Kustomization and
  // the Service are skipped; .github and .archive are hidden and not entered (link loops:
  // tests/input/test_special_files.cpp).
  auto r = run_grovectl("validate -f " + quote(root.string()) + " --ignore-filename-pattern '/templates/'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(
      r.out ==
      "Summary: 5 documents found in 5 files - Valid: 1, Invalid: 0, Skipped: 4, Input errors: 0, Errors: 0, "
      "Warnings: 0, Ignored: 0, Files skipped: 0\n");
  auto json =
      run_grovectl("validate -o json -f " + quote(root.string()) + " --ignore-filename-pattern /templates/");
  Json j = Json::parse(json.out);
  REQUIRE(j["documents"].size() == 5);
  CHECK(j["documents"][0]["file"] == (root / "charts/serving/Chart.yaml").string());
  CHECK(j["documents"][0]["status"] == "skipped");
  CHECK(j["documents"][0]["skipReason"] == "not a Kubernetes object (no apiVersion and kind)");
  CHECK(j["documents"][2]["skipReason"] ==
        "kind Kustomization (kustomize.config.k8s.io/v1beta1) is not read by grovectl");
  CHECK(j["documents"][3]["status"] == "valid");
  CHECK(j["documents"][3]["backend"] == "default-scheduler");
  CHECK(j["summary"]["skipped"] == 4);
  auto render = run_grovectl("render --grove-version v0.1.0-alpha.11 -f " + quote(root.string()) +
                             " --ignore-filename-pattern /templates/");
  CHECK(render.exit_code == 0);
  CHECK(kinds_of(render.out) == std::vector<std::string>{"PodGang", "Workload", "PodGroup"});
}

TEST_CASE("ci inputs: --skip-kinds and --reject-kinds") {
  fs::path root = write_repo_tree("kinds");
  const std::string tree = "-f " + quote(root.string()) + " --ignore-filename-pattern /templates/";
  auto rejected = run_grovectl("validate " + tree + " --reject-kinds Service,Secret");
  INFO(rejected.out);
  CHECK(rejected.exit_code == 1);
  CHECK(rejected.out.find((root / "deploy/service.yaml").string() +
                          ":2:1: error: kind Service (v1) is rejected by --reject-kinds (field: kind) "
                          "[input/rejected-kind]") != std::string::npos);
  // The PodCliqueSet skipped too: zero gang sources is an error that says what was skipped and why.
  auto none = run_grovectl("validate " + tree + " --skip-kinds grove.io/v1alpha1/PodCliqueSet");
  INFO(none.out);
  CHECK(none.exit_code == 1);
  CHECK(none.out.find(
            "error: no PodCliqueSet or JobSet in the inputs (zero gang sources is never a pass): 5 "
            "documents read, 5 skipped: 2 of kinds grovectl does not read (1 Kustomization, 1 Service); "
            "2 without apiVersion and kind; 1 by --skip-kinds [input/no-gang-source]") != std::string::npos);
  auto render = run_grovectl("render --grove-version v0.1.0-alpha.11 " + tree + " --skip-kinds PodCliqueSet");
  CHECK(render.exit_code == 1);
  CHECK(render.out.empty());
  CHECK(render.err.find("[input/no-gang-source]") != std::string::npos);
  CHECK(run_grovectl("validate " + tree + " --skip-kinds Service --reject-kinds Service").exit_code == 2);
  auto bad_pattern = run_grovectl("validate " + tree + " --ignore-filename-pattern '('");
  CHECK(bad_pattern.exit_code == 2);
  CHECK(bad_pattern.err.find("--ignore-filename-pattern \"(\" is not a regular expression: missing ): (") !=
        std::string::npos);  // RE2's reason
}

TEST_CASE("ci inputs: a dangling link in a directory is an I/O finding in a whole report") {
  fs::path root = write_repo_tree("dangling");
  fs::create_symlink("removed.yaml", root / "deploy/old.yaml");
  const std::string tree = "-f " + quote(root.string()) + " --ignore-filename-pattern /templates/";
  auto r = run_grovectl("validate " + tree);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.out.find((root / "deploy/old.yaml").string() +
                   ": error: dangling symbolic link: No such file or directory [input/io]") !=
        std::string::npos);
  CHECK(r.out.find("Valid: 1, Invalid: 0, Skipped: 4, Input errors: 1") != std::string::npos);
  auto render = run_grovectl("render --grove-version v0.1.0-alpha.11 " + tree);
  CHECK(render.exit_code == 3);
  CHECK(render.out.empty());
}
