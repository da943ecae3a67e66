// Rendering the upstream samples (../shared/samples/grove, read at run time) and checking every
// rendered PodGang against the official PodGang CRD schema.
#include <filesystem>

#include "support/golden.hpp"
#include "support/schema_validator.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;
using Strings = std::vector<std::string>;

namespace {

std::vector<fs::path> sample_files(const fs::path& shared) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(shared / "samples" / "grove")) {
    if (e.is_regular_file() && e.path().extension() == ".yaml") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string quoted(const fs::path& p) {
  return "-f '" + p.string() + "'";
}

}  // namespace

TEST_CASE("rendered Grove samples give the gangs derived by hand from computeExpectedPodGangs") {
  REQUIRE_SHARED_OR_SKIP(shared);
  fs::path grove = shared / "samples" / "grove";
  SECTION("simple1") {
    auto gangs = render_podgangs(quoted(grove / "simple/simple1.yaml"));
    CHECK(summaries(gangs) ==
          Strings{"simple1-0: [simple1-0-pca(3), simple1-0-pcd(2), simple1-0-sga-0-pcb(2), "
                  "simple1-0-sga-0-pcc(2)]"});
    CHECK(gangs[0]["metadata"]["labels"]["grove.io/scheduler-name"] == "default-scheduler");
  }
  SECTION("simple3") {
    auto gangs = render_podgangs(quoted(grove / "simple/simple3-explicit-startup-order.yaml"));
    CHECK(
        summaries(gangs) ==
        Strings{
            "simple3-0: [simple3-0-pca(3), simple3-0-pce(2), simple3-0-sga-0-pcb(2), simple3-0-sga-0-pcc(2), "
            "simple3-0-sga-0-pcd(2), simple3-0-sga-1-pcb(2), simple3-0-sga-1-pcc(2), simple3-0-sga-1-pcd(2)]",
            "simple3-0-sga-0: [simple3-0-sga-2-pcb(2), simple3-0-sga-2-pcc(2), simple3-0-sga-2-pcd(2)]"});
  }
  SECTION("multinode-disaggregated") {
    auto gangs = render_podgangs(quoted(grove / "user-guide/01_core-concepts/multi-node-disaggregated.yaml"));
    CHECK(
        summaries(gangs) ==
        Strings{
            "multinode-disaggregated-0: [multinode-disaggregated-0-prefill-0-pleader(1), "
            "multinode-disaggregated-0-prefill-0-pworker(4), multinode-disaggregated-0-decode-0-dleader(1), "
            "multinode-disaggregated-0-decode-0-dworker(2)]",
            "multinode-disaggregated-0-prefill-0: [multinode-disaggregated-0-prefill-1-pleader(1), "
            "multinode-disaggregated-0-prefill-1-pworker(4)]"});
  }
}

// Two samples (standalone-env-vars.yaml, multinode-disaggregated-with-frontend.yaml) omit spec.roleName,
// which the CRD marks required: Grove's defaulting webhook writes roleName: "" before the API server checks
// the schema (its Go field has no omitempty; docs/grove-versions.md), so they are admitted, and render, too.
TEST_CASE("every grove sample renders, on every Grove version") {
  REQUIRE_SHARED_OR_SKIP(shared);
  auto files = sample_files(shared);
  REQUIRE(files.size() >= 11);
  for (const auto& f : files) {
    for (const char* version : {"v0.1.0-alpha.11", "v0.1.0-alpha.13"}) {
      INFO(f.string() << " " << version);
      CommandResult r =
          run_grovectl(std::string("render --include podgang --grove-version ") + version + " " + quoted(f));
      INFO(r.err);
      CHECK(r.exit_code == 0);
      CHECK_FALSE(parse_yaml_docs(r.out).empty());
    }
  }
}

TEST_CASE("rendered PodGangs conform to the scheduler.grove.io PodGang CRD schema") {
  REQUIRE_SHARED_OR_SKIP(shared);
  auto crd = parse_yaml_docs(read_file(shared / "schemas/grove/scheduler.grove.io_podgangs.yaml"));
  REQUIRE(crd.size() == 1);
  auto schema = crd_version_schema(crd[0], "v1alpha1");
  REQUIRE(schema);
  SchemaValidator validator(strict_schema(*schema));
  std::vector<std::string> inputs;
  for (const auto& f : sample_files(shared)) inputs.push_back(quoted(f));
  inputs.push_back(golden("case08.yaml") + " " + golden("ctb-case08.yaml"));
  inputs.push_back(golden("case10.yaml") + " " + golden("ctb-case08.yaml"));
  inputs.push_back(golden("case14.yaml"));
  inputs.push_back(golden("case15.yaml") + " " + golden("ctb-grove-topology.yaml"));
  size_t checked = 0;
  for (const auto& in : inputs) {
    for (const auto& pg : render_podgangs(in)) {
      INFO(in << "\n" << pg.dump(2));
      CHECK(pg["apiVersion"] == "scheduler.grove.io/v1alpha1");
      for (const auto& e : validator.validate(pg)) FAIL_CHECK(e.pointer << ": " << e.message);
      ++checked;
    }
  }
  CHECK(checked > 15);
}
