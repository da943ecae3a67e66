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
