// README "Use in CI" (issue 15, item 8) is true: its `helm template | grovectl validate -f -` example runs on
// testdata/ci/helm-template-stream.yaml (what that helm command prints; helm is not needed) and prints
// exactly the line the README shows, and its GitHub Actions job is YAML whose grovectl steps use real flags.
#include <catch2/catch.hpp>
#include <sstream>

#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

const std::string kPrompt = "$ helm template serving charts/serving | grovectl validate -f -";

// The fenced block of README "Use in CI" that starts with ```<lang>.
std::string ci_block(const std::string& lang) {
  const std::string readme = read_file(source_dir() / "README.md");
  const size_t section = readme.find("## Use in CI");
  REQUIRE(section != std::string::npos);
  const size_t start = readme.find("```" + lang + "\n", section);
  REQUIRE(start != std::string::npos);
  const size_t body = start + 4 + lang.size();
  return readme.substr(body, readme.find("```", body) - body);
}

}  // namespace

TEST_CASE("README Use in CI: the helm template example prints what the README shows") {
  const std::string block = ci_block("console");
  REQUIRE(block.rfind(kPrompt + "\n", 0) == 0);
  const std::string shown = block.substr(kPrompt.size() + 1);
  auto r = run_shell("cat " + quote(testdata("ci/helm-template-stream.yaml").string()) + " | " +
                     quote(GROVECTL_BINARY) + " validate -f -");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out == shown);
}

TEST_CASE("README Use in CI: the GitHub Actions job annotates inline and uploads the JUnit report") {
  const std::vector<Json> docs = parse_yaml_docs(ci_block("yaml"));
  REQUIRE(docs.size() == 1);
  const Json& steps = docs[0]["jobs"]["validate"]["steps"];
  std::string runs;
  for (const auto& step : steps) runs += step.value("run", "") + "\n";
  CHECK(runs.find("-o github") != std::string::npos);
  CHECK(runs.find("-o junit > grovectl-junit.xml") != std::string::npos);
  CHECK(steps.back()["uses"].get<std::string>().rfind("actions/upload-artifact@", 0) == 0);
  CHECK(steps.back()["if"] == "always()");
  // Every flag the job gives grovectl validate is one of its flags.
  const std::string help = run_grovectl("validate --help").out;
  std::istringstream lines(runs);
  size_t commands = 0;
  for (std::string line; std::getline(lines, line);) {
    const size_t at = line.find("grovectl validate ");
    if (at == std::string::npos) continue;
    ++commands;
    std::istringstream words(line.substr(at));
    for (std::string word; words >> word;) {
      INFO(line);
      if (word.rfind("-", 0) == 0 && word != "-") CHECK(help.find(word) != std::string::npos);
    }
  }
  CHECK(commands == 3);
}
