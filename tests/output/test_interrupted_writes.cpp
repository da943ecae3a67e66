// --output-dir when a render is killed: everything a write makes stays inside one temporary directory
// beside the output (.<dir>.grovectl-tmp-<hex>, locked while it is used), so SIGKILL, which no handler can
// catch, leaves exactly that one entry; the next render into the same directory removes it and says so, and
// puts back an earlier output that the killed render had moved aside. A directory whose lock a running
// render holds is left alone. Pinned to Grove v0.1.0-alpha.11, whose PodGang names (<pcs>-<replica>) the
// expected file names are.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "support/background_render.hpp"
#include "support/test_support.hpp"

using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

std::string pcs(const std::string& name, int replicas) {
  return "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: " + name +
         "\n  namespace: team\nspec:\n  replicas: " + std::to_string(replicas) +
         "\n  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: w\n        replicas: 1\n"
         "        podSpec:\n          containers:\n          - {name: main, image: x}\n";
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

CommandResult render_into(const fs::path& input, const fs::path& out) {
  return run_grovectl_within(120, "render --grove-version v0.1.0-alpha.11 --include podgang -f " +
                                      quote(input.string()) + " --output-dir " + quote(out.string()));
}

}  // namespace

TEST_CASE("output dir: a render killed mid-write leaves one directory, which the next render removes") {
  fs::path dir = scratch_dir("interrupted-kill");
  // 60,000 PodGangs (one per replica, --include podgang): writing their files takes long enough to be
  // caught in the middle; fewer under the sanitizers, which render about 15x slower.
  write(dir / "wide.yaml", pcs("wide", sanitized_build() ? 8000 : 60000));
  write(dir / "small.yaml", pcs("small", 2));
  fs::path parent = dir / "parent";
  fs::create_directories(parent);
  pid_t child = start_render_into(dir / "wide.yaml", parent / "out", {"--include", "podgang"});
  REQUIRE(child >= 0);
  // Kill it once its temporary directory holds files.
  const fs::path work = wait_for_files_written(parent, 30000);
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  REQUIRE_FALSE(work.empty());
  REQUIRE(WIFSIGNALED(status));
  // One entry: the files written so far are inside it, nothing else was made.
  CHECK(listing(parent) == std::vector<std::string>{work.filename().string()});

  CommandResult again = render_into(dir / "small.yaml", parent / "out");
  INFO(again.err);
  CHECK(again.exit_code == 0);
  CHECK(contains(again.err, "grovectl: " + work.string() + ": warning: removed " + work.string() +
                                ", which an interrupted render into " + (parent / "out").string() + " left"));
  CHECK(contains(again.err, "[output/interrupted-write]"));
  CHECK(listing(parent) == std::vector<std::string>{"out"});
  CHECK(fs::exists(parent / "out/team/podgang.scheduler.grove.io/small-1.yaml"));
  fs::remove_all(dir);
}

TEST_CASE("output dir: the output a killed render had moved aside is put back, even if this render fails") {
  fs::path dir = scratch_dir("interrupted-restore");
  fs::path parent = dir / "parent";
  write(dir / "small.yaml", pcs("small", 1));
  REQUIRE(render_into(dir / "small.yaml", parent / "out").exit_code == 0);
  const std::string file = "team/podgang.scheduler.grove.io/small-0.yaml";
  const std::string before = read_file(parent / "out" / file);
  // What a render killed between its two renames leaves (on a file system without an atomic exchange):
  // the earlier output inside its temporary directory, and no output directory.
  const fs::path work = parent / ".out.grovectl-tmp-0badc0de";
  fs::create_directories(work / "new");
  fs::rename(parent / "out", work / "old");
  // This render refuses its input, and still restores what the killed one moved.
  write(dir / "broken.yaml", "a: [\n");
  CommandResult r = render_into(dir / "broken.yaml", parent / "out");
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK(contains(r.err, "the output it was replacing is back in place"));
  CHECK(listing(parent) == std::vector<std::string>{"out"});
  CHECK(read_file(parent / "out" / file) == before);
  fs::remove_all(dir);
}

TEST_CASE("output dir: leftovers of earlier versions go too, a directory a render is using stays") {
  fs::path dir = scratch_dir("interrupted-lock");
  fs::path parent = dir / "parent";
  write(dir / "small.yaml", pcs("small", 1));
  // An earlier version's temporary directory (.<dir>.tmp-<8 hex>), and one that a running render holds.
  fs::create_directories(parent / ".out.tmp-0123abcd/team");
  const fs::path busy = parent / ".out.grovectl-tmp-feedf00d";
  fs::create_directories(busy / "new");
  int fd = ::open(busy.c_str(), O_RDONLY | O_DIRECTORY);
  REQUIRE(fd >= 0);
  REQUIRE(::flock(fd, LOCK_EX) == 0);
  // Names that only look alike are not grovectl's.
  fs::create_directories(parent / ".out.tmp-notours");
  fs::create_directories(parent / ".other.grovectl-tmp-01234567");
  CommandResult r = render_into(dir / "small.yaml", parent / "out");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(contains(r.err, "removed " + (parent / ".out.tmp-0123abcd").string()));
  CHECK_FALSE(contains(r.err, busy.string()));
  CHECK(listing(parent) == std::vector<std::string>{".other.grovectl-tmp-01234567",
                                                    ".out.grovectl-tmp-feedf00d", ".out.tmp-notours", "out"});
  ::close(fd);
  fs::remove_all(dir);
}
