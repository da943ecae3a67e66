// grovectl diff on Grove's epoch names (ai-dynamo/grove PR #778): a live PodGang, PodGangMap entry or KAI
// PodGroup is the rendered one with the same identity (PodCliqueSet, replica, role, scaling group and
// index), whatever epochs the operator took from its clock, because diff renders with the live epochs.
//
// Input: testdata/grove-versions/llm-serve.yaml, the worked example of docs/grove-versions.md (2 replicas, a
// standalone frontend of 2 pods, scaling group prefill of pleader (1 pod) and pworker (2 pods), replicas 3,
// minAvailable 1; every clique's minAvailable defaults to its replicas).
// Live: testdata/diff/epoch/live/ (kubectl get of PodGangMaps, PodGangs and KAI PodGroups on a cluster with
// Grove v0.1.0-alpha.13: replica 0 at epochs 1788533963425275530/+1/+2, replica 1 at
// 1788533963431877002/+1/+2, each server field commented with its source there) and
// testdata/diff/epoch/legacy-live/ (the same PodCliqueSet on Grove v0.1.0-alpha.11: legacy names, no
// PodGangMaps). Per replica r there are (derived by hand, docs/grove-versions.md): PodGangMap llm-serve-<r>;
// the anchor PodGang and KAI PodGroup llm-serve-<r>-<anchor> (frontend, prefill-0-pleader, prefill-0-pworker;
// minMember 2+1+2 = 5), and for prefill replicas 1 and 2 the Tail PodGang and PodGroup
// llm-serve-<r>-<tail>-prefill-<i> (pleader, pworker; minMember 1+2 = 3): 7 objects per replica, 14 in all.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "diff/live_epochs.hpp"
#include "support/test_support.hpp"

using grovectl::Json;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

const std::string kR0Anchor = "llm-serve-0-1788533963425275530";
const std::string kR0Tail1 = "llm-serve-0-1788533963425275531-prefill-1";
const std::string kR0Tail2 = "llm-serve-0-1788533963425275531-prefill-2";
const std::string kR1Anchor = "llm-serve-1-1788533963431877002";
const std::string kR1Tail1 = "llm-serve-1-1788533963431877003-prefill-1";
const std::string kR1Tail2 = "llm-serve-1-1788533963431877003-prefill-2";

std::string worked_example() {
  return testdata("grove-versions/llm-serve.yaml").string();
}

std::string live_dir() {
  return testdata("diff/epoch/live").string();
}

// The worked example with one edit (`from` replaced by `to` once), written to a scratch file.
std::string edited_example(const std::string& name, const std::string& from, const std::string& to) {
  std::string text = read_file(worked_example());
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  fs::path path = scratch_dir(name) / "llm-serve.yaml";
  std::ofstream(path) << text;
  return path.string();
}

CommandResult diff_kai(const std::string& input, const std::string& extra) {
  return run_grovectl("diff -f " + quote(input) + " --backend kai-scheduler " + extra);
}

Json label_object(const std::string& kind, const std::string& api_version, const Json& labels) {
  return Json{{"apiVersion", api_version},
              {"kind", kind},
              {"metadata", {{"name", "x"}, {"namespace", "inference"}, {"labels", labels}}}};
}

}  // namespace

TEST_CASE("live epochs: read from PodGang labels and PodGangMap entries, per replica and role",
          "[diff][epoch]") {
  using namespace grovectl;
  diff::LiveEpochs live;
  // A Tail PodGang of replica 1 (the labels of PR #778's podgang.go buildLabels).
  live.add(label_object("PodGang", "scheduler.grove.io/v1alpha1",
                        {{"app.kubernetes.io/part-of", "llm-serve"},
                         {"grove.io/podcliqueset-replica-index", "1"},
                         {"grove.io/epoch", "1788533963431877003"},
                         {"grove.io/podgang-role", "Tail"}}));
  // Replica 0's PodGangMap: Anchor and ScaleOut, no Tail.
  Json map = label_object("PodGangMap", "grove.io/v1alpha1", {{"app.kubernetes.io/part-of", "llm-serve"}});
  map["spec"] = Json::parse(R"({"podCliqueSetReplicaIndex": 0, "entries": [
      {"epoch": "500", "role": "Anchor"}, {"epoch": "502", "role": "ScaleOut"}]})");
  live.add(map);
  // Not adopted: an epoch that is not a clock reading, an object of no PodCliqueSet.
  live.add(label_object("PodGang", "scheduler.grove.io/v1alpha1",
                        {{"app.kubernetes.io/part-of", "llm-serve"},
                         {"grove.io/podcliqueset-replica-index", "2"},
                         {"grove.io/epoch", "soon"},
                         {"grove.io/podgang-role", "Anchor"}}));
  live.add(label_object("PodGang", "scheduler.grove.io/v1alpha1",
                        {{"grove.io/podcliqueset-replica-index", "3"},
                         {"grove.io/epoch", "7"},
                         {"grove.io/podgang-role", "Anchor"}}));
  AdoptedEpochs adopted = live.adopted();
  REQUIRE(adopted.size() == 2);
  // Replica 0: its own Anchor and ScaleOut; the Tail it lacks one after the Anchor, as the bootstrap does.
  const ReplicaEpochs& r0 = adopted.at(EpochOwner{"inference", "llm-serve", 0});
  CHECK(r0.anchor == 500);
  CHECK(r0.tail == 501);
  CHECK(r0.scale_out == 502);
  // Replica 1: only a Tail is live; the Anchor is placed one before it and the ScaleOut one after.
  const ReplicaEpochs& r1 = adopted.at(EpochOwner{"inference", "llm-serve", 1});
  CHECK(r1.tail == 1788533963431877003);
  CHECK(r1.anchor == 1788533963431877002);
  CHECK(r1.scale_out == 1788533963431877004);

  // Nothing to adopt with legacy names, or when the live epochs are the ones rendered anyway.
  RenderOptions options;
  CHECK(diff::epochs_to_adopt(live, options) != nullptr);
  diff::LiveEpochs same;
  Json rendered_map = label_object("PodGangMap", "grove.io/v1alpha1", {{"app.kubernetes.io/part-of", "p"}});
  rendered_map["spec"] =
      Json{{"podCliqueSetReplicaIndex", 0},
           {"entries", {{{"epoch", std::to_string(kDefaultAnchorEpoch)}, {"role", "Anchor"}}}}};
  same.add(rendered_map);
  CHECK(diff::epochs_to_adopt(same, options) == nullptr);
  options.grove_version = &GroveVersion::supported().front();  // v0.1.0-alpha.11: legacy names
  CHECK(diff::epochs_to_adopt(live, options) == nullptr);
}

TEST_CASE("diff: a live cluster with other epochs per replica is no difference", "[diff][epoch]") {
  auto r = diff_kai(worked_example(), "--live " + quote(live_dir()));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "+0 added, -0 removed, ~0 changed, 14 unchanged\n");
  // --epoch only stands in for what the live side does not show: the live epochs win.
  auto with_epoch = diff_kai(worked_example(), "--epoch 1000 --live " + quote(live_dir()));
  CHECK(with_epoch.exit_code == 0);
  CHECK(with_epoch.out == r.out);
}

TEST_CASE("diff: a changed clique minAvailable is exactly that change, under the live names",
          "[diff][epoch]") {
  // pworker's minAvailable 2 -> 1: minReplicas of its pod group in every PodGang (one per gang), and the
  // KAI PodGroup's subgroup minMember and total (anchor 5 -> 4, tails 3 -> 2). The PodGangMaps hold pod
  // counts and indices, not minAvailable: unchanged.
  std::string input =
      edited_example("epoch-min-available",
                     "        replicas: 2\n        podSpec:\n          containers:\n          - name: worker",
                     "        replicas: 2\n        minAvailable: 1\n        podSpec:\n          "
                     "containers:\n          - name: worker");
  auto r = diff_kai(input, "-o brief --live " + quote(live_dir()));
  INFO(r.err);
  CHECK(r.exit_code == 1);
  std::string expected;
  for (const auto& [gang, replica, prefill, total] :
       std::vector<std::tuple<std::string, int, int, int>>{{kR0Anchor, 0, 0, 5},
                                                           {kR0Tail1, 0, 1, 3},
                                                           {kR0Tail2, 0, 2, 3},
                                                           {kR1Anchor, 1, 0, 5},
                                                           {kR1Tail1, 1, 1, 3},
                                                           {kR1Tail2, 1, 2, 3}}) {
    const std::string group =
        "llm-serve-" + std::to_string(replica) + "-prefill-" + std::to_string(prefill) + "-pworker";
    expected += "~ PodGang.scheduler.grove.io inference/" + gang + "\n" + "    spec.podgroups[name=" + group +
                "].minReplicas: 2 → 1\n" + "~ PodGroup.scheduling.run.ai inference/" + gang + "\n" +
                "    spec.minMember: " + std::to_string(total) + " → " + std::to_string(total - 1) + "\n" +
                "    spec.subGroups[name=" + group + "].minMember: 2 → 1\n";
  }
  expected += "+0 added, -0 removed, ~12 changed, 2 unchanged\n";
  CHECK(r.out == expected);
}

TEST_CASE("diff: a scaled-in group removes its Tail PodGangs under their live names", "[diff][epoch]") {
  // prefill replicas 3 -> 2: replica index 2 leaves each replica's Tail entry ([1, 2] -> [1]); its PodGang
  // and KAI PodGroup go, with the live (Tail) epoch in their names.
  std::string input = edited_example("epoch-scaled", "  replicas: 3\n", "  replicas: 2\n");
  auto r = diff_kai(input, "-o json --live " + quote(live_dir()));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  Json out = Json::parse(r.out);
  CHECK(out["summary"] == Json::parse(R"({"added":0,"removed":4,"changed":2,"unchanged":8,"outOfScope":0})"));
  std::vector<std::string> removed, changed;
  for (const auto& d : out["diffs"]) {
    const std::string name = d["object"]["name"].get<std::string>();
    const std::string what = d["object"]["kind"].get<std::string>() + " " + name;
    if (d["op"] == "removed") removed.push_back(what);
    if (d["op"] == "changed") {
      changed.push_back(what);
      // Only the Tail entry (its live epoch, the anchor's + 1; entries are a list map keyed by epoch) loses
      // index 2, the second of [1, 2].
      const std::string tail_epoch = name == "llm-serve-0" ? "1788533963425275531" : "1788533963431877003";
      REQUIRE(d["changes"].size() == 1);
      CHECK(d["changes"][0]["path"] == "/spec/entries/epoch=" + tail_epoch + "/pcsgReplicaIndices/prefill/1");
      CHECK(d["changes"][0]["old"] == 2);
      CHECK(d["changes"][0]["new"] == nullptr);
    }
  }
  CHECK(changed == std::vector<std::string>{"PodGangMap llm-serve-0", "PodGangMap llm-serve-1"});
  CHECK(removed == std::vector<std::string>{"PodGang " + kR0Tail2, "PodGang " + kR1Tail2,
                                            "PodGroup " + kR0Tail2, "PodGroup " + kR1Tail2});
}

TEST_CASE("diff --kubectl: a scale-down lists the live objects by label and reports the removed replica",
          "[diff][epoch]") {
  // replicas 2 -> 1: replica 1's PodGangMap, its 3 PodGangs and 3 KAI PodGroups are stale. Listed by the
  // operator's label, kubectl returns them; asked by the rendered names it would not.
  std::string input = edited_example("epoch-scale-down", "spec:\n  replicas: 2\n", "spec:\n  replicas: 1\n");
  fs::path dir = scratch_dir("epoch-fake-kubectl");
  const std::string live = live_dir();
  std::ofstream(dir / "kubectl") << "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" << (dir / "calls.log").string()
                                 << "'\ncase \"$*\" in\n"
                                 << "  *podgangmap.*) cat '" << live << "/podgangmaps.yaml' ;;\n"
                                 << "  *podgang.*) cat '" << live << "/podgangs.yaml' ;;\n"
                                 << "  *podgroup.*) cat '" << live << "/podgroups.yaml' ;;\n"
                                 << "esac\n";
  fs::permissions(dir / "kubectl", fs::perms::owner_all);
  auto r = run_shell("PATH='" + dir.string() + "':\"$PATH\" '" + GROVECTL_BINARY + "' diff -f " +
                     quote(input) + " --backend kai-scheduler --kubectl -o brief");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(read_file(dir / "calls.log") ==
        "get podgangmap.v1alpha1.grove.io -l app.kubernetes.io/part-of=llm-serve -n inference -o yaml "
        "--ignore-not-found\n"
        "get podgang.v1alpha1.scheduler.grove.io -l app.kubernetes.io/part-of=llm-serve -n inference -o yaml "
        "--ignore-not-found\n"
        "get podgroup.v2alpha2.scheduling.run.ai -l app.kubernetes.io/part-of=llm-serve -n inference -o yaml "
        "--ignore-not-found\n");
  const std::string expected =
      "- PodGangMap.grove.io inference/llm-serve-1 (removed)\n"
      "- PodGang.scheduler.grove.io inference/" +
      kR1Anchor +
      " (removed)\n"
      "- PodGang.scheduler.grove.io inference/" +
      kR1Tail1 +
      " (removed)\n"
      "- PodGang.scheduler.grove.io inference/" +
      kR1Tail2 +
      " (removed)\n"
      "- PodGroup.scheduling.run.ai inference/" +
      kR1Anchor +
      " (removed)\n"
      "- PodGroup.scheduling.run.ai inference/" +
      kR1Tail1 +
      " (removed)\n"
      "- PodGroup.scheduling.run.ai inference/" +
      kR1Tail2 +
      " (removed)\n"
      "+0 added, -7 removed, ~0 changed, 7 unchanged\n";
  CHECK(r.out == expected);
  // --live on the same state says the same.
  auto from_files = diff_kai(input, "-o brief --live " + quote(live));
  CHECK(from_files.exit_code == 1);
  CHECK(from_files.out == expected);
}

namespace {

// The migration of the worked example from the legacy names of testdata/diff/epoch/legacy-live/ to the
// epoch names grovectl renders with its default epochs (replica 0 at 1767225600000000000, replica 1 at
// 1767225600000001000; Tail +1), as ai-dynamo/grove's operator does it (PR #778's migration, issue #837):
// legacy PodGangs per replica <pcs>-<r> and <pcs>-<r>-prefill-<j>, j = 0, 1, listed in the old side's order
// (`legacy_order`); the KAI PodGroups go with them; the pods keep KAI's pod-group-name annotation until PR
// #839.
std::string expected_migration(const std::vector<std::string>& legacy_order) {
  std::string legacy_gangs, legacy_groups;
  for (const auto& gang : legacy_order) {
    legacy_gangs += "       PodGang.scheduler.grove.io inference/" + gang + "\n";
    legacy_groups += "       deleted PodGroup.scheduling.run.ai inference/" + gang + "\n";
  }
  std::string new_gangs, new_groups;
  for (const std::string gang :
       {"llm-serve-0-1767225600000000000", "llm-serve-0-1767225600000000001-prefill-1",
        "llm-serve-0-1767225600000000001-prefill-2", "llm-serve-1-1767225600000001000",
        "llm-serve-1-1767225600000001001-prefill-1", "llm-serve-1-1767225600000001001-prefill-2"}) {
    new_gangs += "       PodGang.scheduler.grove.io inference/" + gang + "\n";
    new_groups += "       created PodGroup.scheduling.run.ai inference/" + gang + "\n";
  }
  return "Grove migration: PodCliqueSet inference/llm-serve moves from legacy PodGang names to epoch names "
         "(ai-dynamo/grove PR #778); the operator migrates it by itself when it starts on the new release:\n"
         "  1. It sets the condition PodGangMigrationInProgress=True (reason LegacyPodGangsPendingMigration) "
         "on "
         "the PodCliqueSet; its PodClique and scaling-group reconcilers wait until the condition is "
         "cleared.\n"
         "  2. It creates 2 PodGangMaps, with epochs from its clock (the epochs in the names below are "
         "grovectl's "
         "stand-ins, which --epoch sets):\n"
         "       PodGangMap.grove.io inference/llm-serve-0\n"
         "       PodGangMap.grove.io inference/llm-serve-1\n"
         "  3. It relabels the PodCliques and their pods in place: grove.io/podgang takes the epoch name and "
         "grove.io/base-podgang is removed; no pod restarts.\n"
         "  4. It deletes the 6 legacy PodGangs before it creates the new ones: until then the replica has "
         "no "
         "PodGang (a window with no gang):\n" +
         legacy_gangs + "  5. It creates 6 epoch-named PodGangs:\n" + new_gangs +
         "  6. The backend objects follow their PodGangs: the legacy ones are garbage-collected through "
         "their "
         "owner reference, new ones are created under the new names:\n" +
         legacy_groups + new_groups +
         "  7. Pods created before the migration keep the annotations pod-group-name naming the legacy "
         "PodGroups (ai-dynamo/grove issue #837) until the operator refreshes them (PR #839, open); where "
         "the "
         "diff below shows them changing, the operator leaves them.\n\n";
}

}  // namespace

TEST_CASE("diff: a live cluster on legacy names against an epoch render prints Grove's migration",
          "[diff][epoch]") {
  auto r =
      diff_kai(worked_example(), "-o brief --live " + quote(testdata("diff/epoch/legacy-live").string()));
  INFO(r.err);
  CHECK(r.exit_code == 1);
  // The capture's order: each replica's base gang, then its scaled gangs.
  CHECK(r.out.starts_with(
      expected_migration({"llm-serve-0", "llm-serve-0-prefill-0", "llm-serve-0-prefill-1", "llm-serve-1",
                          "llm-serve-1-prefill-0", "llm-serve-1-prefill-1"})));
  CHECK(r.out.ends_with("+14 added, -12 removed, ~0 changed, 0 unchanged\n"));
  auto json =
      diff_kai(worked_example(), "-o json --live " + quote(testdata("diff/epoch/legacy-live").string()));
  Json out = Json::parse(json.out);
  REQUIRE(out["groveMigration"].size() == 1);
  CHECK(out["groveMigration"][0]["podCliqueSet"] == "llm-serve");
  CHECK(out["groveMigration"][0]["legacyPodGangsDeleted"].size() == 6);
  CHECK(out["groveMigration"][0]["staleAnnotations"] == Json::parse(R"(["pod-group-name"])"));
  // The same live side on the release it came from is no difference, and no migration.
  auto legacy = diff_kai(worked_example(), "--grove-version v0.1.0-alpha.11 --live " +
                                               quote(testdata("diff/epoch/legacy-live").string()));
  CHECK(legacy.exit_code == 0);
  CHECK(legacy.out == "+0 added, -0 removed, ~0 changed, 12 unchanged\n");
}

TEST_CASE("diff --to-grove-version: the preview across the change to epoch names prints the same migration",
          "[diff][epoch]") {
  auto r = diff_kai(worked_example(),
                    "-o brief --grove-version v0.1.0-alpha.11 --to-grove-version v0.1.0-alpha.13");
  INFO(r.err);
  CHECK(r.exit_code == 1);
  // The legacy render's order: all base gangs by replica, then the scaled gangs by replica (Grove's
  // computeExpectedPodGangs at fcc3b3bb, podgang/syncflow.go).
  CHECK(r.out.find(expected_migration({"llm-serve-0", "llm-serve-1", "llm-serve-0-prefill-0",
                                       "llm-serve-0-prefill-1", "llm-serve-1-prefill-0",
                                       "llm-serve-1-prefill-1"})) != std::string::npos);
  // The operator deletes and creates those objects itself: the plan's own steps leave them out.
  CHECK(r.out.starts_with(
      "Migration plan: kai-scheduler on Kubernetes 1.37 → kai-scheduler on Kubernetes 1.37, "
      "Grove v0.1.0-alpha.11 → v0.1.0-alpha.13\n"));
  CHECK(r.out.find("Delete, in this order") == std::string::npos);
  CHECK(r.out.find("Create, in this order") == std::string::npos);
  // --epoch is for the side that names PodGangs by epoch.
  auto with_epoch = diff_kai(worked_example(),
                             "-o brief --grove-version v0.1.0-alpha.11 --to-grove-version "
                             "v0.1.0-alpha.13 --epoch 1000");
  INFO(with_epoch.err);
  CHECK(with_epoch.exit_code == 1);
  CHECK(with_epoch.out.find("       PodGang.scheduler.grove.io inference/llm-serve-1-2001-prefill-2\n") !=
        std::string::npos);
  // Without a change of scheme there is no Grove migration.
  auto same = diff_kai(worked_example(), "-o brief --to-grove-version v0.1.0-alpha.13");
  CHECK(same.out.find("Grove migration") == std::string::npos);
}

TEST_CASE("diff: a live pod's grove.io/podgang and KAI pod-group-name carry the adopted epoch name",
          "[diff][epoch]") {
  // testdata/diff/epoch/pod-llm-serve-1-prefill-2-pleader.yaml names the Tail PodGang of replica 1's live
  // epoch in its label and annotation; rendered with that epoch, its stub says the same. The other 21 pods
  // (per replica: frontend 2, and 3 prefill replicas of 1 pleader and 2 pworkers) are not live: added.
  auto r = diff_kai(worked_example(),
                    "-o json --include podgang,scheduler,pods --live " + quote(live_dir()) + " --live " +
                        quote(testdata("diff/epoch/pod-llm-serve-1-prefill-2-pleader.yaml").string()));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  Json out = Json::parse(r.out);
  CHECK(out["summary"] ==
        Json::parse(R"({"added":21,"removed":0,"changed":0,"unchanged":15,"outOfScope":0})"));
}
