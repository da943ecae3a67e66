// Unit tests of the pieces issue 16 added to diff: the normalization table, pod identity, scope, the API
// version and immutability facts, brief paths and "**" patterns. Expectations from the facts each rule
// cites (src/diff/server_fields.cpp) and the reference sections named below.
#include <catch2/catch.hpp>

#include "diff/api_versions.hpp"
#include "diff/brief.hpp"
#include "diff/compare.hpp"
#include "diff/immutable_fields.hpp"
#include "diff/json_path.hpp"
#include "diff/pod_identity.hpp"
#include "diff/scope.hpp"
#include "diff/server_fields.hpp"

using grovectl::Json;
using namespace grovectl::diff;

namespace {

Json object(const char* api, const char* kind, const char* name, Json spec, Json metadata = Json::object()) {
  metadata["name"] = name;
  metadata["namespace"] = "ns";
  return Json{{"apiVersion", api}, {"kind", kind}, {"metadata", metadata}, {"spec", std::move(spec)}};
}

Op op_of(const Json& live, const Json& rendered) {
  return diff_object_sets({live}, {rendered}, CompareOptions{})[0].op;
}

}  // namespace

TEST_CASE("server fields: every rule names its source", "[diff][unit]") {
  for (const auto& r : server_field_rules()) {
    INFO(r.path);
    CHECK(std::string(r.source).size() > 10);
    if (r.rule == FieldRuleKind::kDefault) CHECK_NOTHROW(Json::parse(r.value_json));
  }
}

TEST_CASE("server fields: every source cites only what a user can open", "[diff][unit]") {
  // A KEP, a PR, an upstream type or public project docs; never a private reference file or the design.
  for (const auto& r : server_field_rules()) {
    INFO(r.path << ": " << r.source);
    const std::string source = r.source;
    CHECK(source.find(".md") == std::string::npos);
    CHECK(source.find("DESIGN") == std::string::npos);
  }
}

TEST_CASE("server fields: finalizers of 1.37 and 1.38 are never a difference", "[diff][unit]") {
  // scheduling.k8s.io/podgroup-protection on every 1.37 PodGroup (kubernetes/kubernetes PR #137641);
  // compositepodgroup-protection in 1.38 (PR #141021).
  Json rendered = object("scheduling.k8s.io/v1alpha3", "CompositePodGroup", "g", Json::object());
  Json live = rendered;
  live["metadata"]["finalizers"] = Json::array({"scheduling.k8s.io/compositepodgroup-protection"});
  CHECK(op_of(live, rendered) == Op::kUnchanged);
  Json pg = object("scheduling.k8s.io/v1beta1", "PodGroup", "g", Json::object());
  Json pg_live = pg;
  pg_live["metadata"]["finalizers"] = Json::array({"scheduling.k8s.io/podgroup-protection"});
  CHECK(op_of(pg_live, pg) == Op::kUnchanged);
}

TEST_CASE("server fields: nulls are absent, a value is not", "[diff][unit]") {
  Json rendered = object(
      "scheduling.k8s.io/v1beta1", "Workload", "w",
      Json::parse(R"({"podGroupTemplates":[{"name":"a","schedulingPolicy":{"gang":{"minCount":1}}}]})"));
  Json live = rendered;
  live["spec"]["podGroupTemplates"][0]["schedulingConstraints"] = nullptr;
  CHECK(op_of(live, rendered) == Op::kUnchanged);
  live["spec"]["podGroupTemplates"][0]["schedulingConstraints"] =
      Json::parse(R"({"topology":[{"key":"rack"}]})");
  CHECK(op_of(live, rendered) == Op::kChanged);
  // Composite Workload: the server writes podGroupTemplates: null (no omitempty on its json tag in
  // v1alpha3 types.go) next to compositePodGroupTemplates.
  Json composite = object("scheduling.k8s.io/v1alpha3", "Workload", "w",
                          Json::parse(R"({"compositePodGroupTemplates":[]})"));
  Json composite_live = composite;
  composite_live["spec"]["podGroupTemplates"] = nullptr;
  CHECK(op_of(composite_live, composite) == Op::kUnchanged);
}

TEST_CASE("server fields: admission-filled fields on flat and composite objects, only when unset",
          "[diff][unit]") {
  // The Priority admission controller (v1alpha3 types.go comments): priority always, preemptionPolicy when
  // the request left it out; on nested composite templates as well.
  Json rendered = object("scheduling.k8s.io/v1alpha3", "Workload", "w", Json::parse(R"({
    "compositePodGroupTemplates":[{"name":"root","schedulingPolicy":{"gang":{"minGroupCount":1}},"priorityClassName":"p",
      "podGroupTemplates":[{"name":"leaf","schedulingPolicy":{"gang":{"minCount":1}},"priorityClassName":"p"}]}]})"));
  Json live = rendered;
  auto& root = live["spec"]["compositePodGroupTemplates"][0];
  root["priority"] = 7;
  root["preemptionPolicy"] = "PreemptLowerPriority";
  root["podGroupTemplates"][0]["priority"] = 7;
  root["podGroupTemplates"][0]["preemptionPolicy"] = "Never";
  CHECK(op_of(live, rendered) == Op::kUnchanged);
  // Rendered with a preemptionPolicy: now it is compared.
  Json with_policy = rendered;
  with_policy["spec"]["compositePodGroupTemplates"][0]["podGroupTemplates"][0]["preemptionPolicy"] =
      "PreemptLowerPriority";
  auto d = diff_object_sets({live}, {with_policy}, CompareOptions{});
  REQUIRE(d[0].changes.size() == 1);
  CHECK(d[0].changes[0].path ==
        "/spec/compositePodGroupTemplates/name=root/podGroupTemplates/name=leaf/preemptionPolicy");
  // A migration preview compares two renders: nothing is filled in by a server there.
  CompareOptions rendered_both;
  rendered_both.old_origin = Origin::kRendered;
  CHECK(diff_object_sets({live}, {rendered}, rendered_both)[0].op == Op::kChanged);
}

TEST_CASE("server fields: KAI value-typed and runtime fields", "[diff][unit]") {
  // kai-scheduler/KAI-Scheduler@v0.15.2 pkg/apis/scheduling/v2alpha2/podgroup_types.go: topologyConstraint is
  // a value ({}), markUnschedulable and schedulingBackoff runtime.
  Json rendered =
      object("scheduling.run.ai/v2alpha2", "PodGroup", "g", Json::parse(R"({"minMember":2,"queue":"q"})"));
  Json live = rendered;
  live["spec"]["topologyConstraint"] = Json::object();
  live["spec"]["markUnschedulable"] = true;
  live["spec"]["schedulingBackoff"] = -1;
  CHECK(op_of(live, rendered) == Op::kUnchanged);
  live["spec"]["topologyConstraint"] = Json::parse(R"({"topology":"t","requiredTopologyLevel":"rack"})");
  CHECK(op_of(live, rendered) == Op::kChanged);
}

TEST_CASE("server fields: a live pod is compared on what its stub declares", "[diff][unit]") {
  Json stub =
      object("v1", "Pod", "c-0", Json::parse(R"({"schedulerName":"default-scheduler",
                     "schedulingGroup":{"podGroupName":"g-c"}})"),
             Json::parse(R"({"labels":{"grove.io/podclique":"c","grove.io/podclique-pod-index":"0"}})"));
  Json live = object("v1", "Pod", "c-x7k2p", Json::parse(R"({"schedulerName":"default-scheduler",
                     "schedulingGroup":{"podGroupName":"g-c"},"nodeName":"n1","containers":[{"name":"c"}]})"),
                     Json::parse(R"({"labels":{"grove.io/podclique":"c","grove.io/podclique-pod-index":"0",
                     "grove.io/pod-template-hash":"abc"},"annotations":{"internal":"x"},"generateName":"c-"})"));
  auto d = diff_object_sets({live}, {stub}, CompareOptions{});
  REQUIRE(d.size() == 1);
  CHECK(d[0].op == Op::kUnchanged);
  CHECK(d[0].key.name == "c-0");
  CHECK(d[0].old_name == "c-x7k2p");
  // Another backend's membership on the live pod (KAI's pod-group-name annotation) is kept and shows.
  live["metadata"]["annotations"]["pod-group-name"] = "g";
  d = diff_object_sets({live}, {stub}, CompareOptions{});
  REQUIRE(d[0].changes.size() == 1);
  CHECK(d[0].changes[0].path == "/metadata/annotations");
}

TEST_CASE("pod identity: Grove labels, Job labels or annotations, else the hostname", "[diff][unit]") {
  // ai-dynamo/grove@fcc3b3bb operator/internal/controller/podclique/components/pod/pod.go; the Job
  // controller's batch.kubernetes.io/job-name label and job-completion-index.
  CHECK(
      pod_identity(Json::parse(
          R"({"metadata":{"labels":{"grove.io/podclique":"a-0-w","grove.io/podclique-pod-index":"3"}}})")) ==
      "a-0-w-3");
  CHECK(pod_identity(Json::parse(R"({"metadata":{"labels":{"batch.kubernetes.io/job-name":"js-w-1"},
        "annotations":{"batch.kubernetes.io/job-completion-index":"2"}}})")) == "js-w-1-2");
  CHECK(pod_identity(Json::parse(R"({"metadata":{},"spec":{"hostname":"h-0"}})")) == "h-0");
  CHECK_FALSE(pod_identity(Json::parse(R"({"metadata":{"name":"x"}})")));
}

TEST_CASE("scope: labels, owners, references and names", "[diff][unit]") {
  std::vector<Json> rendered = {object("scheduler.grove.io/v1alpha1", "PodGang", "shop-0", Json::object(),
                                       Json::parse(R"({"labels":{"app.kubernetes.io/part-of":"shop"}})")),
                                object("scheduling.k8s.io/v1beta1", "Workload", "shop-0", Json::object())};
  std::vector<SourceRef> sources = {{"PodCliqueSet", "shop"}};
  std::vector<Json> live = {
      object("scheduler.grove.io/v1alpha1", "PodGang", "shop-0-sg-9", Json::object(),
             Json::parse(R"({"labels":{"app.kubernetes.io/part-of":"shop"}})")),
      object("scheduler.grove.io/v1alpha1", "PodGang", "cart-0", Json::object(),
             Json::parse(R"({"labels":{"app.kubernetes.io/part-of":"cart"}})")),
      object("scheduling.k8s.io/v1beta1", "Workload", "shop-0", Json::object()),
      object("scheduling.k8s.io/v1beta1", "Workload", "old", Json::object(),
             Json::parse(R"({"ownerReferences":[{"kind":"PodGang","name":"shop-0"}]})")),
      object("scheduling.k8s.io/v1beta1", "PodGroup", "stray",
             Json::parse(R"({"workloadRef":{"workloadName":"shop-0"}})")),
      object("scheduling.k8s.io/v1beta1", "PodGroup", "cart-x",
             Json::parse(R"({"workloadRef":{"workloadName":"cart-0"}})")),
  };
  auto split = split_by_scope(live, rendered, sources);
  CHECK(split.in_scope.size() == 4);
  REQUIRE(split.out_of_scope.size() == 2);
  CHECK(split.out_of_scope[0]["metadata"]["name"] == "cart-0");
  CHECK(split.out_of_scope[1]["metadata"]["name"] == "cart-x");
}

TEST_CASE("api versions: served per release, converted only within one", "[diff][unit]") {
  // kubernetes/api scheduling/*/register.go at v0.35.0, v0.36.0 and 1.37 (10b39a39).
  CHECK(served_versions("scheduling.k8s.io", 36) == std::vector<std::string>{"v1alpha2"});
  CHECK(served_versions("scheduling.k8s.io", 37) == std::vector<std::string>{"v1alpha3", "v1beta1"});
  CHECK(served_versions("scheduling.run.ai", 37).empty());
  CHECK(versions_convert("scheduling.k8s.io", "PodGroup", "v1beta1", "v1alpha3"));
  CHECK_FALSE(versions_convert("scheduling.k8s.io", "PodGroup", "v1alpha2", "v1beta1"));
  CHECK_FALSE(versions_convert("scheduling.k8s.io", "Workload", "v1alpha1", "v1alpha2"));
  CHECK_FALSE(versions_convert("scheduling.k8s.io", "CompositePodGroup", "v1alpha3", "v1beta1"));
}

TEST_CASE("immutable fields: what cannot change in place", "[diff][unit]") {
  // The +k8s:immutable / +k8s:update markers of kubernetes/api scheduling/*/types.go per release.
  Json pg137 = object("scheduling.k8s.io/v1beta1", "PodGroup", "g", Json::object());
  CHECK(immutable_reason(pg137, "/spec/schedulingPolicy/gang/minCount").empty());
  CHECK_FALSE(immutable_reason(pg137, "/spec/priorityClassName").empty());
  Json pg136 = object("scheduling.k8s.io/v1alpha2", "PodGroup", "g", Json::object());
  CHECK_FALSE(immutable_reason(pg136, "/spec/schedulingPolicy/gang/minCount").empty());
  Json w = object("scheduling.k8s.io/v1alpha3", "Workload", "w", Json::object());
  CHECK(immutable_reason(
            w,
            "/spec/compositePodGroupTemplates/name=r/podGroupTemplates/name=l/schedulingPolicy/gang/minCount")
            .empty());
  CHECK_FALSE(
      immutable_reason(w, "/spec/compositePodGroupTemplates/name=r/schedulingPolicy/gang/minGroupCount")
          .empty());
  CHECK_FALSE(immutable_reason(w, "/spec/podGroupTemplates/name=new").empty());
  Json pod = object("v1", "Pod", "p", Json::object());
  CHECK_FALSE(immutable_reason(pod, "/spec/schedulerName").empty());
  CHECK(immutable_reason(pod, "/metadata/labels/x").empty());
  Json podgang = object("scheduler.grove.io/v1alpha1", "PodGang", "g", Json::object());
  CHECK(immutable_reason(podgang, "/spec/podgroups/name=a/minReplicas").empty());
}

TEST_CASE("brief: dyff-style paths and values", "[diff][unit]") {
  CHECK(brief_path("/spec/subGroups/name=x/minMember") == "spec.subGroups[name=x].minMember");
  CHECK(brief_path("/metadata/labels/grove.io~1podgang") == "metadata.labels[\"grove.io/podgang\"]");
  CHECK(brief_path("/spec/l/0/v") == "spec.l[0].v");
  CHECK(brief_value(Json(3)) == "3");
  CHECK(brief_value(Json("kai-scheduler")) == "kai-scheduler");
  CHECK(brief_value(Json("1.37")) == "\"1.37\"");
  CHECK(brief_value(Json("")) == "\"\"");
  CHECK(brief_value(Json(nullptr)) == "(absent)");
  CHECK(brief_value(Json::parse(R"({"a":1})")) == R"({"a":1})");
}

TEST_CASE("json path: ** matches any depth, none included", "[diff][unit]") {
  Json j = Json::parse(R"({"a":{"p":1,"b":[{"p":2,"c":{"p":3}}]}})");
  CHECK(erase_matching(j, split_pointer("/a/**/p")) == 3);
  CHECK(j == Json::parse(R"({"a":{"b":[{"c":{}}]}})"));
}
