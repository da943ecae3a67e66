// Output forms of render: multi-document YAML, JSON, --output-dir (stable names, deterministic,
// all-or-nothing: a failure leaves nothing new behind and clobbers nothing).
// Pinned to Grove v0.1.0-alpha.11 (--grove-version) where the expectations are Grove's legacy PodGang names
// or object counts, which that release renders (docs/grove-versions.md).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

std::string two_inputs() {
  return "-f '" + testdata("render/two.yaml").string() + "'";
}

// Every file below `dir`, as relative paths, sorted.
std::vector<std::string> tree(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) names.push_back(e.path().lexically_relative(dir).string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Expected gangs of render/two.yaml, derived by hand (Grove's computeExpectedPodGangs): alpha replicas 2 with
// sg {replicas 2, minAvailable 1} gives alpha-0, alpha-1, alpha-0-sg-0, alpha-1-sg-0; beta gives beta-0.
const std::vector<std::string> kGangs = {"alpha-0", "alpha-1", "alpha-0-sg-0", "alpha-1-sg-0", "beta-0"};

}  // namespace

TEST_CASE("render -o yaml (default) is a multi-document stream in creation order without status") {
  CommandResult r = run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang " + two_inputs());
  REQUIRE(r.exit_code == 0);
  auto docs = parse_yaml_docs(r.out);
  REQUIRE(docs.size() == kGangs.size());
  for (size_t i = 0; i < docs.size(); ++i) {
    CHECK(docs[i]["metadata"]["name"] == kGangs[i]);
    CHECK_FALSE(docs[i].contains("status"));
  }
  CHECK(docs[4]["metadata"]["namespace"] == "team-b");
  size_t separators = 0;
  for (size_t p = r.out.find("\n---\n"); p != std::string::npos; p = r.out.find("\n---\n", p + 1))
    ++separators;
  CHECK(separators == kGangs.size() - 1);
}

TEST_CASE("render -o json is one List of the same objects") {
  CommandResult y = run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang " + two_inputs());
  CommandResult j =
      run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang -o json " + two_inputs());
  REQUIRE(j.exit_code == 0);
  Json list = Json::parse(j.out);
  CHECK(list["kind"] == "List");
  REQUIRE(list["items"].size() == kGangs.size());
  auto docs = parse_yaml_docs(y.out);
  for (size_t i = 0; i < docs.size(); ++i) CHECK(list["items"][i] == docs[i]);
}

TEST_CASE("render output is byte-for-byte deterministic") {
  for (const char* format : {"yaml", "json"}) {
    CommandResult a =
        run_grovectl(std::string("render --grove-version v0.1.0-alpha.11 --include podgang -o ") + format +
                     " " + two_inputs());
    CommandResult b =
        run_grovectl(std::string("render --grove-version v0.1.0-alpha.11 --include podgang -o ") + format +
                     " " + two_inputs());
    REQUIRE(a.exit_code == 0);
    CHECK(a.out == b.out);
  }
}

TEST_CASE("render --output-dir writes <namespace>/<kind>.<group>/<name> files, identical across runs") {
  // The layout a GitOps repository can keep (issue 17 item 5): in two.yaml alpha has no namespace,
  // so "default" (Grove's defaulting webhook), and beta is in team-b; PodGang is scheduler.grove.io.
  fs::path base = scratch_dir("out-stable");
  fs::path out = base / "nested" / "out";
  CommandResult r1 = run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang " + two_inputs() +
                                  " --output-dir '" + out.string() + "'");
  INFO(r1.err);
  REQUIRE(r1.exit_code == 0);
  CHECK(r1.out.empty());
  std::vector<std::string> expected;
  for (const auto& g : kGangs)
    expected.push_back((g == "beta-0" ? "team-b" : "default") + std::string("/podgang.scheduler.grove.io/") +
                       g + ".yaml");
  std::sort(expected.begin(), expected.end());
  CHECK(tree(out) == expected);
  std::vector<std::string> first;
  for (const auto& n : expected) first.push_back(read_file(out / n));
  CHECK(parse_yaml_docs(read_file(
            out / "default/podgang.scheduler.grove.io/alpha-0.yaml"))[0]["metadata"]["name"] == "alpha-0");
  CHECK(first[0].find("status") == std::string::npos);

  // A second run replaces the directory it wrote before; the bytes are the same.
  CommandResult r2 = run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang " + two_inputs() +
                                  " --output-dir '" + out.string() + "'");
  REQUIRE(r2.exit_code == 0);
  CHECK(tree(out) == expected);
  for (size_t i = 0; i < expected.size(); ++i) CHECK(read_file(out / expected[i]) == first[i]);
  CHECK(listing(base / "nested") == std::vector<std::string>{"out"});  // no temporary left behind

  CommandResult js = run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang -o json " +
                                  two_inputs() + " --output-dir '" + (base / "json").string() + "'");
  REQUIRE(js.exit_code == 0);
  CHECK(Json::parse(read_file(
            base / "json/team-b/podgang.scheduler.grove.io/beta-0.json"))["metadata"]["name"] == "beta-0");
  fs::remove_all(base);
}

TEST_CASE("render --output-dir: adding an input renames no other file, stale files go") {
  fs::path base = scratch_dir("out-gitops");
  fs::path out = base / "out";
  // Only beta first (the second document of two.yaml), then alpha and beta: beta's file keeps its path and
  // bytes; rendering beta alone again leaves no file of alpha behind (the directory holds one render).
  std::string doc = read_file(testdata("render/two.yaml"));
  std::string beta_only = doc.substr(doc.find("---") + 4);
  REQUIRE(run_grovectl("render --grove-version v0.1.0-alpha.11 -f - --output-dir '" + out.string() + "'",
                       beta_only)
              .exit_code == 0);
  const std::string beta = "team-b/podgang.scheduler.grove.io/beta-0.yaml";
  std::string before = read_file(out / beta);
  REQUIRE(run_grovectl("render --grove-version v0.1.0-alpha.11 " + two_inputs() + " --output-dir '" +
                       out.string() + "'")
              .exit_code == 0);
  CHECK(read_file(out / beta) == before);
  CHECK(tree(out).size() > 2);
  REQUIRE(run_grovectl("render --grove-version v0.1.0-alpha.11 -f - --output-dir '" + out.string() + "'",
                       beta_only)
              .exit_code == 0);
  for (const auto& f : tree(out)) CHECK(f.find("alpha") == std::string::npos);
  fs::remove_all(base);
}

TEST_CASE(
    "render --output-dir refuses a directory holding files grovectl did not write, and leaves it alone") {
  fs::path base = scratch_dir("out-foreign");
  fs::path out = base / "out";
  fs::create_directories(out);
  std::ofstream(out / "notes.txt") << "mine";
  CommandResult r = run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang " + two_inputs() +
                                 " --output-dir '" + out.string() + "'");
  INFO(r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("notes.txt") != std::string::npos);
  CHECK(listing(out) == std::vector<std::string>{"notes.txt"});
  CHECK(read_file(out / "notes.txt") == "mine");
  CHECK(listing(base) == std::vector<std::string>{"out"});
  fs::remove_all(base);
}

TEST_CASE("render --output-dir: a failure half way leaves nothing new and keeps the previous output") {
  fs::path base = scratch_dir("out-half");
  fs::path out = base / "out";
  REQUIRE(run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang " + two_inputs() +
                       " --output-dir '" + out.string() + "'")
              .exit_code == 0);
  std::string before = read_file(out / "default/podgang.scheduler.grove.io/alpha-0.yaml");
  // The last objects' file name is longer than any file system allows, so writing fails after the first
  // files have been written into the temporary directory. On the default Grove release (v0.1.0-alpha.13)
  // the PodGang's name is shortened to fit a label value (ai-dynamo/grove issue #874), but the PodGangMap
  // keeps <name>-0, 252 bytes; on v0.1.0-alpha.11 the same PodCliqueSet is refused before anything is
  // written, since its PodGang name cannot be a label value.
  std::string long_name(250, 'a');
  std::string doc = read_file(testdata("render/two.yaml"));
  std::string bad =
      doc.substr(0, doc.find("---")) + "---\n" +
      "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: " + long_name +
      "\nspec:\n  replicas: 1\n  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: "
      "w\n        replicas: 1\n        podSpec:\n          containers:\n          - {name: main, image: "
      "example.com/main:1}\n";
  SECTION("existing output directory") {
    CommandResult r = run_grovectl("render --include podgang -f - --output-dir '" + out.string() + "'", bad);
    INFO(r.err);
    CHECK(r.exit_code == 3);
    CHECK(tree(out).size() == 5);
    CHECK(read_file(out / "default/podgang.scheduler.grove.io/alpha-0.yaml") == before);
    CHECK(listing(base) == std::vector<std::string>{"out"});
  }
  SECTION("new output directory with missing parents") {
    fs::path fresh = base / "a" / "b" / "out";
    CommandResult r =
        run_grovectl("render --include podgang -f - --output-dir '" + fresh.string() + "'", bad);
    CHECK(r.exit_code == 3);
    CHECK(listing(base) == std::vector<std::string>{"out"});  // "a" was created and removed again
  }
  SECTION("invalid input never touches the output directory") {
    CommandResult r = run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang -f '" +
                                   testdata("render/unknown-clique.yaml").string() + "' --output-dir '" +
                                   out.string() + "'");
    CHECK(r.exit_code == 1);
    CHECK(read_file(out / "default/podgang.scheduler.grove.io/alpha-0.yaml") == before);
  }
  fs::remove_all(base);
}

TEST_CASE("render --output-dir under a path that cannot be created fails cleanly") {
  fs::path base = scratch_dir("out-blocked");
  std::ofstream(base / "file") << "x";
  CommandResult r = run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang " + two_inputs() +
                                 " --output-dir '" + (base / "file" / "out").string() + "'");
  CHECK(r.exit_code == 3);
  CHECK_FALSE(r.err.empty());
  CHECK(listing(base) == std::vector<std::string>{"file"});
  if (::geteuid() != 0) {  // root ignores directory permissions
    fs::path ro = base / "ro";
    fs::create_directories(ro);
    fs::permissions(ro, fs::perms::owner_read | fs::perms::owner_exec);
    CommandResult p = run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang " +
                                   two_inputs() + " --output-dir '" + (ro / "out").string() + "'");
    CHECK(p.exit_code == 3);
    CHECK(listing(ro).empty());
    fs::permissions(ro, fs::perms::owner_all);
  }
  fs::remove_all(base);
}

TEST_CASE("render --include kinds that select nothing say so on stderr") {
  // two.yaml holds PodCliqueSets only: --include jobset selects nothing, podgang does.
  CommandResult r =
      run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang,jobset " + two_inputs());
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(count_occurrences(
            r.err, "--include jobset selected nothing: no input is a JobSet [render/include-empty]") == 1);
  CHECK(count_occurrences(r.err, "[render/include-empty]") == 1);
  CHECK_FALSE(r.out.empty());
  // A JobSet input: its own JobSet is emitted, nothing to say.
  CommandResult js = run_grovectl("render --grove-version v0.1.0-alpha.11 --include jobset -f '" +
                                  testdata("jobset/trainer.yaml").string() + "'");
  CHECK(js.exit_code == 0);
  CHECK(js.err.find("render/include-empty") == std::string::npos);
}

TEST_CASE("render's standard output: a file, a file opened for appending, and a full device") {
  // The output waits in a spool (a temporary file beyond 1 MiB) until the render has succeeded, then is
  // copied to standard output. 800 replicas of testdata/render/two.yaml's first PodCliqueSet render to
  // about 1.4 MiB, so part of it waits in the spool's file.
  const fs::path dir = scratch_dir("out-stdout");
  {
    std::ifstream in(testdata("render/two.yaml"));
    std::ofstream out(dir / "big.yaml");
    std::string line;
    bool replaced = false;
    while (std::getline(in, line) && line != "---") {
      if (!replaced && line == "  replicas: 2") {
        line = "  replicas: 800";
        replaced = true;
      }
      out << line << "\n";
    }
    REQUIRE(replaced);
  }
  const std::string render = "NO_COLOR=1 timeout 60 '" + std::string(GROVECTL_BINARY) + "' render -f '" +
                             (dir / "big.yaml").string() + "'";
  const CommandResult piped = run_shell(render);
  REQUIRE(piped.exit_code == 0);
  REQUIRE(piped.out.size() > (size_t{1} << 20));

  const CommandResult to_file = run_shell(render + " > '" + (dir / "out.yaml").string() + "'");
  CHECK(to_file.exit_code == 0);
  CHECK(read_file(dir / "out.yaml") == piped.out);

  const CommandResult appended = run_shell("echo '# kept' > '" + (dir / "appended.yaml").string() + "' && " +
                                           render + " >> '" + (dir / "appended.yaml").string() + "'");
  CHECK(appended.exit_code == 0);
  CHECK(read_file(dir / "appended.yaml") == "# kept\n" + piped.out);

  // A full disk is an I/O error (exit 3) with a message, as docs/exit-codes.md says.
  const CommandResult full = run_shell(render + " > /dev/full");
  CHECK(full.exit_code == 3);
  CHECK(full.err.find("cannot write to standard output") != std::string::npos);
  fs::remove_all(dir);
}
