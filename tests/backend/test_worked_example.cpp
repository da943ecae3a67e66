// The worked example of docs/grove-versions.md on every backend, Grove v0.1.0-alpha.13 with
// --epoch 1788533963425275530. The gangs are derived by hand (tests/frontend/pcs/test_epoch_expand.cpp,
// testdata/grove-versions/llm-serve.podgang.yaml): per replica r the anchor <pcs>-<r>-<anchor epoch>
// (frontend and prefill replica 0) and the Tail PodGangs <pcs>-<r>-<tail epoch>-prefill-{1,2}, replica 1's
// epochs 1000 higher. Each backend's objects per gang follow the README's backend table and ai-dynamo/grove's
// backends (operator/internal/scheduler/{kai,volcano,lpx}/backend.go: KAI and Volcano PodGroups take the
// PodGang's name and labels, the pods' group annotations its name, unchanged by PR #778; lpx-scheduler reads
// the PodGangs, PR #663).
#include <catch2/catch.hpp>

#include "support/backend.hpp"

using namespace grovectl;
using namespace grovectl::test;
using Strings = std::vector<std::string>;

namespace {

struct WorkedGang {
  std::string name;
  Strings groups;  // PodClique FQNs, in order
  int min_member;  // the sum of the groups' minReplicas (frontend 2, pleader 1, pworker 2)
};

const std::vector<WorkedGang>& worked_gangs() {
  static const std::vector<WorkedGang> gangs = {
      {"llm-serve-0-1788533963425275530",
       {"llm-serve-0-frontend", "llm-serve-0-prefill-0-pleader", "llm-serve-0-prefill-0-pworker"},
       5},
      {"llm-serve-0-1788533963425275531-prefill-1",
       {"llm-serve-0-prefill-1-pleader", "llm-serve-0-prefill-1-pworker"},
       3},
      {"llm-serve-0-1788533963425275531-prefill-2",
       {"llm-serve-0-prefill-2-pleader", "llm-serve-0-prefill-2-pworker"},
       3},
      {"llm-serve-1-1788533963425276530",
       {"llm-serve-1-frontend", "llm-serve-1-prefill-0-pleader", "llm-serve-1-prefill-0-pworker"},
       5},
      {"llm-serve-1-1788533963425276531-prefill-1",
       {"llm-serve-1-prefill-1-pleader", "llm-serve-1-prefill-1-pworker"},
       3},
      {"llm-serve-1-1788533963425276531-prefill-2",
       {"llm-serve-1-prefill-2-pleader", "llm-serve-1-prefill-2-pworker"},
       3},
  };
  return gangs;
}

std::vector<Json> render_worked(const std::string& backend_args,
                                const std::string& include = "podgang,scheduler") {
  return render_version_ok("--grove-version v0.1.0-alpha.13 --epoch 1788533963425275530 --include " +
                           include + " -f " + td("grove-versions/llm-serve.yaml") + " " + backend_args);
}

Strings kinds_and_names(const std::vector<Json>& objects) {
  Strings out;
  for (const auto& o : objects) {
    if (o["kind"] == "Pod") continue;
    out.push_back(o["kind"].get<std::string>() + " " + o["metadata"]["name"].get<std::string>());
  }
  return out;
}

// The objects each gang gets on a backend, after the PodGangMaps: its PodGang, then `per_gang(gang)`.
Strings expected_objects(const std::function<Strings(const WorkedGang&)>& per_gang) {
  Strings out = {"PodGangMap llm-serve-0", "PodGangMap llm-serve-1"};
  for (const auto& g : worked_gangs()) {
    out.push_back("PodGang " + g.name);
    for (auto& o : per_gang(g)) out.push_back(std::move(o));
  }
  return out;
}

// The pods of the Tail PodGang of prefill replica 1, replica 0.
const Json& pleader_pod(const std::vector<Json>& objects) {
  for (const auto& o : objects) {
    if (o["kind"] == "Pod" && o["metadata"]["name"] == "llm-serve-0-prefill-1-pleader-0") return o;
  }
  FAIL("no pod llm-serve-0-prefill-1-pleader-0");
  static const Json none;
  return none;
}

const std::string kTail = "llm-serve-0-1788533963425275531-prefill-1";

}  // namespace

TEST_CASE("worked example on kai-scheduler: a PodGroup per PodGang, its name and labels",
          "[grove-versions]") {
  auto objects = render_worked("--backend kai-scheduler", "podgang,scheduler,pods");
  CHECK(kinds_and_names(objects) ==
        expected_objects([](const WorkedGang& g) { return Strings{"PodGroup " + g.name}; }));
  auto groups = of_kind(objects, "PodGroup");
  REQUIRE(groups.size() == 6);
  for (size_t i = 0; i < groups.size(); ++i) {
    const auto& g = worked_gangs()[i];
    INFO(g.name);
    CHECK(groups[i]["spec"]["minMember"] == g.min_member);
    CHECK(groups[i]["spec"]["queue"] == "team-a");
    Strings subgroups;
    for (const auto& s : groups[i]["spec"]["subGroups"]) subgroups.push_back(s["name"].get<std::string>());
    CHECK(subgroups == g.groups);
  }
  // KAI clones the PodGang's labels (kai/backend.go), the new ones of PR #778 included.
  const Json& tail = groups[1]["metadata"]["labels"];
  CHECK(tail["grove.io/epoch"] == "1788533963425275531");
  CHECK(tail["grove.io/podgang-role"] == "Tail");
  CHECK(tail["grove.io/podcliqueset-replica-index"] == "0");
  CHECK(tail["grove.io/podcliqueset-generation-hash"] == "6944cfcdb5d4947564c");
  CHECK(tail["grove.io/scheduler-name"] == "kai-scheduler");
  const Json& pod = pleader_pod(objects);
  CHECK(pod["metadata"]["annotations"]["pod-group-name"] == kTail);
  CHECK(pod["metadata"]["labels"]["grove.io/podgang"] == kTail);
  CHECK(pod["metadata"]["labels"]["kai.scheduler/subgroup-name"] == "llm-serve-0-prefill-1-pleader");
}

TEST_CASE("worked example on volcano: a PodGroup per PodGang, group-name annotations with epoch names",
          "[grove-versions]") {
  auto objects = render_worked("--backend volcano", "podgang,scheduler,pods");
  CHECK(kinds_and_names(objects) ==
        expected_objects([](const WorkedGang& g) { return Strings{"PodGroup " + g.name}; }));
  auto groups = of_kind(objects, "PodGroup");
  REQUIRE(groups.size() == 6);
  CHECK(groups[0]["spec"]["minMember"] == 5);
  CHECK(groups[1]["spec"]["minMember"] == 3);
  CHECK(groups[1]["metadata"]["labels"]["grove.io/podgang-role"] == "Tail");
  const Json& pod = pleader_pod(objects);
  CHECK(pod["metadata"]["annotations"]["scheduling.k8s.io/group-name"] == kTail);
  CHECK(pod["metadata"]["annotations"]["scheduling.volcano.sh/group-name"] == kTail);
}

TEST_CASE("worked example on koord-scheduler: a PodGroup per pod group, <gang>-<group>", "[grove-versions]") {
  auto objects = render_worked("--backend koord-scheduler");
  CHECK(kinds_and_names(objects) == expected_objects([](const WorkedGang& g) {
          Strings out;
          for (const auto& group : g.groups) out.push_back("PodGroup " + g.name + "-" + group);
          return out;
        }));
}

TEST_CASE("worked example on default-scheduler 1.37: a Workload per PodGang and a PodGroup per pod group",
          "[grove-versions]") {
  auto objects = render_worked("--backend default-scheduler --kube-version 1.37");
  CHECK(kinds_and_names(objects) == expected_objects([](const WorkedGang& g) {
          Strings out = {"Workload " + g.name};
          for (const auto& group : g.groups) out.push_back("PodGroup " + g.name + "-" + group);
          return out;
        }));
  auto workloads = of_kind(objects, "Workload");
  REQUIRE(workloads.size() == 6);
  CHECK(workloads[1]["apiVersion"] == "scheduling.k8s.io/v1beta1");
}

TEST_CASE("worked example on default-scheduler 1.35: a v1alpha1 Workload per PodGang", "[grove-versions]") {
  auto objects = render_worked("--backend default-scheduler --kube-version 1.35");
  CHECK(kinds_and_names(objects) ==
        expected_objects([](const WorkedGang& g) { return Strings{"Workload " + g.name}; }));
}

TEST_CASE("worked example on lpx-scheduler: the PodGangMaps and PodGangs only, pods with its schedulerName",
          "[grove-versions]") {
  auto objects = render_worked("--backend lpx-scheduler", "podgang,scheduler,pods");
  CHECK(kinds_and_names(objects) == expected_objects([](const WorkedGang&) { return Strings{}; }));
  const Json& pod = pleader_pod(objects);
  CHECK(pod["spec"]["schedulerName"] == "lpx-scheduler");
  CHECK(pod["metadata"]["labels"]["grove.io/podgang"] == kTail);
  CHECK_FALSE(pod["metadata"].contains("annotations"));
  // Every Kubernetes version (the README's backend table).
  for (const char* v : {"1.35", "1.36", "1.37"}) {
    INFO(v);
    CHECK(of_kind(render_worked(std::string("--backend lpx-scheduler --kube-version ") + v), "PodGang")
              .size() == 6);
  }
}
