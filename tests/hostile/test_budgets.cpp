// Budgets of issue 21 (core/budgets.hpp, README "Budgets"): each is checked before the memory it guards is
// allocated, and going over it is a located error. Inputs are generated here; runs of the binary are
// wrapped in `timeout` so that a hang fails the test instead of blocking the suite.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/budgets.hpp"
#include "core/text_excerpt.hpp"
#include "input/loader.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  fs::path dir = scratch_root() / "budgets";
  fs::create_directories(dir);
  return dir / name;
}

fs::path write_file(const std::string& name, const std::string& text) {
  fs::path p = scratch(name);
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// The bound turns a hang into a failure. Under AddressSanitizer, on a CI machine that is busy, rendering
// 100,000 PodGangs has taken close to a minute, so that build gets three.
constexpr int kSecondsPerRun = sanitized_build() ? 180 : 60;

std::string pcs(const std::string& replicas, const std::string& clique_replicas = "1",
                const std::string& name = "p") {
  return "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: " + name +
         "\nspec:\n  replicas: " + replicas +
         "\n  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: w\n        replicas: " +
         clique_replicas +
         "\n        podSpec:\n          containers:\n          - name: main\n            image: x\n";
}

}  // namespace

TEST_CASE("budget: input bytes are checked before they are read, for files and for streams") {
  SECTION("a regular file over the budget is refused by its size") {
    fs::path big = scratch("big.yaml");
    { std::ofstream(big) << ""; }
    fs::resize_file(big, kMaxInputBytes + 1);  // sparse: never read
    auto r = run_grovectl_within(kSecondsPerRun, "render -f " + quote(big.string()));
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(contains(r.err, big.string() + ": error: the input is " + std::to_string(kMaxInputBytes + 1)));
    CHECK(contains(r.err, "[input/too-large]"));
    fs::remove(big);
  }
  SECTION("standard input is cut at the budget") {
    auto r = run_shell(std::string("head -c 70000000 /dev/zero | timeout 60 '") + GROVECTL_BINARY +
                       "' render -f -");
    CHECK(r.exit_code == 1);
    CHECK(contains(r.err, "-: error: the input is more than"));
  }
  SECTION("the budget is shared by every input of one load") {
    Diagnostics diags;
    LoadOptions small;
    small.limits.max_bytes = 1000;
    fs::path a = write_file("a.yaml", pcs("1"));
    fs::path b = write_file("b.yaml", pcs("1", "1", "q") + "# " + std::string(800, 'x') + "\n");
    auto docs = load_documents({a.string(), b.string()}, diags, small);
    CHECK(docs.size() == 1);
    REQUIRE(diags.has_errors());
    CHECK(diags.items().front().rule == "input/too-large");
    CHECK(diags.items().front().location.file == b.string());
  }
}

TEST_CASE("budget: nodes of one load") {
  Diagnostics diags;
  LoadOptions small;
  small.limits.max_nodes = 50;
  std::string text = "a: [";
  for (int i = 0; i < 100; ++i) text += "1,";
  text += "1]\n";
  load_text(text, "n.yaml", diags, small);
  REQUIRE(diags.has_errors());
  CHECK(diags.items().front().rule == "yaml/too-many-nodes");
  CHECK(diags.items().front().location.line == 1);
}

TEST_CASE("budget: alias expansion is counted in bytes, not nodes") {
  // One alias of a 1 MiB scalar costs 1 MiB: 40 of them are over 32 MiB although they are 40 nodes.
  std::string text = "a: &s " + std::string(1 << 20, 'x') + "\nb: [";
  for (int i = 0; i < 40; ++i) text += "*s, ";
  text += "*s]\n";
  Diagnostics diags;
  load_text(text, "a.yaml", diags);
  REQUIRE(diags.has_errors());
  CHECK(diags.items().front().rule == "yaml/alias-expansion");
  CHECK(diags.items().front().location.line == 2);
  SECTION("within the budget, aliases copy") {
    Diagnostics ok;
    auto docs = load_text("a: &s " + std::string(1 << 20, 'x') + "\nb: [*s, *s]\n", "b.yaml", ok);
    REQUIRE_FALSE(ok.has_errors());
    CHECK(docs[0].value["b"][1].get<std::string>().size() == (1u << 20));
  }
}

TEST_CASE("budget: anchors share their values instead of keeping copies") {
  // 2,000 anchors nested 200 deep and never used: the old reader kept a copy of every anchored subtree
  // (quadratic); anchors now point into the tree, so this parses like any 1 MB document.
  std::string row;
  for (int i = 0; i < 200; ++i) row += "{k" + std::to_string(i) + ": &a" + std::to_string(i) + "_R ";
  row += "x" + std::string(200, '}') + "\n";
  std::string text = "items:\n";
  for (int r = 0; r < 200; ++r) {
    std::string line = row;
    for (size_t at = line.find("_R"); at != std::string::npos; at = line.find("_R", at))
      line.replace(at, 2, "_" + std::to_string(r));
    text += "- " + line;
  }
  Diagnostics diags;
  auto docs = load_text(text, "anchors.yaml", diags);
  REQUIRE_FALSE(diags.has_errors());
  CHECK(docs[0].value["items"].size() == 200);
}

TEST_CASE("budget: depth counts what aliases rebuild") {
  std::string text = "a0: &a0 " + std::string(100, '[') + "x" + std::string(100, ']') + "\n" + "a1: &a1 " +
                     std::string(100, '[') + "*a0" + std::string(100, ']') + "\n" + "a2: &a2 " +
                     std::string(100, '[') + "*a1" + std::string(100, ']') + "\n";
  Diagnostics diags;
  load_text(text, "d.yaml", diags);
  REQUIRE(diags.has_errors());
  CHECK(diags.items().front().rule == "yaml/too-deep");
  CHECK(diags.items().front().message == "nesting deeper than 256 levels after alias expansion");
  CHECK(diags.items().front().location.line == 3);
}

TEST_CASE("budget: expansion is estimated before anything is expanded, and refused at its cause") {
  SECTION("spec.replicas at the int32 maximum") {
    auto r = run_grovectl_within(kSecondsPerRun, "render -f -", pcs("2147483647"));
    CHECK(r.exit_code == 1);
    CHECK(contains(r.err, "-:6:3: error: PodCliqueSet p would expand to 2147483647 gangs"));
    CHECK(contains(r.err, "(field: spec.replicas) [render/too-large]"));
  }
  SECTION("a clique's replicas: the refusal points at the clique, not at spec.replicas") {
    auto r = run_grovectl_within(kSecondsPerRun, "render --include pods -f -", pcs("1", "2000000000"));
    CHECK(r.exit_code == 1);
    CHECK(contains(r.err, "-:12:9: error:"));
    CHECK(contains(r.err, "(field: spec.template.cliques[0].spec.replicas) [render/too-large]"));
  }
  SECTION("a JobSet's pods with --include pods") {
    std::string js =
        "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: js\nspec:\n  "
        "replicatedJobs:\n"
        "  - name: w\n    replicas: 1000000000\n    template:\n      spec:\n        template:\n          "
        "spec:\n"
        "            restartPolicy: Never\n            containers:\n            - name: main\n              "
        "image: b\n";
    auto r = run_grovectl_within(kSecondsPerRun, "render --include pods -f -", js);
    CHECK(r.exit_code == 1);
    CHECK(contains(r.err, "-:8:5: error: JobSet js would expand to"));
    CHECK(contains(r.err, "[render/too-large]"));
    // Without pod stubs, 1e9 pods are only a number.
    CHECK(run_grovectl_within(kSecondsPerRun, "render -f -", js).exit_code == 0);
  }
  SECTION("the budget is shared by the sources of one command") {
    fs::path a = write_file("wide-a.yaml", pcs("100000"));
    fs::path b = write_file("wide-b.yaml", pcs("100000", "1", "q"));
    auto one = run_grovectl_within(kSecondsPerRun, "render --include podgang -f " + quote(a.string()));
    CHECK(one.exit_code == 0);
    auto both =
        run_grovectl_within(kSecondsPerRun, "render -f " + quote(a.string()) + " -f " + quote(b.string()));
    // Each fits alone; together they are over the 500,000 objects of one command: one refusal of their sum
    // (2 x (100,000 PodGangMaps + 100,000 PodGangs + 100,000 Workloads + 100,000 PodGroups) on the default
    // Grove version, which writes a PodGangMap per replica), at the first that did not fit, b.
    CHECK(both.exit_code == 1);
    CHECK(contains(
        both.err, b.string() + ":1:1: error: the 2 PodCliqueSets of the inputs would expand to 200000 gangs, "
                               "800000 objects, 200000 pods and about"));
    CHECK(contains(both.err, "together, which is over the limit though none is on its own"));
    CHECK(count_occurrences(both.err, "error:") == 1);
    CHECK(both.out.empty());
  }
}

TEST_CASE("budget: values quoted in messages are cut, with their length") {
  CHECK(excerpt("short") == "short");
  std::string cut = excerpt(std::string(1000, 'a'));
  CHECK(cut == std::string(kMaxQuotedValueBytes - 3, 'a') + "... (1000 bytes)");
  CHECK(bounded_message(bounded_message("x " + std::string(1000, 'a'))) == "x " + cut);  // idempotent
  // A cut never splits a UTF-8 character: after "ab", each 'é' is two bytes, so byte 253 (where a cut at
  // 256 - 3 would fall) is the second byte of one, and the cut keeps 252.
  std::string accents = "ab";
  for (int i = 0; i < 200; ++i) accents += "\xC3\xA9";
  CHECK(excerpt(accents) == accents.substr(0, 252) + "... (402 bytes)");
  CHECK(bounded_message("no problem here") == "no problem here");
  CHECK(bounded_message("name " + std::string(5000, 'n') + " is bad").size() < 400);
  CHECK(bounded_message(std::string(100000, ' ') + "x").size() <= kMaxMessageBytes + 64);

  SECTION("a 10 MB name makes a short message") {
    auto r = run_grovectl_within(kSecondsPerRun, "render -f -", pcs("1", "1", std::string(10 << 20, 'n')));
    CHECK(r.exit_code == 1);
    CHECK(r.err.size() < 16384);
    CHECK(contains(r.err, "bytes)"));
    auto v = run_grovectl_within(kSecondsPerRun, "validate -f -", pcs("1", "1", std::string(10 << 20, 'n')));
    CHECK(v.exit_code == 1);
    CHECK(v.out.size() < 16384);
  }
}

TEST_CASE("out of memory is an error message with exit 3, not an abort") {
  SKIP_IN_SANITIZED_BUILD("an address-space limit (ulimit -v): AddressSanitizer reserves terabytes");
  std::string text = "a: [";
  for (int i = 0; i < 3000000; ++i) text += "1,";
  text += "1]\n";
  fs::path p = write_file("oom.yaml", text);
  auto r = run_shell("ulimit -v 250000; exec '" + std::string(GROVECTL_BINARY) + "' render -f " +
                     quote(p.string()));
  INFO(r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.err == "grovectl: out of memory while parsing " + p.string() + "\n");
  fs::remove(p);
}

// A source that renders past what the render holds at once (render/batch.cpp: a wave of sources is kept
// as text until it is handed on in order) is streamed into the spool object by object, as before the
// sources rendered side by side: 200,000 pod stubs (94 MiB of YAML) render under 200 MB of address space.
// Holding the source's text whole took 235 MiB and ran out of memory here.
TEST_CASE("budget: one source of 200000 pods streams into the spool") {
  SKIP_IN_SANITIZED_BUILD("an address-space limit (ulimit -v): AddressSanitizer reserves terabytes");
  fs::path p = write_file("many-pods.yaml", pcs("1000", "200"));
  fs::path out = scratch("many-pods.out");
  auto r = run_shell("ulimit -v 200000; exec '" + std::string(GROVECTL_BINARY) + "' render -f " +
                     quote(p.string()) + " --include pods,scheduler --backend default-scheduler > " +
                     quote(out.string()));
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK(fs::file_size(out) > (size_t{80} << 20));
  fs::remove(p);
  fs::remove(out);
}

TEST_CASE("empty inputs name the file that had no documents") {
  fs::path a = write_file("empty-a.yaml", "# nothing\n");
  fs::path b = write_file("empty-b.yaml", "---\n...\n");
  auto r = run_grovectl_within(kSecondsPerRun, "render -f " + quote(a.string()) + " -f " + quote(b.string()));
  CHECK(r.exit_code == 1);
  CHECK(contains(r.err, a.string() + ": error: no input documents in " + a.string()));
  CHECK(contains(r.err, b.string() + ": error: no input documents in " + b.string()));
  auto s = run_grovectl_within(kSecondsPerRun, "validate -f -", "");
  CHECK(s.exit_code == 1);
  CHECK(contains(s.out, "no input documents in standard input"));
}

TEST_CASE("diff: --context-lines outside 0..10000 is a usage error") {
  fs::path pcs_file = write_file("ctx.yaml", pcs("1"));
  fs::path live = write_file("live-empty.yaml", "apiVersion: v1\nkind: List\nitems: []\n");
  std::string base =
      "diff -f " + quote(pcs_file.string()) + " --live " + quote(live.string()) + " --context-lines ";
  for (const std::string bad : {"-1", "18446744073709551615", "10001", "abc", "1e3", " 5", "+3"}) {
    auto r = run_grovectl_within(kSecondsPerRun, base + quote(bad));
    INFO("value '" << bad << "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "grovectl: --context-lines must be between 0 and 10000 (got " + bad + ")\n");
  }
  for (const std::string good : {"0", "3", "10000"}) {
    auto r = run_grovectl_within(kSecondsPerRun, base + good);
    INFO("value " << good);
    CHECK(r.exit_code == 1);  // every rendered object is added: differences
  }
}

TEST_CASE("diff: broken items in a --live List are a broken live input (exit 4)") {
  fs::path pcs_file = write_file("live-pcs.yaml", pcs("1"));
  fs::path live =
      write_file("live-broken.yaml", "apiVersion: v1\nkind: List\nitems:\n- 1\n- {metadata: {}}\n");
  auto r = run_grovectl_within(kSecondsPerRun,
                               "diff -f " + quote(pcs_file.string()) + " --live " + quote(live.string()));
  CHECK(r.exit_code == 4);
  CHECK(contains(r.err, live.string() + ":4:3: error: a live List item is not a Kubernetes object"));
  CHECK(contains(r.err, live.string() + ":5:3: error:"));
}
