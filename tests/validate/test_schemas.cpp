// Layer 5: rendered objects against the embedded schema of their kind and version. (The input schemas are
// the official CRDs now; test_schema_crd_agreement.cpp compares them with the official files.)
#include <catch2/catch.hpp>
#include <set>

#include "validate/validate.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;

TEST_CASE("rendered objects are checked against the schema of their kind and version") {
  Diagnostics diags;
  auto docs = parse_yaml_stream("apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: x\n",
                                "in.yaml", diags);
  REQUIRE(docs.size() == 1);
  // ai-dynamo/grove@fcc3b3bb scheduler/api/core/v1alpha1/podgang.go: podgroups (lower-case) is required; each
  // needs name and podReferences.
  Json good = Json::parse(R"({"apiVersion":"scheduler.grove.io/v1alpha1","kind":"PodGang",
    "metadata":{"name":"x-0","namespace":"default"},
    "spec":{"podgroups":[{"name":"x-0-a","podReferences":[],"minReplicas":1}]}})");
  CHECK(check_rendered_object(good, GroveVersion::newest(), docs[0], diags));
  CHECK_FALSE(diags.has_errors());
  Json bad = good;
  bad["spec"]["podgroups"][0].erase("podReferences");
  check_rendered_object(bad, GroveVersion::newest(), docs[0], diags);
  REQUIRE(diags.has_errors());
  CHECK(diags.items().back().rule == "output/required");
  CHECK(diags.items().back().location.file == "in.yaml");
  // kubernetes/api scheduling/*/types.go: at most 8 podGroupTemplates, minCount >= 1.
  Diagnostics w;
  Json workload = Json::parse(R"({"apiVersion":"scheduling.k8s.io/v1beta1","kind":"Workload",
    "metadata":{"name":"x-0"},"spec":{"podGroupTemplates":[]}})");
  for (int i = 0; i < 9; ++i) {
    workload["spec"]["podGroupTemplates"].push_back(
        {{"name", "g" + std::to_string(i)}, {"policy", {{"gang", {{"minCount", i}}}}}});
  }
  check_rendered_object(workload, GroveVersion::newest(), docs[0], w);
  std::set<std::string> rules;
  for (const auto& d : w.items()) rules.insert(d.rule);
  CHECK(rules.count("output/range"));
  // A kind grovectl has no schema for is an error, never a silent skip.
  Diagnostics u;
  CHECK_FALSE(
      check_rendered_object(Json::parse(R"({"apiVersion":"x/v1","kind":"Y","metadata":{"name":"a"}})"),
                            GroveVersion::newest(), docs[0], u));
  CHECK(u.has_errors());
}

TEST_CASE("rendered PodGangMaps are checked against the PodGangMap CRD of the Grove version") {
  Diagnostics diags;
  auto docs = parse_yaml_stream("apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: x\n",
                                "in.yaml", diags);
  REQUIRE(docs.size() == 1);
  // ai-dynamo/grove PR #778 grove.io_podgangmaps.yaml: entries need epoch, podCliqueSetGenerationHash and
  // role, role is one of Anchor, Tail, ScaleOut.
  Json good = Json::parse(R"({"apiVersion":"grove.io/v1alpha1","kind":"PodGangMap",
    "metadata":{"name":"x-0","namespace":"default"},
    "spec":{"podCliqueSetReplicaIndex":0,"entries":[{"epoch":"1","podCliqueSetGenerationHash":"h","role":"Anchor",
      "anchorIndex":0,"podCliques":{"a":1}}]}})");
  CHECK(check_rendered_object(good, GroveVersion::newest(), docs[0], diags));
  CHECK(diags.empty());
  Json bad = good;
  bad["spec"]["entries"][0]["role"] = "Head";
  check_rendered_object(bad, GroveVersion::newest(), docs[0], diags);
  REQUIRE(diags.has_errors());
  CHECK(diags.items().back().rule == "output/enum");
  // A release without PodGangMaps has no schema for one: an error, never a silent pass.
  std::string error;
  const GroveVersion* legacy = parse_grove_version("v0.1.0-alpha.11", error);
  REQUIRE(legacy);
  Diagnostics none;
  CHECK_FALSE(check_rendered_object(good, *legacy, docs[0], none));
  CHECK(none.items().at(0).rule == "output/no-schema");
}
