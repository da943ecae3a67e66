// JobSet rendering end to end through the CLI, with the real backend mappings. Expectations are derived
// by hand from jobset.md (§3 pod counts, §4.1 the manual v1alpha2 pattern) and DESIGN §4-§5, and from the
// hand-written expected objects in ../shared/samples/jobset/was-manual-v1alpha2-expected/.
#include <catch2/catch.hpp>

#include "support/jobset.hpp"
#include "validate/schema_validator.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

std::vector<Json> render_ok(const std::string& args, std::string* err = nullptr) {
  auto r = run_grovectl("render " + args);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  if (err) *err = r.err;
  return parse_yaml_docs(r.out);
}

std::vector<const Json*> of_kind(const std::vector<Json>& objects, const std::string& kind) {
  std::vector<const Json*> out;
  for (const auto& o : objects) {
    if (o["kind"] == kind) out.push_back(&o);
  }
  return out;
}

const Json& pod_spec(const Json& jobset, size_t rj) {
  return jobset["spec"]["replicatedJobs"][rj]["template"]["spec"]["template"]["spec"];
}

Json first_doc(const std::filesystem::path& p) {
  return parse_yaml_docs(read_file(p)).at(0);
}

void check_schema(const Json& schema_doc, const std::string& component, const Json& object) {
  SchemaValidator v(openapi_component_schema(schema_doc, component));
  auto errors = v.validate(object);
  std::string text;
  for (const auto& e : errors) text += e.pointer + ": " + e.message + "\n";
  INFO(component << "\n" << object.dump(2) << "\n" << text);
  CHECK(errors.empty());
}

}  // namespace

TEST_CASE("was-manual-jobset on 1.36 gives the gang of the hand-written Workload/PodGroup pair") {
  REQUIRE_SHARED_OR_SKIP(shared);
  const auto dir = shared / "samples/jobset";
  std::string err;
  auto objects = render_ok("-f " + (dir / "was-manual-jobset.yaml").string() + " --kube-version 1.36", &err);
  // Creation order: Workload, PodGroup, then the JobSet itself.
  REQUIRE(objects.size() == 3);
  CHECK(objects[0]["kind"] == "Workload");
  CHECK(objects[1]["kind"] == "PodGroup");
  CHECK(objects[2]["kind"] == "JobSet");
  const Json& wl = objects[0];
  const Json& pg = objects[1];
  const Json& js = objects[2];
  const Json want_wl = first_doc(dir / "was-manual-v1alpha2-expected/workload.yaml");
  const Json want_pg = first_doc(dir / "was-manual-v1alpha2-expected/podgroup.yaml");

  // Same API version and gang semantics: one template, minCount 6 = 3 replicas x 2 pods (jobset.md §4.1).
  CHECK(wl["apiVersion"] == want_wl["apiVersion"]);
  CHECK(pg["apiVersion"] == want_pg["apiVersion"]);
  REQUIRE(wl["spec"]["podGroupTemplates"].size() == want_wl["spec"]["podGroupTemplates"].size());
  CHECK(wl["spec"]["podGroupTemplates"][0]["schedulingPolicy"] ==
        want_wl["spec"]["podGroupTemplates"][0]["schedulingPolicy"]);
  CHECK(pg["spec"]["schedulingPolicy"] == want_pg["spec"]["schedulingPolicy"]);
  CHECK(pg["metadata"]["namespace"] == want_pg["metadata"]["namespace"]);
  // The informational back-link to the JobSet (both name the JobSet "js").
  CHECK(wl["spec"]["controllerRef"] == want_wl["spec"]["controllerRef"]);

  // Same linkage: PodGroup -> Workload template, pod template -> PodGroup.
  CHECK(pg["spec"]["podGroupTemplateRef"]["workload"]["workloadName"] == wl["metadata"]["name"]);
  CHECK(pg["spec"]["podGroupTemplateRef"]["workload"]["podGroupTemplateName"] ==
        wl["spec"]["podGroupTemplates"][0]["name"]);
  CHECK(pod_spec(js, 0)["schedulingGroup"]["podGroupName"] == pg["metadata"]["name"]);
  CHECK(want_pg["spec"]["podGroupTemplateRef"]["workload"]["workloadName"] == want_wl["metadata"]["name"]);

  // Naming differs on purpose: upstream's "js-abc" / "workers" / "js-abc-workers-def" are documentation
  // placeholders (samples README). grovectl names the Workload after the gang (the JobSet, "js"), the
  // template after the replicated job ("rj"), and the PodGroup "<gang>-<group>" ("js-rj").
  CHECK(wl["metadata"]["name"] == "js");
  CHECK(wl["spec"]["podGroupTemplates"][0]["name"] == "rj");
  CHECK(pg["metadata"]["name"] == "js-rj");

  // The input's placeholder schedulingGroup is replaced, with a warning at its key (line 17).
  CHECK(err.find("was-manual-jobset.yaml:17:") != std::string::npos);
  CHECK(err.find("[jobset/membership-replaced]") != std::string::npos);
  CHECK(js["metadata"]["namespace"] == "default");
  CHECK_FALSE(js.contains("status"));
  // The Workload API membership is a spec field only: no empty metadata is added to the pod template.
  CHECK_FALSE(js["spec"]["replicatedJobs"][0]["template"]["spec"]["template"].contains("metadata"));
}

TEST_CASE("a JobSet's Workload names the JobSet in spec.controllerRef on every version, a PCS's does not") {
  // jobset.md §4.1-§4.2: JobSet's manual Workload pattern and PR #1250 set controllerRef
  // {apiGroup: jobset.x-k8s.io, kind: JobSet, name: <js>}; the field exists in every Workload version
  // (k8s-workload-api.md §4.2, §5.3, §6.4, §7.2). Grove links a Workload to its PodGang by an
  // ownerReference instead (grove.md §9), so a PodCliqueSet's Workload has none.
  const Json want = Json::parse(R"({"apiGroup": "jobset.x-k8s.io", "kind": "JobSet", "name": "staged"})");
  const std::string composite =
      "1.37 --hierarchy composite --feature-gates "
      "CompositePodGroup=true,TopologyAwareWorkloadScheduling=true";
  for (const std::string& version :
       {std::string("1.35"), std::string("1.36"), std::string("1.37"), composite}) {
    INFO(version);
    auto objects = render_ok("-f " + testdata("jobset/depends-on.yaml").string() +
                             " --jobset-gang replicated-job --include scheduler --kube-version " + version);
    auto workloads = of_kind(objects, "Workload");
    REQUIRE(workloads.size() == 2);  // replicated jobs init and main, one gang each
    for (const Json* wl : workloads) CHECK((*wl)["spec"]["controllerRef"] == want);
    auto pcs = render_ok("-f " + testdata("golden/case01.yaml").string() +
                         " --include scheduler --kube-version " + version);
    auto pcs_workloads = of_kind(pcs, "Workload");
    REQUIRE(pcs_workloads.size() == 2);  // case01: replicas 2, one gang each
    for (const Json* wl : pcs_workloads) CHECK_FALSE((*wl)["spec"].contains("controllerRef"));
  }
}

TEST_CASE("rendered scheduling objects and the emitted JobSet validate against the official schemas") {
  REQUIRE_SHARED_OR_SKIP(shared);
  const auto k8s = shared / "schemas/kubernetes";
  auto crd = parse_yaml_docs(read_file(shared / "schemas/jobset/jobset.x-k8s.io_jobsets.yaml")).at(0);
  SchemaValidator jobset_schema(strict_schema(*crd_version_schema(crd, "v1alpha2")));
  struct Case {
    std::string version, api, gates;
  };
  // trainer.yaml sets priorityClassName, which 1.36 gates behind WorkloadAwarePreemption.
  for (const Case& c : {Case{"1.36", "v1alpha2", " --feature-gates WorkloadAwarePreemption=true"},
                        Case{"1.37", "v1beta1", ""}}) {
    Json openapi = Json::parse(read_file(k8s / ("scheduling.k8s.io_" + c.api + "_openapi.json")));
    for (const char* input : {"jobset/trainer.yaml"}) {
      auto objects = render_ok("-f " + testdata(input).string() + " --kube-version " + c.version + c.gates);
      REQUIRE(of_kind(objects, "JobSet").size() == 1);
      for (const auto& o : objects) {
        if (o["kind"] == "JobSet") {
          auto errors = jobset_schema.validate(o);
          CHECK(errors.empty());
        } else {
          check_schema(openapi, "io.k8s.api.scheduling." + c.api + "." + o["kind"].get<std::string>(), o);
        }
      }
    }
  }
}

TEST_CASE("1.35 pods join through workloadRef, which current JobSet CRDs prune: warned") {
  std::string err;
  auto objects = render_ok("-f " + testdata("jobset/trainer.yaml").string() + " --kube-version 1.35", &err);
  auto jobsets = of_kind(objects, "JobSet");
  REQUIRE(jobsets.size() == 1);
  CHECK(pod_spec(*jobsets[0], 1).contains("workloadRef"));
  CHECK_FALSE(pod_spec(*jobsets[0], 1).contains("schedulingGroup"));
  CHECK(err.find("[jobset/crd-prunes-field]") != std::string::npos);
}

TEST_CASE("every backend renders a JobSet, --include pods gives one stub per pod") {
  for (const char* backend : {"default-scheduler", "kai-scheduler", "volcano", "koord-scheduler"}) {
    INFO(backend);
    auto objects = render_ok("-f " + testdata("jobset/queued.yaml").string() + " --backend " + backend +
                             " --include jobset,pods");
    auto pods = of_kind(objects, "Pod");
    REQUIRE(pods.size() == 7);  // leader 1x1 + workers 2x3 (jobset.md §3)
    CHECK((*pods[6])["metadata"]["name"] == "queued-workers-1-2");
    auto jobsets = of_kind(objects, "JobSet");
    REQUIRE(jobsets.size() == 1);
    for (size_t i = 0; i < 2; ++i) {
      // The template carries what the stubs of its pods carry (the same Mapping::membership).
      const Json& stub = *pods[i == 0 ? 0 : 1];
      CHECK(pod_spec(*jobsets[0], i)["schedulerName"] == stub["spec"]["schedulerName"]);
      const Json labels = jobsets[0]->value(Json::json_pointer("/spec/replicatedJobs/" + std::to_string(i) +
                                                               "/template/spec/template/metadata/labels"),
                                            Json::object());
      for (auto it = labels.begin(); it != labels.end(); ++it)
        CHECK(stub["metadata"]["labels"][it.key()] == it.value());
    }
    CHECK(pod_spec(*jobsets[0], 0)["schedulerName"] ==
          (std::string(backend) == "koord-scheduler" ? "koord-scheduler" : backend));
  }
}

TEST_CASE("replicated-job gangs render the sequenced depends-on sample") {
  REQUIRE_SHARED_OR_SKIP(shared);
  auto objects = render_ok("-f " + (shared / "samples/jobset/depends-on.yaml").string() +
                           " --jobset-gang replicated-job --kube-version 1.36");
  auto workloads = of_kind(objects, "Workload");
  REQUIRE(workloads.size() == 3);
  CHECK((*workloads[0])["metadata"]["name"] == "depends-on-initializer");
  CHECK((*workloads[2])["spec"]["podGroupTemplates"][0]["schedulingPolicy"]["gang"]["minCount"] == 4);
  auto js = of_kind(objects, "JobSet");
  REQUIRE(js.size() == 1);
  CHECK(pod_spec(*js[0], 2)["schedulingGroup"]["podGroupName"] == "depends-on-worker-worker");
}

TEST_CASE("JobSet rendering is deterministic") {
  std::string args =
      "render -f " + testdata("jobset/trainer.yaml").string() + " --include scheduler,jobset,pods";
  auto a = run_grovectl(args);
  auto b = run_grovectl(args);
  CHECK(a.exit_code == 0);
  CHECK(a.out == b.out);
}
