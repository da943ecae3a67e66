// Conformance: every Grove sample that renders, for every backend x Kubernetes version/hierarchy it supports
// (on the default Grove version, so PodGangMaps and epoch-named PodGangs too),
// renders, and every emitted object validates against the official upstream schema in ../shared/schemas
// (CRD openAPIV3Schema for CRDs; the Kubernetes OpenAPI documents for scheduling.k8s.io), made strict so
// unknown fields are reported.
//
// Exception (shared/schemas/README.md): the v1alpha2 OpenAPI document is an early 1.36-cycle
// snapshot. Released 1.36 (kubernetes/api@v0.36.0 scheduling/v1alpha2/types.go) has
// schedulingConstraints.topology[].key and priorityClassName, which that snapshot lacks (it has
// topologyConstraints[].topologyKey). For v1alpha2 objects those two fields are checked against the reference
// shape here and removed before schema checking.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <memory>

#include "support/backend.hpp"
#include "support/schema_validator.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

struct Combo {
  std::string backend;
  std::string kube;
  std::string extra;  // --hierarchy / --feature-gates
};

const std::vector<Combo>& combos() {
  static const std::vector<Combo> all = {
      {"kai-scheduler", "1.35", ""},
      {"kai-scheduler", "1.36", ""},
      {"kai-scheduler", "1.37", ""},
      {"volcano", "1.35", ""},
      {"volcano", "1.36", ""},
      {"volcano", "1.37", ""},
      {"koord-scheduler", "1.35", ""},
      {"koord-scheduler", "1.36", ""},
      {"koord-scheduler", "1.37", ""},
      {"lpx-scheduler", "1.37", ""},
      {"default-scheduler", "1.35", ""},
      {"default-scheduler", "1.36",
       "--feature-gates WorkloadAwarePreemption=true,TopologyAwareWorkloadScheduling=true"},
      {"default-scheduler", "1.37", "--feature-gates TopologyAwareWorkloadScheduling=true"},
      {"default-scheduler", "1.37",
       "--hierarchy composite --feature-gates CompositePodGroup=true,TopologyAwareWorkloadScheduling=true"},
  };
  return all;
}

class Schemas {
 public:
  explicit Schemas(fs::path dir) : dir_(std::move(dir)) {}

  const SchemaValidator* for_object(const Json& o) {
    std::string api = o.value("apiVersion", "");
    std::string kind = o.value("kind", "");
    std::string key = api + " " + kind;
    if (auto it = cache_.find(key); it != cache_.end()) return it->second.get();
    auto schema = load(api, kind);
    if (!schema) return nullptr;
    return (cache_[key] = std::make_unique<SchemaValidator>(strict_schema(*schema))).get();
  }

 private:
  std::optional<Json> crd(const std::string& file, const std::string& version) {
    auto docs = parse_yaml_docs(read_file(dir_ / file));
    return crd_version_schema(docs.at(0), version);
  }

  std::optional<Json> load(const std::string& api, const std::string& kind) {
    if (api == "scheduler.grove.io/v1alpha1")
      return crd("grove/scheduler.grove.io_podgangs.yaml", "v1alpha1");
    // Grove v0.1.0-alpha.13 (the default) renders a PodGangMap per PodCliqueSet replica (PR #778).
    if (api == "grove.io/v1alpha1" && kind == "PodGangMap")
      return crd("grove/pr778-6eaa77f0/grove.io_podgangmaps.yaml", "v1alpha1");
    if (api == "scheduling.run.ai/v2alpha2") return crd("kai/scheduling.run.ai_podgroups.yaml", "v2alpha2");
    if (api == "scheduling.volcano.sh/v1beta1")
      return crd("volcano/scheduling.volcano.sh_podgroups.yaml", "v1beta1");
    if (api == "scheduling.sigs.k8s.io/v1alpha1")
      return crd("koordinator/scheduling.sigs.k8s.io_podgroups.yaml", "v1alpha1");
    if (api.rfind("scheduling.k8s.io/", 0) == 0) {
      std::string v = api.substr(api.find('/') + 1);
      Json doc = Json::parse(read_file(dir_ / "kubernetes" / ("scheduling.k8s.io_" + v + "_openapi.json")));
      return openapi_component_schema(doc, "io.k8s.api.scheduling." + v + "." + kind);
    }
    return std::nullopt;
  }

  fs::path dir_;
  std::map<std::string, std::unique_ptr<SchemaValidator>> cache_;
};

// The v1alpha2 exception (see the file comment): check the reference shape, then drop the fields.
void check_and_strip_v1alpha2(Json& node) {
  if (node.is_array()) {
    for (auto& n : node) check_and_strip_v1alpha2(n);
    return;
  }
  if (!node.is_object()) return;
  if (node.contains("schedulingConstraints")) {
    const Json& c = node["schedulingConstraints"];
    CHECK(c.size() == 1);
    REQUIRE(c.contains("topology"));
    CHECK(c["topology"].size() == 1);  // maxItems=1
    CHECK(c["topology"][0].size() == 1);
    CHECK(c["topology"][0]["key"].is_string());
    node.erase("schedulingConstraints");
  }
  if (node.contains("priorityClassName")) {
    CHECK(node["priorityClassName"].is_string());
    node.erase("priorityClassName");
  }
  for (auto& [k, v] : node.items()) check_and_strip_v1alpha2(v);
}

void validate_all(const std::vector<Json>& objects, Schemas& schemas, const std::string& what) {
  for (Json o : objects) {
    if (o["kind"] == "Pod") continue;
    if (o["apiVersion"] == "scheduling.k8s.io/v1alpha2") check_and_strip_v1alpha2(o["spec"]);
    const SchemaValidator* v = schemas.for_object(o);
    INFO(what << ": " << o["apiVersion"] << " " << o["kind"] << " " << o["metadata"]["name"]);
    REQUIRE(v != nullptr);
    auto errors = v->validate(o);
    for (const auto& e : errors) FAIL_CHECK(e.pointer << ": " << e.message);
  }
}

// A copy of `sample` whose PodCliqueSets carry a KAI queue label, written as JSON (a YAML subset).
fs::path with_queue(const fs::path& sample, const fs::path& dir) {
  auto docs = parse_yaml_docs(read_file(sample));
  Json list = Json{{"apiVersion", "v1"}, {"kind", "List"}, {"items", Json::array()}};
  for (auto& d : docs) {
    if (d.is_object() && d.value("kind", "") == "PodCliqueSet")
      d["metadata"]["labels"]["kai.scheduler/queue"] = "q";
    if (!d.is_null()) list["items"].push_back(d);
  }
  fs::path out = dir / (sample.stem().string() + ".json");
  std::ofstream(out) << list.dump(2);
  return out;
}

}  // namespace

TEST_CASE("conformance: every Grove sample x every backend/version renders schema-valid objects") {
  REQUIRE_SHARED_OR_SKIP(shared);
  Schemas schemas(shared / "schemas");
  fs::path tmp = scratch_root() / "conformance";
  fs::create_directories(tmp);
  std::vector<fs::path> samples;
  for (const auto& e : fs::recursive_directory_iterator(shared / "samples" / "grove")) {
    if (e.path().extension() == ".yaml") samples.push_back(e.path());
  }
  std::sort(samples.begin(), samples.end());
  REQUIRE(samples.size() >= 5);
  size_t rendered = 0;
  for (const auto& sample : samples) {
    // "A sample that renders": Grove's own PodGang expansion succeeds.
    if (run_grovectl("render --include podgang -f '" + sample.string() + "'").exit_code != 0) {
      WARN("sample does not render at all, skipped: " << sample.string());
      continue;
    }
    fs::path input = with_queue(sample, tmp);
    for (const auto& c : combos()) {
      std::string what = sample.filename().string() + " " + c.backend + " " + c.kube + " " + c.extra;
      auto r = run_grovectl("render -o json --include podgang,scheduler,pods -f '" + input.string() +
                            "' --backend " + c.backend + " --kube-version " + c.kube + " " + c.extra);
      INFO(what << "\n" << r.err);
      REQUIRE(r.exit_code == 0);
      Json all = Json::parse(r.out);
      std::vector<Json> objects = all.value("kind", "") == "List"
                                      ? std::vector<Json>(all["items"].begin(), all["items"].end())
                                      : std::vector<Json>{all};
      validate_all(objects, schemas, what);
      ++rendered;
    }
  }
  fs::remove_all(tmp);
  CHECK(rendered >= 5 * combos().size());
}

TEST_CASE("conformance: topology-bearing test inputs validate for every backend that accepts them") {
  REQUIRE_SHARED_OR_SKIP(shared);
  Schemas schemas(shared / "schemas");
  const std::string topo = " --topology " + td("backends/topology.yaml");
  const std::vector<std::string> runs = {
      "-f " + td("backends/topo-pcs.yaml") + topo + " --backend kai-scheduler",
      "-f " + td("backends/clique-topo-pcs.yaml") + topo + " --backend koord-scheduler",
      "-f " + td("backends/clique-topo-pcs.yaml") + topo +
          " --backend default-scheduler --kube-version 1.36 --feature-gates "
          "TopologyAwareWorkloadScheduling=true",
      "-f " + td("backends/clique-topo-pcs.yaml") + topo +
          " --backend default-scheduler --kube-version 1.37 --feature-gates "
          "TopologyAwareWorkloadScheduling=true",
      "-f " + td("backends/topo-required-pcs.yaml") + topo +
          " --backend default-scheduler --hierarchy composite"
          " --feature-gates CompositePodGroup=true,TopologyAwareWorkloadScheduling=true",
      "-f " + td("backends/volcano-pcs.yaml") + " --backend volcano",
  };
  for (const auto& args : runs) validate_all(render_ok(args), schemas, args);
}

TEST_CASE("conformance: the schemas used above do reject a wrong object") {
  REQUIRE_SHARED_OR_SKIP(shared);
  Schemas schemas(shared / "schemas");
  for (std::string backend : {"kai-scheduler", "volcano", "koord-scheduler"}) {
    std::string args = "-f " + td("backends/volcano-pcs.yaml") + " --include scheduler --backend " + backend;
    if (backend == "kai-scheduler")
      args = "-f " + td("backends/topo-pcs.yaml") + " --include scheduler --backend " + backend;
    Json o = render_ok(args).at(0);
    o["spec"]["notAField"] = 1;
    CHECK_FALSE(schemas.for_object(o)->validate(o).empty());
  }
  Json w =
      render_ok("-f " + td("backends/volcano-pcs.yaml") + " --include scheduler --backend default-scheduler")
          .at(0);
  w["spec"]["podGroupTemplates"][0]["schedulingPolicy"]["gang"]["minCount"] = "three";
  CHECK_FALSE(schemas.for_object(w)->validate(w).empty());
}
