// JobSet rendering end to end through the CLI, with the real backend mappings. Expectations are derived by
// hand from JobSet's own examples (testdata/jobset/upstream: pod counts, its manual v1alpha2 Workload and
// PodGroup) and JobSet's Workload integration (kubernetes-sigs/jobset KEP-969, PR #1250), as each test says.
#include <catch2/catch.hpp>

#include "support/jobset.hpp"
#include "support/schema_validator.hpp"

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

TEST_CASE("JobSet's manual v1alpha2 example gets the gang of its hand-written Workload/PodGroup pair") {
  // testdata/jobset/upstream/examples/workload-aware-scheduling/: jobset.yaml (rj 3 x 2 = 6 pods) and the
  // Workload and PodGroup written by hand for it, one template with gang minCount 6.
  const auto dir = testdata("jobset/upstream/examples/workload-aware-scheduling");
  std::string err;
  auto objects = render_ok("-f " + (dir / "jobset.yaml").string() + " --kube-version 1.36", &err);
  // Creation order: Workload, PodGroup, then the JobSet itself.
  REQUIRE(objects.size() == 3);
  CHECK(objects[0]["kind"] == "Workload");
  CHECK(objects[1]["kind"] == "PodGroup");
  CHECK(objects[2]["kind"] == "JobSet");
  const Json& wl = objects[0];
  const Json& pg = objects[1];
  const Json& js = objects[2];
  const Json want_wl = first_doc(dir / "workload.yaml");
  const Json want_pg = first_doc(dir / "podgroup.yaml");

  // Same API version and gang semantics: one template, minCount 6 = 3 replicas x 2 pods.
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
  // placeholders. The one group of a JobSet-wide gang is named after the JobSet, as PR #1250 names its one
  // Workload, template and PodGroup alike (without PR #1250's hash suffix): all three are "js".
  CHECK(wl["metadata"]["name"] == "js");
  CHECK(wl["spec"]["podGroupTemplates"][0]["name"] == "js");
  CHECK(pg["metadata"]["name"] == "js");

  // The input's placeholder schedulingGroup is replaced, with a warning at its key (line 17).
  CHECK(err.find("jobset.yaml:17:") != std::string::npos);
  CHECK(err.find("[jobset/membership-replaced]") != std::string::npos);
  CHECK(js["metadata"]["namespace"] == "default");
  CHECK_FALSE(js.contains("status"));
  // The Workload API membership is a spec field only: no empty metadata is added to the pod template.
  CHECK_FALSE(js["spec"]["replicatedJobs"][0]["template"]["spec"]["template"].contains("metadata"));
}

// JobSet's example simple/paralleljobs.yaml: workers parallelism = completions = 4 (replicas unset: 1),
// driver 1 x 1. One gang for the whole JobSet (KEP-969 top-level mode: no sequenced startup) holds 4 + 1 = 5
// pods. Each expected object below is written by hand from the Workload API shape of its version: 1.35
// v1alpha1 (pod groups embedded, pods' spec.workloadRef {name, podGroup}), 1.36 v1alpha2 (PodGroup
// spec.podGroupTemplateRef.workload {workloadName, podGroupTemplateName}), 1.37 v1beta1 (PodGroup
// spec.workloadRef {workloadName, templateName}); pods of 1.36+ join with spec.schedulingGroup.podGroupName.
// Names: Workload, template and PodGroup after the JobSet (PR #1250's top-level naming, no hash); the
// Workload's controllerRef names the JobSet, as JobSet's manual example and PR #1250 do.
TEST_CASE("example paralleljobs renders one PodGroup of minCount 5 on 1.35, 1.36 and 1.37 flat") {
  const std::string input = testdata("jobset/upstream/examples/simple/paralleljobs.yaml").string();
  const std::string controller_ref = "{apiGroup: jobset.x-k8s.io, kind: JobSet, name: paralleljobs}";
  struct Case {
    std::string version;
    std::string expected;  // the scheduling objects
    Json membership;       // what every pod template gets in its spec
  };
  const std::vector<Case> cases = {
      {"1.35",
       "apiVersion: scheduling.k8s.io/v1alpha1\nkind: Workload\n"
       "metadata: {name: paralleljobs, namespace: default}\n"
       "spec:\n  controllerRef: " +
           controller_ref + "\n  podGroups:\n  - {name: paralleljobs, policy: {gang: {minCount: 5}}}\n",
       Json::parse(R"({"workloadRef": {"name": "paralleljobs", "podGroup": "paralleljobs"}})")},
      {"1.36",
       "apiVersion: scheduling.k8s.io/v1alpha2\nkind: Workload\n"
       "metadata: {name: paralleljobs, namespace: default}\n"
       "spec:\n  controllerRef: " +
           controller_ref +
           "\n  podGroupTemplates:\n  - {name: paralleljobs, schedulingPolicy: {gang: {minCount: 5}}}\n"
           "---\napiVersion: scheduling.k8s.io/v1alpha2\nkind: PodGroup\n"
           "metadata: {name: paralleljobs, namespace: default}\n"
           "spec:\n  podGroupTemplateRef: {workload: {workloadName: paralleljobs, podGroupTemplateName: "
           "paralleljobs}}\n  schedulingPolicy: {gang: {minCount: 5}}\n",
       Json::parse(R"({"schedulingGroup": {"podGroupName": "paralleljobs"}})")},
      {"1.37",
       "apiVersion: scheduling.k8s.io/v1beta1\nkind: Workload\n"
       "metadata: {name: paralleljobs, namespace: default}\n"
       "spec:\n  controllerRef: " +
           controller_ref +
           "\n  podGroupTemplates:\n  - {name: paralleljobs, schedulingPolicy: {gang: {minCount: 5}}}\n"
           "---\napiVersion: scheduling.k8s.io/v1beta1\nkind: PodGroup\n"
           "metadata: {name: paralleljobs, namespace: default}\n"
           "spec:\n  workloadRef: {workloadName: paralleljobs, templateName: paralleljobs}\n"
           "  schedulingPolicy: {gang: {minCount: 5}}\n",
       Json::parse(R"({"schedulingGroup": {"podGroupName": "paralleljobs"}})")},
  };
  for (const auto& c : cases) {
    INFO(c.version);
    auto objects = render_ok("-f " + input + " --kube-version " + c.version);
    const std::vector<Json> expected = parse_yaml_docs(c.expected);
    REQUIRE(objects.size() == expected.size() + 1);  // then the JobSet
    for (size_t i = 0; i < expected.size(); ++i) CHECK(objects[i] == expected[i]);
    const Json& js = objects.back();
    REQUIRE(js["kind"] == "JobSet");
    for (size_t rj = 0; rj < 2; ++rj) {  // workers, driver
      for (auto it = c.membership.begin(); it != c.membership.end(); ++it)
        CHECK(pod_spec(js, rj)[it.key()] == it.value());
      CHECK(pod_spec(js, rj)["schedulerName"] == "default-scheduler");
    }
  }
}

// The same example on the other backends: one gang object holding both replicated jobs. KAI and Volcano: one
// PodGroup, minMember 4 + 1, a subgroup per replicated job (Grove's KAI and Volcano backends); Koordinator:
// a PodGroup per replicated job, "<gang>-<replicated job>", joined in one GangGroup by the annotation
// gang.scheduling.koordinator.sh/groups (GREP-537); 1.37 composite: a CompositePodGroup over one PodGroup
// per replicated job, minGroupCount 2 = both (KEP-6012; JobSet's "gang of gangs", KEP-969).
TEST_CASE("example paralleljobs is one gang on KAI, Volcano, Koordinator and 1.37 composite") {
  const std::string input =
      "-f " + testdata("jobset/upstream/examples/simple/paralleljobs.yaml").string() + " --include scheduler";
  // KAI needs a queue (label kai.scheduler/queue), which the example does not set:
  // testdata/jobset/queued.yaml stands in, leader 1 x 1 + workers 2 x 3 = 7.
  const std::string queued = "-f " + testdata("jobset/queued.yaml").string() + " --include scheduler";
  auto kai = render_ok(queued + " --backend kai-scheduler");
  REQUIRE(kai.size() == 1);
  CHECK(kai[0]["metadata"]["name"] == "queued");
  CHECK(kai[0]["spec"]["minMember"] == 7);
  CHECK(kai[0]["spec"]["subGroups"] ==
        Json::parse(R"([{"name": "leader", "minMember": 1}, {"name": "workers", "minMember": 6}])"));

  auto volcano = render_ok(input + " --backend volcano");
  REQUIRE(volcano.size() == 1);
  CHECK(volcano[0]["spec"]["minMember"] == 5);
  REQUIRE(volcano[0]["spec"]["subGroupPolicy"].size() == 2);
  CHECK(volcano[0]["spec"]["subGroupPolicy"][0]["subGroupSize"] == 4);
  CHECK(volcano[0]["spec"]["subGroupPolicy"][1]["subGroupSize"] == 1);

  auto koord = render_ok(input + " --backend koord-scheduler");
  REQUIRE(koord.size() == 2);
  const std::string groups = R"(["default/paralleljobs-workers","default/paralleljobs-driver"])";
  for (size_t i = 0; i < 2; ++i)
    CHECK(koord[i]["metadata"]["annotations"]["gang.scheduling.koordinator.sh/groups"] == groups);
  CHECK(koord[0]["spec"]["minMember"] == 4);
  CHECK(koord[1]["spec"]["minMember"] == 1);

  auto composite = render_ok(input +
                             " --kube-version 1.37 --hierarchy composite --feature-gates "
                             "CompositePodGroup=true,TopologyAwareWorkloadScheduling=true");
  const std::vector<Json> expected = parse_yaml_docs(
      "apiVersion: scheduling.k8s.io/v1alpha3\nkind: Workload\n"
      "metadata: {name: paralleljobs, namespace: default}\n"
      "spec:\n  controllerRef: {apiGroup: jobset.x-k8s.io, kind: JobSet, name: paralleljobs}\n"
      "  compositePodGroupTemplates:\n"
      "  - name: paralleljobs\n    schedulingPolicy: {gang: {minGroupCount: 2}}\n    podGroupTemplates:\n"
      "    - {name: workers, schedulingPolicy: {gang: {minCount: 4}}}\n"
      "    - {name: driver, schedulingPolicy: {gang: {minCount: 1}}}\n"
      "---\napiVersion: scheduling.k8s.io/v1alpha3\nkind: CompositePodGroup\n"
      "metadata: {name: paralleljobs, namespace: default}\n"
      "spec:\n  workloadRef: {workloadName: paralleljobs, templateName: paralleljobs}\n"
      "  schedulingPolicy: {gang: {minGroupCount: 2}}\n"
      "---\napiVersion: scheduling.k8s.io/v1alpha3\nkind: PodGroup\n"
      "metadata: {name: paralleljobs-workers, namespace: default}\n"
      "spec:\n  parentCompositePodGroupName: paralleljobs\n"
      "  workloadRef: {workloadName: paralleljobs, templateName: workers}\n"
      "  schedulingPolicy: {gang: {minCount: 4}}\n"
      "---\napiVersion: scheduling.k8s.io/v1alpha3\nkind: PodGroup\n"
      "metadata: {name: paralleljobs-driver, namespace: default}\n"
      "spec:\n  parentCompositePodGroupName: paralleljobs\n"
      "  workloadRef: {workloadName: paralleljobs, templateName: driver}\n"
      "  schedulingPolicy: {gang: {minCount: 1}}\n");
  REQUIRE(composite.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) CHECK(composite[i] == expected[i]);
}

TEST_CASE("a JobSet's Workload names the JobSet in spec.controllerRef on every version, a PCS's does not") {
  // JobSet's manual Workload pattern (kubernetes-sigs/jobset@08dfbdfd
  // site/static/examples/workload-aware-scheduling/) and PR #1250 set controllerRef {apiGroup:
  // jobset.x-k8s.io, kind: JobSet, name: <js>}; the field exists in every Workload version (kubernetes/api
  // scheduling/*/types.go WorkloadSpec.ControllerRef). Grove links a Workload to its PodGang by an
  // ownerReference instead (GREP-531), so a PodCliqueSet's Workload has none.
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
    for (const char* input : {"jobset/trainer.yaml", "jobset/upstream/examples/simple/paralleljobs.yaml"}) {
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
    REQUIRE(pods.size() == 7);  // leader 1x1 + workers 2x3 (replicas x min(parallelism, completions))
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

TEST_CASE("the sequenced depends-on example renders one gang per replicated job, asked for or not") {
  // initializer 1 x 1, launcher 1 x 1, worker 1 x 4 (testdata/jobset/upstream/README.md).
  const std::string input = testdata("jobset/upstream/examples/depends-on/depends-on.yaml").string();
  std::string err;
  auto split = render_ok("-f " + input + " --kube-version 1.36", &err);
  CHECK(err.find("depends-on.yaml:24:7: warning: JobSet depends-on is not one gang") != std::string::npos);
  auto objects = render_ok("-f " + input + " --jobset-gang replicated-job --kube-version 1.36");
  CHECK(split == objects);
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
