// Scope (issue 16): a namespace dump holds other PodCliqueSets' objects too; only those of the
// inputs are compared, the others are counted once and listed as removed only with --show-unrelated.
// The other PodCliqueSet ("cart") is the same capture with every "shop" renamed: its PodGangs, KAI
// PodGroups and pods carry app.kubernetes.io/part-of: cart (Grove's podgang.go, pod.go), its Workload API
// objects no labels at all, only an owner reference to their PodGang and workloadRef names (GREP-531,
// kubernetes/api 1.37 scheduling/v1beta1/types.go), so each way of belonging is exercised.
// Pinned to Grove v0.1.0-alpha.11 (--grove-version): these expectations and live captures are of Grove's
// legacy PodGang names, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>
#include <fstream>

#include "support/test_support.hpp"

using grovectl::Json;
using namespace grovectl::test;

namespace {

std::string renamed_capture(const std::string& capture, const std::string& from, const std::string& to) {
  std::string text = read_file(testdata("diff/live/" + capture));
  for (size_t pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size()))
    text.replace(pos, from.size(), to);
  auto path = scratch_dir("scope") / (to + "-" + capture);
  std::ofstream(path) << text;
  return path.string();
}

CommandResult diff_two(const std::string& capture, const std::string& flags, const std::string& extra = "") {
  return run_grovectl(
      "diff --grove-version v0.1.0-alpha.11 -f " + quote(testdata("diff/live/shop.yaml").string()) + " " +
      flags + " --include podgang,scheduler,pods --live " + quote(testdata("diff/live/" + capture).string()) +
      " --live " + quote(renamed_capture(capture, "shop", "cart")) + " " + extra);
}

}  // namespace

TEST_CASE("diff scope: two PodCliqueSets in a namespace, the other one is out of scope", "[diff][scope]") {
  // kai.yaml: 2 PodGangs + 2 KAI PodGroups + 3 pods per PodCliqueSet (test_diff_live_captures.cpp).
  auto r = diff_two("kai.yaml", "--backend kai-scheduler");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "+0 added, -0 removed, ~0 changed, 7 unchanged\n");
  CHECK(r.err ==
        "grovectl: note: 7 live objects not from these inputs, not compared (--show-unrelated lists them as "
        "removed)\n");
  auto j = run_grovectl("diff --grove-version v0.1.0-alpha.11 -f " +
                        quote(testdata("diff/live/shop.yaml").string()) +
                        " --backend kai-scheduler --include podgang,scheduler,pods --live " +
                        quote(testdata("diff/live/kai.yaml").string()) + " --live " +
                        quote(renamed_capture("kai.yaml", "shop", "cart")) + " -o json");
  CHECK(Json::parse(j.out)["summary"]["outOfScope"] == 7);
}

TEST_CASE("diff scope: Workload API objects belong by owner reference and workloadRef, not by labels",
          "[diff][scope]") {
  // default-1.37.yaml: 2 PodGangs + 2 Workloads + 3 PodGroups + 3 pods per PodCliqueSet.
  auto r = diff_two("default-1.37.yaml", "--kube-version 1.37 --feature-gates PodGroupPreemptionPolicy=true");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "+0 added, -0 removed, ~0 changed, 10 unchanged\n");
  CHECK(r.err.find("10 live objects not from these inputs, not compared") != std::string::npos);
}

TEST_CASE("diff scope: --show-unrelated lists the other PodCliqueSet's objects as removed", "[diff][scope]") {
  auto r = diff_two("kai.yaml", "--backend kai-scheduler", "--show-unrelated -o json");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  Json out = Json::parse(r.out);
  CHECK(out["summary"]["removed"] == 7);
  CHECK(out["summary"]["unchanged"] == 7);
  CHECK(out["summary"]["outOfScope"] == 0);
  for (const auto& d : out["diffs"]) {
    CHECK(d["op"] == "removed");
    CHECK(d["object"]["name"].get<std::string>().starts_with("cart-0"));
  }
  CHECK(r.err.find("7 live objects not from these inputs are listed as removed") != std::string::npos);
}

TEST_CASE("diff scope: an object of the inputs that the render no longer produces is removed",
          "[diff][scope]") {
  // live-extra.yaml holds shop-0-sg-1, a scaled gang of `shop` (part-of: shop) that pcs.yaml no longer has:
  // it belongs to the input, so it is a difference without any flag.
  auto r = run_grovectl("diff --grove-version v0.1.0-alpha.11 -f " +
                        quote(testdata("diff/pcs.yaml").string()) + " --include podgang --live " +
                        quote(testdata("diff/live-extra.yaml").string()) + " -o json");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(Json::parse(r.out)["summary"]["removed"] == 1);
  CHECK(r.err.find("not from these inputs") == std::string::npos);
}

TEST_CASE("diff scope: pods match by clique and pod index, and are shown under the stub's name",
          "[diff][scope]") {
  // kai.yaml's pods are named shop-0-leader-x7k2p etc. (generateName, Grove's pod.go).
  std::string text = read_file(testdata("diff/live/kai.yaml"));
  auto pos = text.find("      kai.scheduler/subgroup-name: shop-0-leader\n");
  REQUIRE(pos != std::string::npos);
  text.replace(pos, std::string("      kai.scheduler/subgroup-name: shop-0-leader\n").size(),
               "      kai.scheduler/subgroup-name: shop-0-other\n");
  auto path = scratch_dir("scope") / "kai-subgroup.yaml";
  std::ofstream(path) << text;
  auto r = run_grovectl(
      "diff --grove-version v0.1.0-alpha.11 -f " + quote(testdata("diff/live/shop.yaml").string()) +
      " --backend kai-scheduler --include pods --live " + quote(path.string()) + " -o brief");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out ==
        "~ Pod team-a/shop-0-leader-0 (live shop-0-leader-x7k2p)\n"
        "    metadata.labels[\"kai.scheduler/subgroup-name\"]: shop-0-other → shop-0-leader\n"
        "+0 added, -0 removed, ~1 changed, 2 unchanged\n");
}
