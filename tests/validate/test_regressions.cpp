// Inputs the fuzzers found; each once made validate fail with an internal error.
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using namespace grovectl::test;

TEST_CASE("validate: a kind that is not a string is a finding, not an internal error") {
  auto r = run_grovectl("validate -f -", "apiVersion: grove.io/v1alpha1\nkind: 5\nmetadata:\n  name: x\n");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("-:2:") != std::string::npos);
  CHECK(r.out.find("[input/missing-kind]") != std::string::npos);
}

TEST_CASE("validate: a sequence where a clique mapping belongs is a finding, not an internal error") {
  // Found by fuzz_validate: a name token was used as a sequence index.
  auto r = run_grovectl("validate -f -",
                        "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: x\nspec:\n"
                        "  replicas: 1\n  template:\n    cliques:\n    - [a, b]\n");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("internal error") == std::string::npos);
  CHECK(r.out.find("-:9:") != std::string::npos);
}

TEST_CASE("validate: an absurdly long terminationDelay is an invalid duration") {
  std::string delay(5000, '9');
  auto r = run_grovectl("validate -f -",
                        "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: x\n"
                        "spec:\n  replicas: 1\n  template:\n    terminationDelay: '" +
                            delay +
                            "s'\n    cliques:\n    - name: a\n      spec:\n        roleName: a\n"
                            "        replicas: 1\n        podSpec:\n          containers:\n"
                            "          - name: c\n            image: busybox\n");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("[grove/termination-delay]") != std::string::npos);
}

TEST_CASE(
    "validate, render and diff: a list inside a JobSet's pod template is a finding, not an internal error") {
  // Found while profiling: the scheduler name was read through a JSON pointer, which stops with a parse
  // error at a list met on the way (and throws and catches an exception for every replicated job without
  // a schedulerName). The shape is a hand-written JobSet with template and template.spec as lists.
  const std::string head =
      "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: js\nspec:\n  replicatedJobs:\n"
      "  - name: w\n    replicas: 1\n";
  for (const std::string& tail :
       {std::string("    template: [1, 2]\n"), std::string("    template: {spec: [1]}\n")}) {
    for (const std::string command : {"validate -f -", "render -f -", "diff -f - --live /dev/null"}) {
      auto r = run_grovectl(command, head + tail);
      INFO(command << "\n" << tail << r.out << r.err);
      CHECK(r.exit_code == (command.starts_with("diff") ? 4 : 1));
      CHECK(r.err.find("internal error") == std::string::npos);
      CHECK((r.out + r.err).find("-:9:") != std::string::npos);
      CHECK((r.out + r.err).find("[schema/type]") != std::string::npos);
    }
  }
}
