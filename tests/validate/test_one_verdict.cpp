// One verdict for every command (issue 15, item 4): render and diff run validate's input checks (kinds,
// duplicates across inputs, the CRD schema with metadata and Pod rules, Grove's and JobSet's admission
// rules) and refuse on the same errors with the same messages and locations. The inputs are validate's
// own bad-input corpus (testdata/validate/cases.txt, each case derived by hand from the Grove and JobSet
// references), so this is a property over every case rather than a list of chosen ones.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/test_support.hpp"
#include "support/validate_corpus.hpp"

using grovectl::test::CommandResult;
using grovectl::test::run_grovectl;
using grovectl::test::testdata;

namespace {

// validate's error lines of the input layers (1-3), as render prints them ("grovectl: " + the line).
// Capability rules (layer 4) and render-only rules are each command's own; rules Grove applies only on
// CREATE (the packDomain transition rules, nodeName, topologySpreadConstraints, MNNVL values, the topology
// rules) and the name-length rule are validate's alone (README "One verdict"). Grove's backend rules (KAI
// and Volcano queues, Volcano topology) and schedulerName are compared: render refuses them with the same
// line.
std::vector<std::string> input_errors(const std::string& validate_out) {
  static const char* kLeftToRender[] = {"[capability/",
                                        "[output/",
                                        "[grove/topology-",
                                        "[grove/name-length]",
                                        "[grove/cel-pack-domain]",
                                        "[grove/node-name]",
                                        "[grove/mnnvl-group]"};
  std::vector<std::string> out;
  std::istringstream in(validate_out);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find(": error: ") == std::string::npos) continue;
    bool own = false;
    for (const char* rule : kLeftToRender) own = own || line.find(rule) != std::string::npos;
    if (!own) out.push_back("grovectl: " + line);
  }
  return out;
}

}  // namespace

TEST_CASE("one verdict: render and diff refuse every input error validate reports, with its words") {
  size_t compared = 0;
  for (const auto& c : grovectl::test::read_validate_corpus()) {
    if (c.args.find("--strict") != std::string::npos) continue;  // --strict is validate's alone
    const std::string input = "-f '" + testdata("validate/" + c.file).string() + "' " + c.args;
    CommandResult validate = run_grovectl("validate " + input);
    const std::vector<std::string> errors = input_errors(validate.out);
    if (errors.empty()) continue;
    ++compared;
    INFO(c.file << "\n" << validate.out);
    CommandResult render = run_grovectl("render " + input);
    INFO("render: " << render.err);
    CHECK(render.exit_code == 1);
    CHECK(render.out.empty());
    CommandResult diff = run_grovectl("diff " + input + " --live /dev/null");
    INFO("diff: " << diff.err);
    CHECK(diff.exit_code == 4);  // diff's code for an input it cannot use: 1 means differences only
    for (const auto& e : errors) {
      CHECK(render.err.find(e) != std::string::npos);
      CHECK(diff.err.find(e) != std::string::npos);
    }
  }
  CHECK(compared >= 40);
}

// Issue 15: "Two files defining the same object (same kind, namespace, name) pass, and render emits both".
TEST_CASE("one verdict: the same object in two inputs is an error naming both places, in every command") {
  // Two copies of one PodCliqueSet (no namespace: both are "default/valid"), as two files of a repository.
  const std::string a = testdata("hostile/valid-pcs.yaml").string();
  const std::filesystem::path b = grovectl::test::scratch_root() / "one-verdict-copy.yaml";
  std::filesystem::copy_file(a, b, std::filesystem::copy_options::overwrite_existing);
  for (const std::string command : {"validate", "render", "diff"}) {
    std::string args = command + " -f '" + a + "' -f '" + b.string() + "'";
    if (command == "diff") args += " --live /dev/null";
    CommandResult r = run_grovectl(args);
    INFO(args << "\n" << r.out << r.err);
    CHECK(r.exit_code == (command == "diff" ? 4 : 1));
    const std::string text = command == "validate" ? r.out : r.err;
    CHECK(text.find(b.string() + ":5:3: error: PodCliqueSet default/valid is defined twice") !=
          std::string::npos);
    CHECK(text.find("here and at " + a + ":") != std::string::npos);
    CHECK(text.find("[input/duplicate-object]") != std::string::npos);
  }
  std::filesystem::remove(b);
}
