// The GitHub Actions job of docs/ci.md is YAML whose grovectl steps use real flags; README "Use in CI" has a
// .grovectl.yaml that validate reads (its console example runs with every other one in
// test_readme_console.cpp).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;

namespace {

// The first fenced block of `file` after `section` that starts with ```<lang> and holds `holding`.
std::string fenced_block(const std::string& file, const std::string& section, const std::string& lang,
                         const std::string& holding) {
  const std::string text = read_file(source_dir() / file);
  const size_t from = text.find(section);
  REQUIRE(from != std::string::npos);
  for (size_t start = text.find("```" + lang + "\n", from); start != std::string::npos;
       start = text.find("```" + lang + "\n", start + 1)) {
    const size_t body = start + 4 + lang.size();
    const std::string block = text.substr(body, text.find("```", body) - body);
    if (block.find(holding) != std::string::npos) return block;
  }
  FAIL("no ```" << lang << " block holding " << holding << " in " << file << " " << section);
  return "";
}

}  // namespace

TEST_CASE("docs/ci.md: the GitHub Actions job annotates inline and uploads SARIF and JUnit") {
  const std::vector<Json> docs = parse_yaml_docs(fenced_block("docs/ci.md", "## ", "yaml", "\njobs:"));
  REQUIRE(docs.size() == 1);
  const Json& steps = docs[0]["jobs"]["validate"]["steps"];
  std::string runs;
  for (const auto& step : steps) runs += step.value("run", "") + "\n";
  CHECK(runs.find("-o github") != std::string::npos);
  CHECK(runs.find("-o junit=grovectl-junit.xml") != std::string::npos);
  CHECK(runs.find("-o sarif=grovectl.sarif") != std::string::npos);
  bool uploads_sarif = false;
  for (const auto& step : steps)
    uploads_sarif =
        uploads_sarif || (step.value("uses", "").starts_with("github/codeql-action/upload-sarif@") &&
                          step["with"]["sarif_file"] == "grovectl.sarif" && step["if"] == "always()");
  CHECK(uploads_sarif);
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
  CHECK(commands == 2);
}

TEST_CASE("README Use in CI: the .grovectl.yaml example is a configuration validate reads") {
  const auto dir = scratch_dir("readme-config");
  std::ofstream(dir / ".grovectl.yaml") << fenced_block("README.md", "## Use in CI", "yaml", "ignorePaths:");
  std::ofstream(dir / "pcs.yaml") << read_file(testdata("diff/pcs.yaml"));
  // Its flags ask for kai-scheduler, whose queue the PodCliqueSet lacks: the file is read and used.
  auto r = run_shell("cd " + quote(dir.string()) + " && " + quote(GROVECTL_BINARY) + " validate -f pcs.yaml");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("kai") != std::string::npos);
  auto without = run_shell("cd " + quote(dir.string()) + " && " + quote(GROVECTL_BINARY) +
                           " validate -f pcs.yaml --backend default-scheduler");
  CHECK(without.exit_code == 0);
}
