// The GitHub Action (action.yml at the repository root, issue 20 item 2): its inputs are grovectl's
// validate flags, and its steps' commands, run here as the runner would (composite steps in bash with
// the inputs in the environment, GITHUB_PATH and GITHUB_OUTPUT as files), install grovectl and report
// findings as ::error annotations (validate -o github) and a JUnit file.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "support/repo_tree.hpp"
#include "support/test_support.hpp"

namespace fs = std::filesystem;
using grovectl::Json;
using grovectl::test::CommandResult;
using grovectl::test::count_occurrences;
using grovectl::test::quote;
using grovectl::test::read_file;
using grovectl::test::run_grovectl;
using grovectl::test::run_shell;
using grovectl::test::scratch_dir;
using grovectl::test::source_dir;
using grovectl::test::testdata;

namespace {

Json action() {
  auto docs = grovectl::test::parse_yaml_docs(read_file(source_dir() / "action.yml"));
  REQUIRE(docs.size() == 1);
  return docs[0];
}

const Json& step(const Json& a, const std::string& id) {
  for (const auto& s : a["runs"]["steps"]) {
    if (s.value("id", "") == id) return s;
  }
  FAIL("action.yml has no step with id " << id);
  static Json none;
  return none;
}

// The value of an env entry written as ${{ inputs.NAME }}, or of `github.action_path`, as the runner
// would expand it.
std::string expand(const std::string& value, const Json& inputs,
                   const std::map<std::string, std::string>& with) {
  const std::string prefix = "${{ inputs.";
  if (value.starts_with(prefix)) {
    std::string name = value.substr(prefix.size(), value.find(" }}") - prefix.size());
    auto given = with.find(name);
    return given != with.end() ? given->second : inputs[name].value("default", "");
  }
  if (value == "${{ github.action_path }}") return source_dir().string();
  return value;
}

// Runs one composite step as the runner runs `shell: bash` (bash --noprofile --norc -eo pipefail FILE),
// in `dir`.
CommandResult run_step(const Json& a, const std::string& id, const fs::path& dir,
                       const std::map<std::string, std::string>& with, const std::string& runner_env) {
  const Json& s = step(a, id);
  REQUIRE(s["shell"] == "bash");
  std::string env;
  if (s.contains("env")) {
    for (const auto& [key, value] : s["env"].items())
      env += key + "=" + quote(expand(value.get<std::string>(), a["inputs"], with)) + " ";
  }
  fs::path script = dir / (id + ".sh");
  std::ofstream(script) << s["run"].get<std::string>();
  return run_shell("cd " + quote(dir.string()) + " && " + runner_env + " " + env +
                   "bash --noprofile --norc -eo pipefail " + quote(script.string()));
}

}  // namespace

TEST_CASE("github action: a composite action whose inputs are validate's flags", "[packaging]") {
  Json a = action();
  CHECK(a["runs"]["using"] == "composite");
  std::set<std::string> inputs;
  for (const auto& [name, spec] : a["inputs"].items()) {
    inputs.insert(name);
    CHECK(spec.contains("description"));
  }
  CHECK(inputs == std::set<std::string>{"paths", "backend", "kube-version", "feature-gates", "extra-flags",
                                        "junit-file", "sarif-file", "upload-sarif"});
  const std::string help = run_grovectl("validate --help").out;
  const std::string script = step(a, "validate")["run"].get<std::string>();
  // Inputs named after a flag pass it through, and the flag exists.
  for (const std::string name : {"backend", "kube-version", "feature-gates"}) {
    INFO(name);
    CHECK(help.find("  --" + name + " ") != std::string::npos);
    std::string var = "INPUT_";
    for (char c : name) var += c == '-' ? '_' : static_cast<char>(std::toupper(c));
    CHECK(step(a, "validate")["env"][var] == "${{ inputs." + name + " }}");
    CHECK(script.find("--" + name + " \"$" + var + "\"") != std::string::npos);
    CHECK(a["inputs"][name]["description"].get<std::string>().find("(--" + name + ")") != std::string::npos);
  }
  CHECK(help.find("-f,--filename") != std::string::npos);
  CHECK(script.find("-f \"$path\"") != std::string::npos);
  // The report formats the action uses exist, all from one run.
  for (const std::string format : {"junit", "github", "sarif"}) CHECK(help.find(format) != std::string::npos);
  CHECK(script.find("reports=(-o github -o \"junit=$INPUT_JUNIT_FILE\")") != std::string::npos);
  CHECK(script.find("reports+=(-o \"sarif=$sarif\")") != std::string::npos);
  CHECK(count_occurrences(script, "grovectl validate ") == 1u);
  // The SARIF report goes to code scanning when asked (docs.github.com, "Uploading a SARIF file to GitHub":
  // github/codeql-action/upload-sarif with sarif_file), even when validation failed.
  const Json& last = a["runs"]["steps"].back();
  CHECK(last["uses"].get<std::string>().starts_with("github/codeql-action/upload-sarif@"));
  CHECK(last["with"]["sarif_file"] == "${{ steps.validate.outputs.sarif-file }}");
  CHECK(last["if"].get<std::string>().find("always() && inputs.upload-sarif == 'true'") != std::string::npos);
}

TEST_CASE("github action: its steps install grovectl and validate with annotations and JUnit",
          "[packaging]") {
  Json a = action();
  fs::path dir = scratch_dir("github-action");
  fs::create_directories(dir / "runner");
  // The runner's files and variables (docs.github.com, "Workflow commands": GITHUB_PATH, GITHUB_OUTPUT).
  std::string runner = "RUNNER_TEMP=" + quote((dir / "runner").string()) +
                       " GITHUB_PATH=" + quote((dir / "path").string()) +
                       " GITHUB_OUTPUT=" + quote((dir / "output").string());
  // The install step builds and installs from this repository. Here it is given the test's build tree (a
  // kept build directory, as with actions/cache), and a cmake stand-in records the commands and skips
  // `cmake --build`, which could relink the binary other tests are running; --install runs for real.
  fs::path build = fs::path(GROVECTL_BINARY).parent_path();
  auto real_cmake = run_shell("command -v cmake");
  REQUIRE(real_cmake.exit_code == 0);
  fs::create_directories(dir / "shim");
  std::ofstream(dir / "shim/cmake") << "#!/bin/sh\necho \"cmake $*\" >> "
                                    << quote((dir / "cmake.log").string())
                                    << "\ncase \"$1\" in --build) exit 0 ;; esac\nexec "
                                    << real_cmake.out.substr(0, real_cmake.out.find('\n')) << " \"$@\"\n";
  fs::permissions(dir / "shim/cmake", fs::perms::owner_all);
  auto install = run_step(a, "install", dir, {},
                          runner + " GROVECTL_BUILD_DIR=" + quote(build.string()) +
                              " PATH=" + quote((dir / "shim").string()) + ":\"$PATH\"");
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  std::string cmake_calls = read_file(dir / "cmake.log");
  CHECK(cmake_calls.starts_with("cmake --build " + build.string() + " --target grovectl -j "));
  CHECK(cmake_calls.find("cmake --install " + build.string() + " --prefix " +
                         (dir / "runner/grovectl").string()) != std::string::npos);
  CHECK(install.out.find("grovectl ") != std::string::npos);
  std::string bin = read_file(dir / "path");
  while (!bin.empty() && bin.back() == '\n') bin.pop_back();
  CHECK(bin == (dir / "runner/grovectl/bin").string());
  CHECK(fs::exists(fs::path(bin) / "grovectl"));
  runner += " PATH=" + quote(bin) + ":\"$PATH\"";

  // testdata/diff/pcs.yaml is a valid PodCliqueSet; the copy with a field the CRD does not declare is an
  // error by default (docs/rules.md "schema"), on the line of that field.
  fs::create_directories(dir / "manifests");
  std::string valid = read_file(testdata("diff/pcs.yaml"));
  std::ofstream(dir / "manifests/pcs.yaml") << valid;
  auto run_validate = [&](const std::map<std::string, std::string>& with) {
    fs::remove(dir / "output");
    auto r = run_step(a, "validate", dir, with, runner);
    INFO(r.out << r.err);
    return r;
  };
  auto clean = run_validate({{"paths", "manifests"}});
  CHECK(clean.exit_code == 0);
  CHECK(read_file(dir / "output") == "exit-code=0\nsarif-file=\n");
  std::string junit = read_file(dir / "grovectl-junit.xml");
  CHECK(junit.find("<testsuite") != std::string::npos);
  CHECK(junit.find("<failure") == std::string::npos);

  // The inputs reach grovectl: GangScheduling is not a gate of 1.37, so this is a usage error (2).
  auto gate = run_validate(
      {{"paths", "manifests"}, {"kube-version", "1.37"}, {"feature-gates", "GangScheduling=true"}});
  CHECK(gate.exit_code == 2);
  CHECK(read_file(dir / "output") == "exit-code=2\nsarif-file=\n");
  CHECK(run_validate({{"paths", "manifests"},
                      {"kube-version", "1.36"},
                      {"feature-gates", "GangScheduling=true"},
                      {"backend", "volcano"},
                      {"extra-flags", "--strict --unknown-fields error"}})
            .exit_code == 0);

  std::string invalid = valid;
  auto at = invalid.find("spec:\n  replicas: 1\n");
  REQUIRE(at != std::string::npos);
  invalid.insert(at + std::string("spec:\n").size(), "  bogusField: 1\n");
  std::ofstream(dir / "manifests/broken.yaml") << invalid;
  auto broken =
      run_validate({{"paths", "manifests/broken.yaml manifests/pcs.yaml"}, {"junit-file", "report.xml"}});
  CHECK(broken.exit_code == 1);
  CHECK(read_file(dir / "output") == "exit-code=1\nsarif-file=\n");
  // `spec:` is line 11 of testdata/diff/pcs.yaml, so the inserted field is line 12, column 3.
  CHECK(broken.out.find("::error file=manifests/broken.yaml,line=12,col=3,") != std::string::npos);
  std::string report = read_file(dir / "report.xml");
  CHECK(report.find("<failure") != std::string::npos);
  CHECK(report.find("manifests/pcs.yaml") != std::string::npos);  // every document is a test case
  fs::remove(dir / "manifests/broken.yaml");

  // The default paths "." on a checkout with a Helm chart (the repository tree of
  // tests/support/repo_tree.hpp: Grove's operator chart, kustomize, a Secret, a CRD, JSON, CRLF+BOM), with
  // the SARIF upload asked for.
  const fs::path repo = grovectl::test::write_monorepo_tree("github-action-repo");
  fs::remove_all(repo / "examples");  // independent examples that define one object twice
  fs::remove(dir / "output");
  auto whole = run_step(a, "validate", repo, {{"upload-sarif", "true"}}, runner);
  INFO(whole.out << whole.err);
  CHECK(whole.exit_code == 0);
  CHECK(read_file(dir / "output") == "exit-code=0\nsarif-file=grovectl.sarif\n");
  const Json sarif = Json::parse(read_file(repo / "grovectl.sarif"));
  CHECK(sarif["runs"][0]["properties"]["summary"]["skippedFiles"] == 3);
  CHECK(read_file(repo / "grovectl-junit.xml").find("Helm chart template") != std::string::npos);
  fs::remove_all(dir);
}
