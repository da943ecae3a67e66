// --grove-version v0.1.0-alpha.11 prints what grovectl printed before it knew Grove versions, byte for byte.
// The expected files in testdata/grove-versions/alpha11/ are the output of grovectl at commit 4148e2d (the
// last one without --grove-version; its render is Grove's legacy algorithm, which the golden cases of
// tests/frontend/pcs/ derive by hand), for the same command lines without the flag.
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using namespace grovectl::test;

TEST_CASE("v0.1.0-alpha.11 renders exactly what grovectl rendered before Grove versions",
          "[grove-versions]") {
  const std::string serve = "-f '" + testdata("grove-versions/llm-serve.yaml").string() + "'";
  struct Case {
    std::string expected;  // under testdata/grove-versions/alpha11/
    std::string args;
  };
  const Case cases[] = {
      {"llm-serve.default-scheduler.out",
       serve + " --backend default-scheduler --include podgang,scheduler,pods"},
      {"llm-serve.kai-scheduler.out", serve + " --backend kai-scheduler --include podgang,scheduler,pods"},
      {"llm-serve.volcano.out", serve + " --backend volcano --include podgang,scheduler,pods"},
      {"llm-serve.koord-scheduler.out",
       serve + " --backend koord-scheduler --include podgang,scheduler,pods"},
      {"llm-serve.default-scheduler-1.35.out", serve + " --backend default-scheduler --kube-version 1.35"},
      {"llm-serve.default-scheduler-1.36.out", serve + " --backend default-scheduler --kube-version 1.36"},
      {"llm-serve.default-scheduler-composite.out",
       serve + " --backend default-scheduler --hierarchy composite "
               "--feature-gates CompositePodGroup=true,TopologyAwareWorkloadScheduling=true"},
      {"disaggregated-inference.out",
       "-f '" + (source_dir() / "examples/disaggregated-inference.yaml").string() + "'"},
      {"case08-tas.out", "-f '" + testdata("golden/case08.yaml").string() + "' -f '" +
                             testdata("golden/ctb-case08.yaml").string() + "' --include podgang"},
  };
  for (const auto& c : cases) {
    INFO(c.args);
    CommandResult r = run_grovectl("render --grove-version v0.1.0-alpha.11 " + c.args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out == read_file(testdata("grove-versions/alpha11/" + c.expected)));
  }
}
