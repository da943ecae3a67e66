// Shell completion: the scripts load in each shell and complete the commands and flag values.
// Expected words are written by hand (commands, backends, Kubernetes versions, --include kinds,
// --hierarchy; completion bash|zsh|fish as kubectl and helm spell it).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
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

namespace {

std::set<std::string> lines(const std::string& text) {
  std::set<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.insert(line);
  }
  return out;
}

// The script `grovectl completion bash` prints, written to a file once.
fs::path bash_script() {
  static fs::path path = [] {
    auto r = run_grovectl("completion bash");
    REQUIRE(r.exit_code == 0);
    fs::path p = scratch_dir("bash") / "grovectl.bash";
    std::ofstream(p) << r.out;
    return p;
  }();
  return path;
}

// Calls the completion function as bash does for a command line whose last word is the cursor's.
std::set<std::string> bash_complete(const std::vector<std::string>& words, const std::string& prelude = "",
                                    const fs::path& cwd = fs::current_path()) {
  std::string array;
  for (const auto& w : words) array += quote(w) + " ";
  std::string script = prelude + "source " + quote(bash_script().string()) + "\nCOMP_WORDS=(" + array +
                       ")\nCOMP_CWORD=" + std::to_string(words.size() - 1) +
                       "\n_grovectl\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
  auto r = run_shell("cd " + quote(cwd.string()) + " && bash --norc --noprofile -c " + quote(script));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return lines(r.out);
}

// lpx-scheduler: ai-dynamo/grove PR #663, a backend of every supported Grove release.
const std::set<std::string> kBackends = {"default-scheduler", "kai-scheduler", "volcano",
                                         "koord-scheduler",   "koordinator",   "lpx-scheduler"};

}  // namespace

TEST_CASE("completion: committed scripts equal what grovectl completion prints", "[packaging]") {
  // cmake --build build --target completions rewrites them when this fails.
  for (auto [shell, file] :
       {std::pair{"bash", "grovectl.bash"}, {"zsh", "_grovectl"}, {"fish", "grovectl.fish"}}) {
    INFO(shell << ": completions/" << file << " is stale; run: cmake --build build --target packaging-files");
    auto r = run_grovectl(std::string("completion ") + shell);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out == read_file(grovectl::test::source_dir() / "completions" / file));
  }
}

TEST_CASE("completion: bad or missing shell is a usage error", "[packaging]") {
  CHECK(run_grovectl("completion").exit_code == 2);
  CHECK(run_grovectl("completion tcsh").exit_code == 2);
  CHECK(run_grovectl("completion bash extra").exit_code == 2);
}

TEST_CASE("bash completion: commands and flag values", "[packaging]") {
  if (!have("bash")) {
    WARN("SKIPPED: bash is not installed");
    return;
  }
  CHECK(bash_complete({"grovectl", "r"}) == std::set<std::string>{"render"});
  CHECK(bash_complete({"grovectl", ""}) ==
        std::set<std::string>{"render", "validate", "diff", "backends", "version", "completion", "help"});
  CHECK(bash_complete({"grovectl", "help", "b"}) == std::set<std::string>{"backends"});
  CHECK(bash_complete({"kubectl-grove", "ver"}) == std::set<std::string>{"version"});
  CHECK(bash_complete({"grovectl", "render", "--backend", ""}) == kBackends);
  CHECK(bash_complete({"grovectl", "render", "--backend", "k"}) ==
        std::set<std::string>{"kai-scheduler", "koord-scheduler", "koordinator"});
  // --backend=ko: bash splits the word at '='.
  CHECK(bash_complete({"grovectl", "render", "--backend", "=", "ko"}) ==
        std::set<std::string>{"koord-scheduler", "koordinator"});
  CHECK(bash_complete({"grovectl", "render", "--backend", "="}) == kBackends);
  CHECK(bash_complete({"grovectl", "render", "-f", "x.yaml", "--kube-version", ""}) ==
        std::set<std::string>{"1.35", "1.36", "1.37"});
  // docs/grove-versions.md: the supported Grove releases (alpha.12 left out).
  CHECK(bash_complete({"grovectl", "validate", "--grove-version", ""}) ==
        std::set<std::string>{"v0.1.0-alpha.11", "v0.1.0-alpha.13"});
  CHECK(bash_complete({"grovectl", "render", "-o", ""}) == std::set<std::string>{"yaml", "json", "name"});
  CHECK(bash_complete({"grovectl", "render", "--hierarchy", ""}) ==
        std::set<std::string>{"flat", "composite"});
  CHECK(bash_complete({"grovectl", "render", "--jobset-gang", ""}) ==
        std::set<std::string>{"jobset", "replicated-job"});
  CHECK(bash_complete({"grovectl", "render", "--include", "podgang,s"}) ==
        std::set<std::string>{"podgang,scheduler"});
  CHECK(bash_complete({"grovectl", "render", "--include", ""}) ==
        std::set<std::string>{"podgang", "scheduler", "jobset", "pods"});
  CHECK(bash_complete({"grovectl", "render", "--no"}) == std::set<std::string>{});
  CHECK(bash_complete({"grovectl", "render", "--kube"}) == std::set<std::string>{"--kube-version"});
  CHECK(bash_complete({"grovectl", "render", "--output"}) ==
        std::set<std::string>{"--output", "--output-dir"});
  CHECK(bash_complete({"grovectl", "completion", ""}) == std::set<std::string>{"bash", "zsh", "fish"});
  CHECK(bash_complete({"grovectl", "version", "-o", ""}) == std::set<std::string>{"text", "json", "yaml"});
  CHECK(bash_complete({"grovectl", "--"}) == std::set<std::string>{"--help", "--version"});
}

TEST_CASE("bash completion: lists offer no item twice, feature gates by name", "[packaging]") {
  if (!have("bash")) {
    WARN("SKIPPED: bash is not installed");
    return;
  }
  // Issue 20: `--include podgang,` offered podgang,podgang.
  CHECK(bash_complete({"grovectl", "render", "--include", "podgang,"}) ==
        std::set<std::string>{"podgang,scheduler", "podgang,jobset", "podgang,pods"});
  CHECK(bash_complete({"grovectl", "render", "--include", "pods,podgang,"}) ==
        std::set<std::string>{"pods,podgang,scheduler", "pods,podgang,jobset"});
  // Gate names of the Workload API (KEP-4671), each =true or =false.
  CHECK(bash_complete({"grovectl", "render", "--feature-gates", "Gen"}) ==
        std::set<std::string>{"GenericWorkload=true", "GenericWorkload=false"});
  CHECK(bash_complete({"grovectl", "diff", "--to-feature-gates", "Comp"}) ==
        std::set<std::string>{"CompositePodGroup=true", "CompositePodGroup=false"});
  // bash splits NAME=VALUE at '=': the reply completes the part after it.
  CHECK(bash_complete({"grovectl", "render", "--feature-gates", "GenericWorkload", "=", "t"}) ==
        std::set<std::string>{"true"});
  CHECK(bash_complete({"grovectl", "render", "--feature-gates", "=", "GenericWorkload", "=", "f"}) ==
        std::set<std::string>{"false"});
  // A gate already set is not offered again, with either value.
  auto after = bash_complete({"grovectl", "render", "--feature-gates", "GenericWorkload", "=", "true,Gen"});
  CHECK(after.empty());
}

TEST_CASE("bash completion: contexts and namespaces come from kubectl", "[packaging]") {
  if (!have("bash")) {
    WARN("SKIPPED: bash is not installed");
    return;
  }
  // A stand-in kubectl answering as `kubectl config get-contexts -o name` and
  // `kubectl get namespaces -o jsonpath={.items[*].metadata.name}` do.
  fs::path dir = scratch_dir("fake-kubectl-completion");
  std::ofstream(dir / "kubectl") << R"(#!/bin/sh
case "$*" in
  'config get-contexts -o name') printf 'prod-eu\nstaging\n' ;;
  'get namespaces -o jsonpath={.items[*].metadata.name}') printf 'default team-a team-b' ;;
  *) exit 1 ;;
esac
)";
  fs::permissions(dir / "kubectl", fs::perms::owner_all);
  std::string prelude = "PATH=" + quote(dir.string()) + ":$PATH\n";
  CHECK(bash_complete({"grovectl", "diff", "--context", ""}, prelude) ==
        std::set<std::string>{"prod-eu", "staging"});
  CHECK(bash_complete({"grovectl", "diff", "--context", "=", "p"}, prelude) ==
        std::set<std::string>{"prod-eu"});
  CHECK(bash_complete({"grovectl", "render", "-n", "team"}, prelude) ==
        std::set<std::string>{"team-a", "team-b"});
  CHECK(bash_complete({"grovectl", "validate", "--namespace", ""}, prelude) ==
        std::set<std::string>{"default", "team-a", "team-b"});
  fs::remove_all(dir);
}

TEST_CASE("fish and zsh completion: whole descriptions, distinct for the --to-* flags", "[packaging]") {
  // Issue 20: descriptions were cut at the first ':' ("--kubectl-path ... (default"), and the four
  // migration flags all read "Migration preview".
  std::string fish = read_file(grovectl::test::source_dir() / "completions" / "grovectl.fish");
  std::string zsh = read_file(grovectl::test::source_dir() / "completions" / "_grovectl");
  std::set<std::string> to_descriptions;
  for (const char* flag :
       {"to-backend", "to-kube-version", "to-grove-version", "to-hierarchy", "to-feature-gates"}) {
    INFO(flag);
    auto at = fish.find(std::string(" -l ") + flag + " ");
    REQUIRE(at != std::string::npos);
    auto d = fish.find(" -d '", at);
    std::string description = fish.substr(d + 5, fish.find("'\n", d) - d - 5);
    CHECK(description.starts_with("Migration preview: "));
    to_descriptions.insert(description);
    // zsh specs are single-quoted ('\\'' for a quote): compare up to the first quote.
    CHECK(zsh.find("--" + std::string(flag) + "=[" + description.substr(0, description.find("\\'"))) !=
          std::string::npos);
  }
  CHECK(to_descriptions.size() == 5);
  CHECK(fish.find("-d 'Migration preview: render again for this backend; print a plan, then the diff'") !=
        std::string::npos);
  CHECK(fish.find("-l kubectl-path -x -d 'kubectl program for --kubectl, looked up on PATH unless it "
                  "contains a \\'/\\''") != std::string::npos);
  CHECK(fish.find("-l feature-gates") != std::string::npos);
  CHECK(fish.find("GenericWorkload=true") != std::string::npos);
  CHECK(zsh.find("\"GenericWorkload:value:(true false)\"") != std::string::npos);
  CHECK(zsh.find("[Namespace for inputs that set none]:namespace:__grovectl_namespaces'") !=
        std::string::npos);
}

TEST_CASE("bash completion: files for -f, directories for --output-dir", "[packaging]") {
  if (!have("bash")) {
    WARN("SKIPPED: bash is not installed");
    return;
  }
  fs::path dir = scratch_dir("files");
  std::ofstream(dir / "pcs.yaml") << "{}\n";
  fs::create_directories(dir / "out");
  CHECK(bash_complete({"grovectl", "render", "-f", "p"}, "", dir) == std::set<std::string>{"pcs.yaml"});
  CHECK(bash_complete({"grovectl", "render", "--topology", ""}, "", dir) ==
        std::set<std::string>{"pcs.yaml", "out"});
  CHECK(bash_complete({"grovectl", "render", "--output-dir", ""}, "", dir) == std::set<std::string>{"out"});
  CHECK(bash_complete({"grovectl", "render", "--templates", "o"}, "", dir) == std::set<std::string>{"out"});
  // With bash-completion loaded the script uses its _filedir (YAML/JSON files and directories only).
  const char* bash_completion = "/usr/share/bash-completion/bash_completion";
  if (fs::exists(bash_completion)) {
    std::ofstream(dir / "notes.txt") << "x\n";
    std::string prelude = std::string("source ") + bash_completion + "\n";
    CHECK(bash_complete({"grovectl", "render", "-f", ""}, prelude, dir) ==
          std::set<std::string>{"pcs.yaml", "out"});
    CHECK(bash_complete({"grovectl", "render", "--output-dir", ""}, prelude, dir) ==
          std::set<std::string>{"out"});
  } else {
    WARN("SKIPPED (part): bash-completion is not installed");
  }
  fs::remove_all(dir);
}

TEST_CASE("zsh completion: the script parses and registers for both names", "[packaging]") {
  if (!have("zsh")) {
    WARN("SKIPPED: zsh is not installed");
    return;
  }
  fs::path script = grovectl::test::source_dir() / "completions" / "_grovectl";
  auto parse = run_shell("zsh -n " + quote(script.string()));
  INFO(parse.err);
  CHECK(parse.exit_code == 0);
  auto load = run_shell("zsh -f -c " +
                        quote("autoload -Uz compinit && compinit -u -D && source " + quote(script.string()) +
                              " && print -r -- $_comps[grovectl] $_comps[kubectl-grove]"));
  INFO(load.err);
  CHECK(load.exit_code == 0);
  CHECK(load.err.empty());
  CHECK(load.out == "_grovectl _grovectl\n");
}

TEST_CASE("fish completion: the script parses and completes", "[packaging]") {
  if (!have("fish")) {
    WARN("SKIPPED: fish is not installed");
    return;
  }
  fs::path script = grovectl::test::source_dir() / "completions" / "grovectl.fish";
  auto parse = run_shell("fish -n " + quote(script.string()));
  INFO(parse.err);
  CHECK(parse.exit_code == 0);
  auto complete = [&](const std::string& line) {
    std::string fish = "source " + quote(script.string()) + "; complete -C " + quote(line);
    auto r = run_shell("fish --no-config -c " + quote(fish) + " | cut -f1");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return lines(r.out);
  };
  CHECK(complete("grovectl r") == std::set<std::string>{"render"});
  CHECK(complete("kubectl-grove r") == std::set<std::string>{"render"});
  CHECK(complete("grovectl render --backend ") == kBackends);
  CHECK(complete("grovectl render --kube-version ") == std::set<std::string>{"1.35", "1.36", "1.37"});
  CHECK(complete("grovectl completion ") == std::set<std::string>{"bash", "zsh", "fish"});
  CHECK(complete("grovectl render --include=pods,s") == std::set<std::string>{"--include=pods,scheduler"});
  CHECK(complete("grovectl render --include podgang,") ==
        std::set<std::string>{"podgang,scheduler", "podgang,jobset", "podgang,pods"});
  // A gate already given is not offered again (fish may add fuzzy matches of other gates).
  for (const auto& c : complete("grovectl render --feature-gates GenericWorkload=true,Gen"))
    CHECK_FALSE(c.starts_with("GenericWorkload=true,GenericWorkload"));
  CHECK(complete("grovectl diff --to-feature-gates Composite") ==
        std::set<std::string>{"CompositePodGroup=true", "CompositePodGroup=false"});
}
