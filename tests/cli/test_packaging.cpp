// Man page, install layout, kubectl plugin, version and the exit-code convention.
// Layout expectations come from the brief for issue 9; the kubectl plugin rule (kubectl-NAME on PATH
// becomes `kubectl NAME`) from https://kubernetes.io/docs/tasks/extend-kubectl/kubectl-plugins/; the exit
// codes from docs/exit-codes.md (usage error = 2).
#include <re2/re2.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <sstream>

#include "support/test_support.hpp"

namespace fs = std::filesystem;
using grovectl::test::have;
using grovectl::test::quote;
using grovectl::test::read_file;
using grovectl::test::run_grovectl;
using grovectl::test::run_shell;
using grovectl::test::scratch_dir;
using grovectl::test::source_dir;

namespace {

fs::path build_dir() {
  return fs::path(GROVECTL_BINARY).parent_path();
}

// Command names listed under "Subcommands:" in `grovectl --help`.
std::vector<std::string> commands() {
  auto r = run_grovectl("--help");
  REQUIRE(r.exit_code == 0);
  std::vector<std::string> out;
  std::istringstream in(r.out);
  bool in_list = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "Subcommands:") {
      in_list = true;
    } else if (in_list && line.starts_with("  ")) {
      out.push_back(line.substr(2, line.find(' ', 2) - 2));
    } else {
      in_list = false;
    }
  }
  return out;
}

std::set<std::string> long_options(const std::string& help) {
  std::set<std::string> out;
  static const RE2 option("(--[a-z][a-z0-9-]*)");
  re2::StringPiece rest(help);
  std::string found;
  while (RE2::FindAndConsume(&rest, option, &found)) out.insert(found);
  return out;
}

}  // namespace

TEST_CASE("man page renders and mentions every command and long option", "[packaging]") {
  if (!have("man")) {
    WARN("SKIPPED: man is not installed, cannot render man/grovectl.1");
    return;
  }
  fs::path page = source_dir() / "man" / "grovectl.1";
  REQUIRE(fs::exists(page));
  auto rendered = run_shell("LC_ALL=C MANWIDTH=200 man --warnings -l " + quote(page.string()));
  INFO(rendered.err);
  REQUIRE(rendered.exit_code == 0);
  CHECK(rendered.err.empty());  // no groff warnings
  INFO("man/grovectl.1 is stale; run: cmake --build build --target packaging-files");
  std::vector<std::string> names = commands();
  CHECK(names.size() >= 6);
  std::set<std::string> options = long_options(run_grovectl("--help").out);
  for (const auto& name : names) {
    CHECK(rendered.out.find("grovectl " + name) != std::string::npos);
    auto help = run_grovectl(name + " --help");
    REQUIRE(help.exit_code == 0);
    options.merge(long_options(help.out));
  }
  CHECK(options.count("--backend") == 1);
  for (const auto& option : options) {
    INFO(option);
    CHECK(rendered.out.find(option) != std::string::npos);
  }
  CHECK(rendered.out.find("EXIT STATUS") != std::string::npos);
}

TEST_CASE("version: text, json, yaml and --version", "[packaging]") {
  std::string project = read_file(source_dir() / "CMakeLists.txt");
  std::string version;
  REQUIRE(RE2::PartialMatch(project, R"(project\(grovectl VERSION ([0-9.]+))", &version));

  auto text = run_grovectl("version");
  CHECK(text.exit_code == 0);
  CHECK(text.out.starts_with("Version: " + version + "\nGit commit: "));
  CHECK(text.out.find("Kubernetes versions: 1.35, 1.36, 1.37 (default 1.37)") != std::string::npos);
  // docs/grove-versions.md: the two supported Grove releases, the newest by default.
  CHECK(text.out.find("Grove versions: v0.1.0-alpha.11, v0.1.0-alpha.13 (default v0.1.0-alpha.13)") !=
        std::string::npos);

  auto json = run_grovectl("version -o json");
  REQUIRE(json.exit_code == 0);
  auto info = grovectl::Json::parse(json.out);
  CHECK(info["version"] == version);
  CHECK(RE2::FullMatch(info["gitCommit"].get<std::string>(), "[0-9a-f]{12}|unknown"));
  CHECK(info["kubernetesVersions"] == grovectl::Json::array({"1.35", "1.36", "1.37"}));
  CHECK(info["backends"] == grovectl::Json::array({"default-scheduler", "kai-scheduler", "volcano",
                                                   "koord-scheduler", "lpx-scheduler"}));
  CHECK(info["groveVersions"] == grovectl::Json::array({"v0.1.0-alpha.11", "v0.1.0-alpha.13"}));
  CHECK(info["defaultGroveVersion"] == "v0.1.0-alpha.13");

  auto yaml = run_grovectl("version -o yaml");
  REQUIRE(yaml.exit_code == 0);
  CHECK(grovectl::test::parse_yaml_docs(yaml.out).at(0) == info);

  auto flag = run_grovectl("--version");
  CHECK(flag.exit_code == 0);
  CHECK(flag.out.starts_with("grovectl " + version + " (commit "));
  CHECK(run_grovectl("version -o xml").exit_code == 2);
}

TEST_CASE("exit codes: usage errors are 2 on every command", "[packaging]") {
  // A bare call prints the help and exits 0, as kubectl does (issue 20); see test_conventions.cpp.
  CHECK(run_grovectl("no-such-command").exit_code == 2);
  CHECK(run_grovectl("--no-such-flag").exit_code == 2);
  for (const auto& name : commands()) {
    INFO(name);
    auto help = run_grovectl(name + " --help");
    CHECK(help.exit_code == 0);
    CHECK(run_grovectl(name + " --no-such-flag").exit_code == 2);
  }
}

TEST_CASE("every command's help ends with examples", "[packaging]") {
  // validate, diff and backends are owned by other branches; checked once they exist.
  for (const auto& name : {"render", "validate", "diff", "backends", "version", "completion"}) {
    INFO(name);
    CHECK(run_grovectl(std::string(name) + " --help").out.find("\nExamples:\n  ") != std::string::npos);
  }
}

TEST_CASE("cmake --install lays out binary, man page, completions and the kubectl plugin", "[packaging]") {
  fs::path prefix = scratch_dir("install");
  auto install =
      run_shell("cmake --install " + quote(build_dir().string()) + " --prefix " + quote(prefix.string()));
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  for (const char* rel :
       {"bin/grovectl", "share/man/man1/grovectl.1", "share/bash-completion/completions/grovectl",
        "share/zsh/site-functions/_grovectl", "share/fish/vendor_completions.d/grovectl.fish"}) {
    INFO(rel);
    CHECK(fs::is_regular_file(fs::symlink_status(prefix / rel)));
  }
  CHECK(read_file(prefix / "share/bash-completion/completions/grovectl") ==
        read_file(source_dir() / "completions/grovectl.bash"));
  // Relative links, so the tree can be moved; the shells load completions by command name.
  fs::path plugin = prefix / "bin/kubectl-grove";
  REQUIRE(fs::is_symlink(plugin));
  CHECK(fs::read_symlink(plugin) == "grovectl");
  CHECK(fs::read_symlink(prefix / "share/bash-completion/completions/kubectl-grove") == "grovectl");
  CHECK(fs::read_symlink(prefix / "share/fish/vendor_completions.d/kubectl-grove.fish") == "grovectl.fish");

  auto version = run_shell(quote(plugin.string()) + " version");
  CHECK(version.exit_code == 0);
  CHECK(version.out.starts_with("Version: "));
  auto help = run_shell(quote(plugin.string()) + " render --help");
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("Usage: kubectl grove render") != std::string::npos);

  // Installing again over the same tree (the link already exists) works.
  CHECK(run_shell("cmake --install " + quote(build_dir().string()) + " --prefix " + quote(prefix.string()))
            .exit_code == 0);

  // kubectl 1.26+ completes `kubectl grove ...` by running kubectl_complete-grove (Cobra protocol:
  // candidates, then a ":<directive>" line).
  fs::path completer = prefix / "bin/kubectl_complete-grove";
  CHECK((fs::status(completer).permissions() & fs::perms::owner_exec) != fs::perms::none);
  auto candidates = run_shell(quote(completer.string()) + " render --backend ''");
  CHECK(candidates.exit_code == 0);
  CHECK(candidates.out ==
        "default-scheduler\nkai-scheduler\nvolcano\nkoord-scheduler\nkoordinator\nlpx-scheduler\n:4\n");

  if (have("kubectl")) {
    auto complete =
        run_shell("PATH=" + quote((prefix / "bin").string()) + ":$PATH kubectl __complete grove r");
    CHECK(complete.out == "render\n:4\n");
    auto via_kubectl = run_shell("PATH=" + quote((prefix / "bin").string()) + ":$PATH kubectl grove version");
    INFO(via_kubectl.err);
    CHECK(via_kubectl.exit_code == 0);
    CHECK(via_kubectl.out.starts_with("Version: "));
  } else {
    WARN("SKIPPED (part): kubectl is not installed, `kubectl grove` not tried");
  }
  fs::remove_all(prefix);
}

TEST_CASE("cmake --install honours DESTDIR with a relative kubectl-grove link", "[packaging]") {
  fs::path root = scratch_dir("destdir");
  auto install = run_shell("DESTDIR=" + quote(root.string()) + " cmake --install " +
                           quote(build_dir().string()) + " --prefix /opt/grovectl");
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  CHECK(fs::is_regular_file(root / "opt/grovectl/bin/grovectl"));
  REQUIRE(fs::is_symlink(root / "opt/grovectl/bin/kubectl-grove"));
  CHECK(fs::read_symlink(root / "opt/grovectl/bin/kubectl-grove") == "grovectl");
  CHECK_FALSE(fs::exists(fs::symlink_status("/opt/grovectl/bin/kubectl-grove")));
  auto version = run_shell(quote((root / "opt/grovectl/bin/kubectl-grove").string()) + " version -o json");
  CHECK(version.exit_code == 0);
  fs::remove_all(root);
}
