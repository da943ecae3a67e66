// The emitted JobSet against the official JobSet CRD schema (../shared/schemas/jobset, main@08dfbdfd,
// built on the Kubernetes 1.36 API). The schema is made strict so that a field the apiserver would prune
// silently (the CRD has no x-kubernetes-preserve-unknown-fields) is reported.
#include <catch2/catch.hpp>

#include "backend/templates.hpp"
#include "support/jobset.hpp"
#include "support/schema_validator.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

const SchemaValidator& jobset_validator(const std::filesystem::path& shared) {
  static std::optional<SchemaValidator> v;
  if (!v) {
    auto docs = parse_yaml_docs(read_file(shared / "schemas/jobset/jobset.x-k8s.io_jobsets.yaml"));
    REQUIRE(docs.size() == 1);
    auto schema = crd_version_schema(docs[0], "v1alpha2");
    REQUIRE(schema);
    v.emplace(strict_schema(*schema));
  }
  return *v;
}

Json emitted(const std::string& path, const Mapping& mapping, RenderOptions options = {}) {
  JobSetCase c;
  run_jobset_case(c, path, options);
  REQUIRE(c.ok);
  TemplateSet templates;
  MappingContext ctx{options, templates};
  Diagnostics diags;
  return inject_membership(c, mapping, ctx, diags);
}

std::string describe(const std::vector<SchemaError>& errors) {
  std::string s;
  for (const auto& e : errors) s += e.pointer + ": " + e.message + "\n";
  return s;
}

}  // namespace

TEST_CASE("the emitted JobSet with schedulingGroup validates against the JobSet CRD") {
  REQUIRE_SHARED_OR_SKIP(shared);
  const auto& v = jobset_validator(shared);
  FakeMapping mapping;
  for (const char* f :
       {"jobset/trainer.yaml", "jobset/preset-membership.yaml", "jobset/unmerged-scheduling.yaml",
        "jobset/upstream/examples/simple/paralleljobs.yaml",
        "jobset/upstream/examples/workload-aware-scheduling/jobset.yaml",
        "jobset/upstream/examples/tpu-multislice/v6e-jax-workload.yaml"}) {
    auto errors = v.validate(emitted(testdata(f).string(), mapping));
    INFO(f << "\n" << describe(errors));
    CHECK(errors.empty());
  }
}

TEST_CASE("the JobSet CRD (v0.12+/main) does not know the 1.35 pod field workloadRef: it would be pruned") {
  REQUIRE_SHARED_OR_SKIP(shared);
  const auto& v = jobset_validator(shared);
  FakeMapping mapping("workloadRef");
  auto errors = v.validate(emitted(testdata("jobset/trainer.yaml").string(), mapping));
  REQUIRE_FALSE(errors.empty());
  bool at_workload_ref = false;
  for (const auto& e : errors)
    at_workload_ref |= e.pointer.find("/template/spec/template/spec") != std::string::npos;
  INFO(describe(errors));
  CHECK(at_workload_ref);
}
