// Special files and directory walks (issue 21): a FIFO, device or socket never blocks grovectl and never
// exhausts it; inside a directory only regular files are read; the walk recurses, skips hidden
// directories, follows symbolic links and notices when one leads back to a directory already read; and an
// interrupted --output-dir leaves nothing behind. Runs are wrapped in `timeout` so that a block fails the
// test instead of hanging the suite.
// Pinned to Grove v0.1.0-alpha.11 (--grove-version) where the expectations are Grove's legacy PodGang names
// or object counts, which that release renders (docs/grove-versions.md).
#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "support/background_render.hpp"
#include "support/test_support.hpp"

using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

const std::string kPcs =
    "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: NAME\nspec:\n  replicas: 1\n"
    "  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: w\n        replicas: 1\n"
    "        podSpec:\n          containers:\n          - {name: main, image: x}\n";

std::string pcs_named(const std::string& name) {
  std::string s = kPcs;
  return s.replace(s.find("NAME"), 4, name);
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("special files: a FIFO without a writer does not block and is reported as empty") {
  fs::path dir = scratch_dir("special-fifo");
  fs::path fifo = dir / "in.yaml";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  auto r = run_grovectl_within(30, "render --grove-version v0.1.0-alpha.11 -f " + quote(fifo.string()));
  CHECK(r.exit_code == 1);  // not 124: timeout's exit code for a blocked run
  CHECK(contains(r.err, fifo.string() + ": error: no input documents in " + fifo.string()));
}

TEST_CASE("special files: a FIFO with a writer is read like a file") {
  fs::path dir = scratch_dir("special-fifo-writer");
  fs::path fifo = dir / "in.yaml";
  fs::path src = dir / "src.yaml";
  write(src, pcs_named("piped"));
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // The writer opens the FIFO a moment after grovectl did (as `producer > fifo &` may): grovectl gives it
  // a short while to appear. Both are bounded by timeout, so a block fails instead of hanging.
  auto r = run_shell("timeout 30 sh -c " +
                     quote("sleep 0.3; cat " + quote(src.string()) + " > " + quote(fifo.string())) +
                     " & NO_COLOR=1 timeout 30 '" + GROVECTL_BINARY + "' render --include podgang -f " +
                     quote(fifo.string()) + "; status=$?; wait; exit $status");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(contains(r.out, "name: piped-0"));
}

TEST_CASE("special files: devices are read within the byte budget") {
  auto zero = run_grovectl_within(30, "render --grove-version v0.1.0-alpha.11 -f /dev/zero");
  CHECK(zero.exit_code == 1);
  CHECK(contains(zero.err, "/dev/zero: error: the input is more than"));
  auto null = run_grovectl_within(30, "render --grove-version v0.1.0-alpha.11 -f /dev/null");
  CHECK(null.exit_code == 1);
  CHECK(contains(null.err, "/dev/null: error: no input documents"));
}

TEST_CASE("special files: a socket is refused with an I/O error") {
  fs::path dir = scratch_dir("special-socket");
  fs::path path = dir / "s.yaml";
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, path.c_str(), sizeof(addr.sun_path) - 1);
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  auto named = run_grovectl_within(30, "render --grove-version v0.1.0-alpha.11 -f " + quote(path.string()));
  CHECK(named.exit_code == 3);
  CHECK(contains(named.err, path.string() + ": error: is a socket"));
  auto in_dir = run_grovectl_within(30, "render --grove-version v0.1.0-alpha.11 -f " + quote(dir.string()));
  CHECK(in_dir.exit_code == 3);
  CHECK(contains(in_dir.err, path.string() +
                                 ": error: is a socket; inside a directory grovectl reads regular "
                                 "files only"));
  ::close(fd);
}

TEST_CASE("directory walk: recursive, sorted, hidden directories skipped, FIFOs inside refused") {
  fs::path dir = scratch_dir("special-walk");
  write(dir / "b.yaml", pcs_named("b"));
  write(dir / "a" / "z.yml", pcs_named("az"));
  write(
      dir / "a" / "deeper" / "x.json",
      "{\"apiVersion\": \"grove.io/v1alpha1\", \"kind\": \"PodCliqueSet\", \"metadata\": {\"name\": \"ax\"}, "
      "\"spec\": {\"replicas\": 1, \"template\": {\"cliques\": [{\"name\": \"w\", \"spec\": {\"roleName\": "
      "\"w\", "
      "\"replicas\": 1, \"podSpec\": {\"containers\": [{\"name\": \"main\", \"image\": \"x\"}]}}}]}}}\n");
  write(dir / ".git" / "broken.yaml", "a: [\n");
  write(dir / "notes.txt", "not a manifest: [\n");
  auto r = run_grovectl_within(
      30, "render --grove-version v0.1.0-alpha.11 --include podgang -f " + quote(dir.string()));
  INFO(r.err);
  CHECK(r.exit_code == 0);
  size_t ax = r.out.find("name: ax-0"), az = r.out.find("name: az-0"), b = r.out.find("name: b-0");
  CHECK(ax < az);  // a/deeper/x.json, a/z.yml, b.yaml: sorted by path
  CHECK(az < b);
  CHECK(b != std::string::npos);

  REQUIRE(::mkfifo((dir / "a" / "pipe.yaml").c_str(), 0600) == 0);
  auto fifo = run_grovectl_within(30, "render --grove-version v0.1.0-alpha.11 -f " + quote(dir.string()));
  CHECK(fifo.exit_code == 3);
  CHECK(contains(fifo.err, (dir / "a" / "pipe.yaml").string() + ": error: is a FIFO"));
}

TEST_CASE("directory walk: symbolic links are followed, loops noticed, dangling manifests reported") {
  fs::path dir = scratch_dir("special-links");
  fs::path elsewhere = scratch_dir("special-links-target");
  write(elsewhere / "linked.yaml", pcs_named("linked"));
  fs::create_directory_symlink(elsewhere, dir / "shared");
  fs::create_directory_symlink(dir, dir / "loop");  // back to the top: read once
  write(dir / "own.yaml", pcs_named("own"));
  auto r = run_grovectl_within(
      30, "render --grove-version v0.1.0-alpha.11 --include podgang -f " + quote(dir.string()));
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(contains(r.out, "name: linked-0"));
  CHECK(count_occurrences(r.out, "name: own-0\n") == 1);
  CHECK(contains(r.err, (dir / "loop").string() +
                            ": warning: skipped: a symbolic link to a directory that is "
                            "already read"));
  CHECK_FALSE(contains(r.err, "internal error"));

  fs::create_symlink("missing.yaml", dir / "dangling.yaml");
  fs::create_symlink("self.yaml", dir / "self.yaml");
  auto broken = run_grovectl_within(30, "render --grove-version v0.1.0-alpha.11 -f " + quote(dir.string()));
  CHECK(broken.exit_code == 3);
  CHECK(contains(broken.err, (dir / "dangling.yaml").string() + ": error: dangling symbolic link"));
  CHECK(contains(broken.err, (dir / "self.yaml").string() + ": error: symbolic link loop"));
  CHECK(contains(broken.err, "[input/io]"));
}

TEST_CASE("output dir: SIGTERM or SIGINT while files are written leaves nothing behind") {
  fs::path dir = scratch_dir("special-interrupted");
  // Enough objects that writing takes a while; fewer under the sanitizers, which render about 15x slower
  // (the files are written only after the whole render).
  const std::string replicas = grovectl::test::sanitized_build() ? "replicas: 8000" : "replicas: 60000";
  write(dir / "wide.yaml", pcs_named("wide").replace(pcs_named("wide").find("replicas: 1"), 11, replicas));
  fs::path parent = dir / "parent";
  fs::create_directories(parent);
  for (int sig : {SIGTERM, SIGINT}) {
    INFO("signal " << sig);
    pid_t child = start_render_into(dir / "wide.yaml", parent / "out");
    REQUIRE(child >= 0);
    // Wait until the one temporary directory of the write holds files, then interrupt.
    const bool writing = !wait_for_files_written(parent, 30000).empty();
    CHECK(writing);
    ::kill(child, sig);
    int status = 0;
    ::waitpid(child, &status, 0);
    if (writing) {
      CHECK(WIFSIGNALED(status));
      CHECK(WTERMSIG(status) == sig);
    }
    CHECK(fs::is_empty(parent));
  }
}
