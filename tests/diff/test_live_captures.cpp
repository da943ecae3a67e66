// grovectl diff against live captures (issue 16 "Done when"): testdata/diff/live/*.yaml are what
// `kubectl get ... -o yaml` prints for testdata/diff/live/shop.yaml (and trainer-jobset.yaml) on a cluster
// running each backend and Kubernetes version, with the server-side fields the reference facts name (each
// commented with its source in the capture). Against the inputs they came from they are no difference;
// with one real change per object, exactly that change is reported.
// Pinned to Grove v0.1.0-alpha.11 (--grove-version): these expectations and live captures are of Grove's
// legacy PodGang names, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>
#include <fstream>

#include "support/test_support.hpp"

using grovectl::Json;
using namespace grovectl::test;

namespace {

struct Variant {
  const char* capture;
  const char* input;
  const char* flags;
  size_t objects;  // derived by hand below
};

// Objects per capture (Grove's computeExpectedPodGangs gangs of shop.yaml: shop-0 with 2 pod groups,
// shop-0-sg-0 with 1; 3 pods): 2 PodGangs + backend objects + 3 pods. KAI and Volcano: 1 PodGroup per gang
// (2). Koordinator: 1 per pod group (3). 1.35: 1 Workload per gang (2). 1.36 and 1.37 flat: 2 Workloads + 3
// PodGroups. 1.37 composite: 2 Workloads + 2 CompositePodGroups + 3 PodGroups. JobSet
// (trainer-jobset.yaml, 1.37): 1 Workload + 1 PodGroup holding all 5 pods (JobSet's one gang, KEP-969) + the
// JobSet + 1 + 2x2 pods.
const std::vector<Variant>& variants() {
  static const std::vector<Variant> v = {
      {"kai.yaml", "shop.yaml", "--backend kai-scheduler", 7},
      {"volcano.yaml", "shop.yaml", "--backend volcano", 7},
      {"koord.yaml", "shop.yaml", "--backend koord-scheduler", 8},
      {"default-1.35.yaml", "shop.yaml", "--kube-version 1.35", 7},
      {"default-1.36.yaml", "shop.yaml", "--kube-version 1.36 --feature-gates WorkloadAwarePreemption=true",
       10},
      {"default-1.37.yaml", "shop.yaml", "--kube-version 1.37 --feature-gates PodGroupPreemptionPolicy=true",
       10},
      {"default-1.37-composite.yaml", "shop.yaml",
       "--kube-version 1.37 --hierarchy composite "
       "--feature-gates "
       "CompositePodGroup=true,TopologyAwareWorkloadScheduling=true,PodGroupPreemptionPolicy=true",
       12},
      {"jobset-default-1.37.yaml", "trainer-jobset.yaml", "--kube-version 1.37", 8},
  };
  return v;
}

std::string include_for(const Variant& v) {
  return std::string(v.input) == "shop.yaml" ? "podgang,scheduler,pods" : "scheduler,jobset,pods";
}

CommandResult diff_live(const Variant& v, const std::string& live_path, const std::string& extra = "") {
  return run_grovectl("diff --grove-version v0.1.0-alpha.11 -f " +
                      quote(testdata(std::string("diff/live/") + v.input).string()) + " " + v.flags +
                      " --include " + include_for(v) + " --live " + quote(live_path) + " " + extra);
}

// The capture's List items (the loader flattens kind: List).
Json capture_items(const Variant& v) {
  Json items = Json::array();
  for (auto& o : parse_yaml_docs(read_file(testdata(std::string("diff/live/") + v.capture))))
    items.push_back(o);
  return items;
}

std::string write_live(const Json& items, const std::string& name) {
  auto dir = scratch_dir("live-captures");
  auto path = dir / (name + ".json");
  std::ofstream(path) << Json{{"apiVersion", "v1"}, {"kind", "List"}, {"items", items}}.dump(2);
  return path.string();
}

struct Expected {
  std::string kind;
  std::string name;  // as the diff names it: pods by their stub-form name (= spec.hostname)
  std::string path;
  Json old_value;
  Json new_value;
};

int64_t bump(Json& node) {
  int64_t before = node.get<int64_t>();
  node = before + 1;
  return before;
}

// One real change per object, at a field grovectl renders; what the diff must then say.
Expected change_one_field(Json& o) {
  const std::string kind = o["kind"], api = o["apiVersion"];
  std::string name = o["metadata"]["name"];
  Json& spec = o["spec"];
  if (kind == "PodGang") {
    Json& pg = spec["podgroups"][0];
    int64_t v = bump(pg["minReplicas"]);
    return {kind, name, "/spec/podgroups/name=" + pg["name"].get<std::string>() + "/minReplicas", v + 1, v};
  }
  if (kind == "Pod") {
    std::string scheduler = spec["schedulerName"];
    spec["schedulerName"] = "other-scheduler";
    return {kind, spec["hostname"], "/spec/schedulerName", "other-scheduler", scheduler};
  }
  if (kind == "JobSet") {
    int64_t v = bump(spec["replicatedJobs"][1]["replicas"]);
    return {kind, name, "/spec/replicatedJobs/name=workers/replicas", v + 1, v};
  }
  if (kind == "CompositePodGroup") {
    int64_t v = bump(spec["schedulingPolicy"]["gang"]["minGroupCount"]);
    return {kind, name, "/spec/schedulingPolicy/gang/minGroupCount", v + 1, v};
  }
  if (kind == "PodGroup" && api.starts_with("scheduling.k8s.io/")) {
    int64_t v = bump(spec["schedulingPolicy"]["gang"]["minCount"]);
    return {kind, name, "/spec/schedulingPolicy/gang/minCount", v + 1, v};
  }
  if (kind == "PodGroup") {  // KAI, Volcano, Koordinator
    int64_t v = bump(spec["minMember"]);
    return {kind, name, "/spec/minMember", v + 1, v};
  }
  REQUIRE(kind == "Workload");
  if (api.ends_with("v1alpha1")) {
    Json& t = spec["podGroups"][0];
    int64_t v = bump(t["policy"]["gang"]["minCount"]);
    return {kind, name, "/spec/podGroups/name=" + t["name"].get<std::string>() + "/policy/gang/minCount",
            v + 1, v};
  }
  if (spec.contains("compositePodGroupTemplates")) {
    Json& c = spec["compositePodGroupTemplates"][0];
    Json& t = c["podGroupTemplates"][0];
    int64_t v = bump(t["schedulingPolicy"]["gang"]["minCount"]);
    return {kind, name,
            "/spec/compositePodGroupTemplates/name=" + c["name"].get<std::string>() +
                "/podGroupTemplates/name=" + t["name"].get<std::string>() + "/schedulingPolicy/gang/minCount",
            v + 1, v};
  }
  Json& t = spec["podGroupTemplates"][0];
  int64_t v = bump(t["schedulingPolicy"]["gang"]["minCount"]);
  return {kind, name,
          "/spec/podGroupTemplates/name=" + t["name"].get<std::string>() + "/schedulingPolicy/gang/minCount",
          v + 1, v};
}

}  // namespace

TEST_CASE("diff live captures: server-side noise of every kind, backend and version is no difference",
          "[diff][live]") {
  for (const auto& v : variants()) {
    SECTION(v.capture) {
      auto r = diff_live(v, testdata(std::string("diff/live/") + v.capture).string());
      INFO(r.out << r.err);
      CHECK(r.exit_code == 0);
      CHECK(r.out == "+0 added, -0 removed, ~0 changed, " + std::to_string(v.objects) + " unchanged\n");
      CHECK(r.err.empty());
    }
  }
}

TEST_CASE("diff live captures: one real change per object is exactly that change, exit 1", "[diff][live]") {
  for (const auto& v : variants()) {
    SECTION(v.capture) {
      Json items = capture_items(v);
      REQUIRE(items.size() == v.objects);
      std::vector<Expected> expected;
      for (auto& o : items) expected.push_back(change_one_field(o));
      auto r = diff_live(v, write_live(items, v.capture), "-o json");
      INFO(r.out << r.err);
      REQUIRE(r.exit_code == 1);
      Json out = Json::parse(r.out);
      CHECK(out["summary"]["changed"] == v.objects);
      CHECK(out["summary"]["added"] == 0);
      CHECK(out["summary"]["removed"] == 0);
      REQUIRE(out["diffs"].size() == v.objects);
      for (const auto& e : expected) {
        INFO(e.kind << " " << e.name);
        const Json* found = nullptr;
        for (const auto& d : out["diffs"]) {
          if (d["object"]["kind"] == e.kind && d["object"]["name"] == e.name) found = &d;
        }
        REQUIRE(found);
        CHECK((*found)["op"] == "changed");
        REQUIRE((*found)["changes"].size() == 1);
        CHECK((*found)["changes"][0]["path"] == e.path);
        CHECK((*found)["changes"][0]["old"] == e.old_value);
        CHECK((*found)["changes"][0]["new"] == e.new_value);
      }
    }
  }
}

namespace {

// The first item of `kind` (and, if given, apiVersion prefix) in a capture.
Json& item(Json& items, const std::string& kind, const std::string& api_prefix = "") {
  for (auto& o : items) {
    if (o["kind"] == kind && o["apiVersion"].get<std::string>().starts_with(api_prefix)) return o;
  }
  FAIL("no " << kind << " in the capture");
  return items[0];
}

Json changes_of(const CommandResult& r, const std::string& kind) {
  INFO(r.out << r.err);
  Json out = Json::parse(r.out);
  for (const auto& d : out["diffs"]) {
    if (d["object"]["kind"] == kind) return d["changes"];
  }
  return Json::array();
}

}  // namespace

TEST_CASE("diff live captures: a real value in a field the server also writes still shows", "[diff][live]") {
  struct RealValue {
    const char* what;
    size_t variant;       // index into variants()
    const char* kind;     // the first object of this kind in the capture gets...
    const char* pointer;  // ...this field set to...
    Json live_value;      // ...this value; the diff then reports exactly one change at `pointer`
    Json rendered_value;  // with the rendered value (null: absent)
  };
  const std::vector<RealValue> cases = {
      {"KAI topologyConstraint set, not the value-typed {} (KAI podgroup_types.go)", 0, "PodGroup",
       "/spec/topologyConstraint",
       Json{{"topology", "zones"}, {"requiredTopologyLevel", "topology.kubernetes.io/zone"}}, nullptr},
      {"v1beta1 schedulingConstraints with a topology, not the server's null (no omitempty)", 5, "PodGroup",
       "/spec/schedulingConstraints",
       Json{{"topology", Json::array({Json{{"key", "topology.kubernetes.io/rack"}}})}}, nullptr},
      {"a priorityClassName other than the rendered one (admission fills only an unset one)", 5, "PodGroup",
       "/spec/priorityClassName", "team-low", "team-high"},
      {"v1alpha2 disruptionMode PodGroup, not the server default Pod (+default=\"Pod\")", 4, "PodGroup",
       "/spec/disruptionMode", "PodGroup", "Pod"},
      {"a Volcano queue other than the CRD default", 1, "PodGroup", "/spec/queue", "research", "default"},
      {"a stale KAI membership label on a default-scheduler pod, against the stub", 5, "Pod",
       "/metadata/labels/kai.scheduler~1subgroup-name", "shop-0-leader", nullptr},
  };
  for (const auto& c : cases) {
    SECTION(c.what) {
      const Variant& v = variants()[c.variant];
      Json items = capture_items(v);
      item(items, c.kind)[Json::json_pointer(c.pointer)] = c.live_value;
      auto r = diff_live(v, write_live(items, "real-value"), "-o json");
      CHECK(r.exit_code == 1);
      Json changes = changes_of(r, c.kind);
      REQUIRE(changes.size() == 1);
      CHECK(changes[0]["path"] == c.pointer);
      CHECK(changes[0]["old"] == c.live_value);
      CHECK(changes[0]["new"] == c.rendered_value);
    }
  }
}

TEST_CASE("diff live captures: finalizers of any controller are never a difference", "[diff][live]") {
  const Variant& v137 = variants()[5];
  Json items = capture_items(v137);
  item(items, "PodGroup")["metadata"]["finalizers"].push_back("example.com/audit");
  item(items, "Workload")["metadata"]["finalizers"] = Json::array({"example.com/audit"});
  auto r = diff_live(v137, write_live(items, "v137-finalizers"));
  CHECK(r.exit_code == 0);
}
