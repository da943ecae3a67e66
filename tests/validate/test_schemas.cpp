// Our embedded input schemas (src/validate/schemas/) against the official CRD schemas in
// ../shared/schemas: on the layer-2 corpus and the samples, both must accept or reject the same
// documents. Unknown fields are compared without strictness (the API server prunes them; grovectl
// reports them separately). Deliberate differences are listed in kDeliberate with the reason.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

#include "core/embedded.hpp"
#include "support/test_support.hpp"
#include "validate/schema_validator.hpp"
#include "validate/validate.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;
using grovectl::test::read_file;
using grovectl::test::testdata;
namespace fs = std::filesystem;

namespace {

Json our_schema(const std::string& file) {
  auto text = find_embedded("src/validate/schemas/" + file);
  REQUIRE(text);
  return Json::parse(*text);
}

Json official_schema(const fs::path& crd_file, const std::string& version) {
  auto docs = grovectl::test::parse_yaml_docs(read_file(crd_file));
  REQUIRE(docs.size() == 1);
  auto schema = crd_version_schema(docs[0], version);
  REQUIRE(schema);
  return *schema;
}

struct Pair {
  std::string kind;
  SchemaValidator ours;
  SchemaValidator official;
};

std::vector<fs::path> yaml_files(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == ".yaml") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Documents of the file that parse without YAML errors.
std::vector<Json> documents(const fs::path& file) {
  Diagnostics diags;
  std::vector<SourceDocument> docs = parse_yaml_stream(read_file(file), file.string(), diags);
  std::vector<Json> out;
  if (diags.has_errors()) return out;
  for (const auto& d : docs) out.push_back(d.value);
  return out;
}

}  // namespace

TEST_CASE("embedded input schemas agree with the official CRD schemas on the corpus and samples") {
  REQUIRE_SHARED_OR_SKIP(shared);
  std::vector<Pair> pairs;
  pairs.push_back(
      {"PodCliqueSet", SchemaValidator(our_schema("podcliqueset.json")),
       SchemaValidator(official_schema(shared / "schemas/grove/grove.io_podcliquesets.yaml", "v1alpha1"))});
  pairs.push_back({"ClusterTopologyBinding", SchemaValidator(our_schema("clustertopologybinding.json")),
                   SchemaValidator(official_schema(
                       shared / "schemas/grove/grove.io_clustertopologybindings.yaml", "v1alpha1"))});
  pairs.push_back(
      {"JobSet", SchemaValidator(our_schema("jobset.json")),
       SchemaValidator(official_schema(shared / "schemas/jobset/jobset.x-k8s.io_jobsets.yaml", "v1alpha2"))});

  std::vector<fs::path> files = yaml_files(testdata("validate"));
  for (const auto& f : yaml_files(shared / "samples")) files.push_back(f);
  size_t compared = 0, rejected = 0;
  for (const auto& file : files) {
    for (const auto& doc : documents(file)) {
      if (!doc.is_object()) continue;
      for (const auto& p : pairs) {
        if (doc.value("kind", "") != p.kind) continue;
        std::vector<SchemaError> ours, official;
        try {
          ours = p.ours.validate(doc);
          official = p.official.validate(doc);
        } catch (const std::exception& ex) {
          FAIL(file.string() << ": " << ex.what());
        }
        INFO(file.string() << " " << p.kind);
        for (const auto& e : ours) INFO("ours: " << e.pointer << " " << e.message);
        for (const auto& e : official) INFO("official: " << e.pointer << " " << e.message);
        CHECK(ours.empty() == official.empty());
        ++compared;
        rejected += !official.empty();
      }
    }
  }
  // The corpus holds both accepted and rejected documents, so the comparison can fail either way.
  CHECK(compared >= 60);
  CHECK(rejected >= 8);
}

TEST_CASE("rendered objects are checked against the schema of their kind and version") {
  Diagnostics diags;
  auto docs = parse_yaml_stream("apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: x\n",
                                "in.yaml", diags);
  REQUIRE(docs.size() == 1);
  // grove.md §1.2: podgroups (lower-case) is required; each needs name and podReferences.
  Json good = Json::parse(R"({"apiVersion":"scheduler.grove.io/v1alpha1","kind":"PodGang",
    "metadata":{"name":"x-0","namespace":"default"},
    "spec":{"podgroups":[{"name":"x-0-a","podReferences":[],"minReplicas":1}]}})");
  CHECK(check_rendered_object(good, docs[0], diags));
  CHECK_FALSE(diags.has_errors());
  Json bad = good;
  bad["spec"]["podgroups"][0].erase("podReferences");
  check_rendered_object(bad, docs[0], diags);
  REQUIRE(diags.has_errors());
  CHECK(diags.items().back().rule == "output/required");
  CHECK(diags.items().back().location.file == "in.yaml");
  // k8s-workload-api.md §3: at most 8 podGroupTemplates, minCount >= 1.
  Diagnostics w;
  Json workload = Json::parse(R"({"apiVersion":"scheduling.k8s.io/v1beta1","kind":"Workload",
    "metadata":{"name":"x-0"},"spec":{"podGroupTemplates":[]}})");
  for (int i = 0; i < 9; ++i) {
    workload["spec"]["podGroupTemplates"].push_back(
        {{"name", "g" + std::to_string(i)}, {"policy", {{"gang", {{"minCount", i}}}}}});
  }
  check_rendered_object(workload, docs[0], w);
  std::set<std::string> rules;
  for (const auto& d : w.items()) rules.insert(d.rule);
  CHECK(rules.count("output/range"));
  // A kind grovectl has no schema for is an error, never a silent skip.
  Diagnostics u;
  CHECK_FALSE(check_rendered_object(
      Json::parse(R"({"apiVersion":"x/v1","kind":"Y","metadata":{"name":"a"}})"), docs[0], u));
  CHECK(u.has_errors());
}
