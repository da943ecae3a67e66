// The embedded structural copies (schemas/crd/, checked by src/schema/) against the official CRD files in
// ../shared/schemas, checked by an independent validator (valijson, with undeclared fields made errors as
// the API server's pruning plus kubectl's --validate=strict make them): on every input document of the
// test data and the samples, both must accept or both must reject.
// Compared on what both validators model: nulls are dropped first (valijson has no null pruning); metadata
// is left out (the official schema says only `type: object`, the API server reads it as ObjectMeta) and so
// are list-map duplicates (valijson has no x-kubernetes-list-type).
#include <catch2/catch.hpp>
#include <filesystem>

#include "schema/crd_schemas.hpp"
#include "support/test_support.hpp"
#include "validate/input_schema.hpp"
#include "support/schema_validator.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;
using grovectl::test::read_file;
using grovectl::test::testdata;
namespace fs = std::filesystem;

namespace {

struct Official {
  std::string api_version, kind, file;
  std::unique_ptr<SchemaValidator> validator;
};

// The official files are those of Grove v0.1.0-alpha.11 (byte for byte; schemas/crd/README.md).
std::vector<Official> official_validators(const fs::path& shared) {
  struct Source {
    const char* api_version;
    const char* kind;
    const char* crd;
    const char* embedded;
  };
  const Source sources[] = {
      {"grove.io/v1alpha1", "PodCliqueSet", "grove/grove.io_podcliquesets.yaml",
       "grove/v0.1.0-alpha.11/podcliqueset"},
      {"grove.io/v1alpha1", "PodClique", "grove/grove.io_podcliques.yaml", "grove/v0.1.0-alpha.11/podclique"},
      {"grove.io/v1alpha1", "PodCliqueScalingGroup", "grove/grove.io_podcliquescalinggroups.yaml",
       "grove/v0.1.0-alpha.11/podcliquescalinggroup"},
      {"grove.io/v1alpha1", "ClusterTopologyBinding", "grove/grove.io_clustertopologybindings.yaml",
       "grove/v0.1.0-alpha.11/clustertopologybinding"},
      {"jobset.x-k8s.io/v1alpha2", "JobSet", "jobset/jobset.x-k8s.io_jobsets.yaml", "jobset"},
  };
  std::vector<Official> out;
  for (const auto& s : sources) {
    Json crd = grovectl::test::parse_yaml_docs(read_file(shared / "schemas" / s.crd)).at(0);
    std::string version = std::string(s.api_version).substr(std::string(s.api_version).find('/') + 1);
    auto schema = crd_version_schema(crd, version);
    REQUIRE(schema);
    out.push_back({s.api_version, s.kind, std::string("schemas/crd/") + s.embedded + ".json",
                   std::make_unique<SchemaValidator>(strict_schema(*schema))});
  }
  return out;
}

Json without_nulls(const Json& v) {
  if (v.is_object()) {
    Json out = Json::object();
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (!it->is_null()) out[it.key()] = without_nulls(*it);
    }
    return out;
  }
  if (v.is_array()) {
    Json out = Json::array();
    for (const auto& item : v) out.push_back(without_nulls(item));
    return out;
  }
  return v;
}

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

// valijson's leaf errors (it adds one wrapper per ancestor), metadata left out.
size_t official_errors(const SchemaValidator& v, const Json& doc) {
  size_t n = 0;
  for (const auto& e : v.validate(doc)) {
    const std::string& m = e.message;
    bool wrapper = starts_with(m, "Failed to validate against schema associated with property") ||
                   starts_with(m, "Failed to validate item #") ||
                   starts_with(m, "Failed to validate against child schema") ||
                   starts_with(m, "Failed to validate against additional properties") ||
                   starts_with(m, "Cannot validate item #");
    if (!wrapper && !starts_with(e.pointer, "/metadata")) ++n;
  }
  return n;
}

size_t embedded_errors(const schema::CrdSchema& crd, const Json& doc) {
  size_t n = 0;
  for (const auto& f : crd.check(doc, schema::UnknownFields::kReport)) {
    if (f.rule != "schema/duplicate" && !starts_with(f.pointer, "/metadata")) ++n;
  }
  return n;
}

}  // namespace

TEST_CASE("embedded structural schemas accept and reject what the official CRDs do") {
  REQUIRE_SHARED_OR_SKIP(shared);
  auto officials = official_validators(shared);
  std::vector<fs::path> files;
  for (const char* dir : {"validate", "golden", "backends", "jobset", "render", "diff"}) {
    for (const auto& f : grovectl::test::yaml_files_under(testdata(dir))) files.push_back(f);
  }
  for (const auto& f : grovectl::test::yaml_files_under(shared / "samples")) files.push_back(f);
  size_t compared = 0, rejected = 0;
  for (const auto& file : files) {
    Diagnostics diags;
    auto docs = parse_yaml_stream(read_file(file), file.string(), diags);
    if (diags.has_errors()) continue;
    for (const auto& d : docs) {
      if (!d.value.is_object()) continue;
      for (const auto& o : officials) {
        if (d.value.value("apiVersion", "") != o.api_version || d.value.value("kind", "") != o.kind) continue;
        const schema::CrdSchema* crd = schema::embedded_crd_schema(o.file);
        REQUIRE(crd);
        Json doc = without_nulls(d.value);
        size_t official = official_errors(*o.validator, doc);
        size_t embedded = embedded_errors(*crd, doc);
        INFO(file.string() << " document " << d.index << ": official " << official << ", embedded "
                           << embedded);
        CHECK((official == 0) == (embedded == 0));
        ++compared;
        rejected += official > 0;
      }
    }
  }
  // Both verdicts occur, so the comparison can fail either way.
  CHECK(compared >= 150);
  CHECK(rejected >= 40);
}

TEST_CASE("every embedded structural schema compiles, names its kind and notes its source") {
  struct Expect {
    InputKind kind;
    const char* api_version;
    const char* name;
    const char* repository;
  };
  for (const Expect& e :
       {Expect{InputKind::kPodCliqueSet, "grove.io/v1alpha1", "PodCliqueSet", "ai-dynamo/grove"},
        Expect{InputKind::kPodClique, "grove.io/v1alpha1", "PodClique", "ai-dynamo/grove"},
        Expect{InputKind::kPodCliqueScalingGroup, "grove.io/v1alpha1", "PodCliqueScalingGroup",
               "ai-dynamo/grove"},
        Expect{InputKind::kClusterTopologyBinding, "grove.io/v1alpha1", "ClusterTopologyBinding",
               "ai-dynamo/grove"},
        Expect{InputKind::kJobSet, "jobset.x-k8s.io/v1alpha2", "JobSet", "kubernetes-sigs/jobset"}}) {
    INFO(e.name);
    for (const GroveVersion& version : GroveVersion::supported()) {
      INFO(version.name);
      const std::string file = crd_schema_file(e.kind, version);
      REQUIRE_FALSE(file.empty());
      const schema::CrdSchema* crd = schema::embedded_crd_schema(file);
      REQUIRE(crd);
      CHECK(crd->kind == e.name);
      CHECK(crd->api_version == e.api_version);
      CHECK(crd->namespaced == (e.kind != InputKind::kClusterTopologyBinding));
      Json text = Json::parse(read_file(grovectl::test::source_dir() / file));
      CHECK(text["source"]["repository"] == e.repository);
      CHECK(text["source"]["commit"].get<std::string>().size() == 40);
      CHECK_FALSE(text["source"]["path"].get<std::string>().empty());
    }
  }
}
