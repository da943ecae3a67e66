// Inputs the fuzzers found; each once made validate fail with an internal error.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using namespace grovectl::test;

TEST_CASE("validate: a kind that is not a string is a finding, not an internal error") {
  auto r = run_grovectl("validate -f -", "apiVersion: grove.io/v1alpha1\nkind: 5\nmetadata:\n  name: x\n");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("-:2:") != std::string::npos);
  CHECK(r.out.find("[input/missing-kind]") != std::string::npos);
}
