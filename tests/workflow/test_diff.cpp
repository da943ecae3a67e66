// diff's workflow in process (src/workflow/diff.hpp): what it compares, notes and exits with, before
// anything is printed. Inputs: testdata/diff/ (hand-written); pcs.yaml renders two PodGangs, shop-0 and
// shop-0-sg-0, as its own comment derives from Grove's computeExpectedPodGangs, under Grove
// v0.1.0-alpha.11's legacy names, which the live captures carry. Exit codes from docs/exit-codes.md.
#include <catch2/catch.hpp>

#include "core/exit_codes.hpp"
#include "support/test_support.hpp"
#include "workflow/diff.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

DiffRequest live_request(const std::string& live_file) {
  DiffRequest request;
  request.inputs.files = {testdata("diff/pcs.yaml").string()};
  request.inputs.grove_version = "v0.1.0-alpha.11";
  Diagnostics usage;
  auto options = make_render_options(request.inputs, usage);
  REQUIRE(options);
  options->include = parse_include("podgang", usage);
  REQUIRE(usage.empty());
  request.options = *options;
  request.live = {testdata("diff/" + live_file).string()};
  return request;
}

bool any_note_with(const DiffOutcome& out, const std::string& text) {
  for (const auto& note : out.notes) {
    if (note.find(text) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("diff workflow: a live copy with server noise is both gangs unchanged, and the other kinds noted",
          "[workflow]") {
  const DiffOutcome out = diff_inputs(live_request("live-noisy.yaml"));
  REQUIRE(out.compared);
  CHECK(out.exit_code == kExitOk);
  CHECK(out.summary.unchanged == 2);
  CHECK_FALSE(out.summary.any());
  CHECK_FALSE(out.plan);
  CHECK(any_note_with(out, "PodCliqueSet.grove.io (1)"));  // the dump's PodCliqueSet is not compared
}

TEST_CASE("diff workflow: a changed minReplicas is one changed PodGang, exit 1", "[workflow]") {
  const DiffOutcome out = diff_inputs(live_request("live-changed.yaml"));
  REQUIRE(out.compared);
  CHECK(out.exit_code == kExitFindings);
  CHECK(out.summary.changed == 1);
  CHECK(out.summary.unchanged == 1);
  CHECK(out.summary.added + out.summary.removed == 0);
}

TEST_CASE("diff workflow: a missing and an extra live gang are one added and one removed", "[workflow]") {
  const DiffOutcome missing = diff_inputs(live_request("live-missing.yaml"));
  REQUIRE(missing.compared);
  CHECK(missing.summary.added == 1);  // shop-0-sg-0
  CHECK(missing.summary.unchanged == 1);
  const DiffOutcome extra = diff_inputs(live_request("live-extra.yaml"));
  REQUIRE(extra.compared);
  CHECK(extra.summary.removed == 1);  // shop-0-sg-1, which the render no longer produces
  CHECK(extra.summary.unchanged == 2);
}

TEST_CASE("diff workflow: a live side it cannot parse stops it before comparing, exit 4", "[workflow]") {
  const DiffOutcome out = diff_inputs(live_request("live-broken.yaml"));
  CHECK_FALSE(out.compared);
  CHECK(out.exit_code == kExitInvalidInput);
  REQUIRE(out.diags.has_errors());
  CHECK(out.diags.items().front().location.file.ends_with("live-broken.yaml"));
}

TEST_CASE("diff workflow: a migration preview compares two renders and plans, with no live side",
          "[workflow]") {
  DiffRequest request = live_request("live-noisy.yaml");
  request.live.clear();
  SelectorFlags to = request.inputs;
  to.kube_version = "1.35";
  Diagnostics usage;
  request.target = make_render_options(to, usage);
  REQUIRE(request.target);
  request.target->include = request.options.include;
  const DiffOutcome out = diff_inputs(request);
  REQUIRE(out.compared);
  // A PodGang is Grove's own object, the same on every Kubernetes version: both stay as they are.
  CHECK(out.exit_code == kExitOk);
  CHECK(out.summary.unchanged == 2);
  REQUIRE(out.plan);
  CHECK(out.plan->from.version.text() == "1.37");  // the newest, --kube-version's default
  CHECK(out.plan->to.version.text() == "1.35");
}
