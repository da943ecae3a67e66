// Every ```console example of README.md is run and must print what the README shows. The blocks are read from
// README.md when the test runs, so an edited or new example is checked as written. In a block, a line
// starting with "$ " is a command; the lines after it, up to the next command, are its output (standard
// output and standard error together, as a terminal shows them). A block's commands run one after another in
// one shell (so `echo $?` reads the exit code of the command before), from a folder laid out like the
// repository root:
//   build/grovectl   this build's binary (also on PATH as grovectl)
//   examples/, testdata/  the repository's folders
//   kai.yaml         examples/disaggregated-inference.yaml with the KAI queue label the README says to add
//                    (kai.scheduler/queue: default-queue, a label of the PodCliqueSet: KAI's queue label,
//                    as Grove's KAI backend reads it)
//   helm             a stand-in on PATH: `helm template serving charts/serving` prints
//                    testdata/ci/helm-template-stream.yaml (what that chart renders); anything else fails
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/test_support.hpp"

using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

struct Command {
  std::string line;
  std::string output;
};

struct Block {
  size_t line = 0;  // of README.md, where the block starts
  std::vector<Command> commands;
};

std::vector<Block> console_blocks(const std::string& readme) {
  std::vector<Block> blocks;
  std::istringstream in(readme);
  bool inside = false;
  size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!inside) {
      if (line == "```console") {
        inside = true;
        blocks.push_back({number, {}});
      }
      continue;
    }
    if (line.starts_with("```")) {
      inside = false;
    } else if (line.starts_with("$ ")) {
      blocks.back().commands.push_back({line.substr(2), ""});
    } else if (!blocks.back().commands.empty()) {
      blocks.back().commands.back().output += line + "\n";
    }
  }
  return blocks;
}

fs::path fixture() {
  const fs::path dir = scratch_dir("readme-console");
  fs::create_directories(dir / "build");
  fs::create_directories(dir / "bin");
  fs::create_symlink(GROVECTL_BINARY, dir / "build/grovectl");
  fs::create_symlink(GROVECTL_BINARY, dir / "bin/grovectl");
  fs::create_directory_symlink(source_dir() / "examples", dir / "examples");
  fs::create_directory_symlink(source_dir() / "testdata", dir / "testdata");
  std::string kai = read_file(source_dir() / "examples/disaggregated-inference.yaml");
  const std::string labels = "  labels:\n";
  REQUIRE(kai.find(labels) != std::string::npos);
  kai.insert(kai.find(labels) + labels.size(), "    kai.scheduler/queue: default-queue\n");
  std::ofstream(dir / "kai.yaml") << kai;
  std::ofstream(dir / "bin/helm")
      << "#!/bin/sh\n[ \"$*\" = \"template serving charts/serving\" ] || exit 1\nexec cat "
      << quote((source_dir() / "testdata/ci/helm-template-stream.yaml").string()) << "\n";
  fs::permissions(dir / "bin/helm", fs::perms::owner_all);
  return dir;
}

// Runs a block's commands in one shell; each command's output follows a marker line.
std::vector<std::string> run_block(const Block& block, const fs::path& dir) {
  const std::string marker = "@@readme-console-command@@";
  std::string script = "cd " + quote(dir.string()) + "\nexport PATH=" + quote((dir / "bin").string()) +
                       ":\"$PATH\" NO_COLOR=1\nunset GITHUB_WORKSPACE\n__rc=0\n";
  // The marker line must not change $? for a command that reads it (echo $?).
  for (const auto& c : block.commands)
    script += "echo " + marker + "\n(exit $__rc)\n{ " + c.line + "\n} 2>&1\n__rc=$?\n";
  const fs::path file = dir / "block.sh";
  std::ofstream(file) << script;
  const CommandResult r = run_shell("bash " + quote(file.string()));
  std::vector<std::string> outputs;
  for (size_t at = r.out.find(marker + "\n"); at != std::string::npos;) {
    const size_t start = at + marker.size() + 1;
    at = r.out.find(marker + "\n", start);
    outputs.push_back(r.out.substr(start, at == std::string::npos ? std::string::npos : at - start));
  }
  return outputs;
}

}  // namespace

TEST_CASE("README: every console example prints what the README shows") {
  const std::vector<Block> blocks = console_blocks(read_file(source_dir() / "README.md"));
  REQUIRE_FALSE(blocks.empty());
  const fs::path dir = fixture();
  size_t commands = 0;
  for (const auto& block : blocks) {
    const std::vector<std::string> outputs = run_block(block, dir);
    REQUIRE(outputs.size() == block.commands.size());
    for (size_t i = 0; i < outputs.size(); ++i) {
      INFO("README.md line " << block.line << ": $ " << block.commands[i].line);
      CHECK(outputs[i] == block.commands[i].output);
      ++commands;
    }
  }
  CHECK(commands >= 6u);
}

TEST_CASE("README: the console example reader takes commands and their output apart") {
  const auto blocks =
      console_blocks("text\n```console\n$ echo a\na\n$ echo $?\n0\n```\n```sh\n$ not this\n```\n");
  REQUIRE(blocks.size() == 1u);
  REQUIRE(blocks[0].commands.size() == 2u);
  CHECK(blocks[0].commands[0].line == "echo a");
  CHECK(blocks[0].commands[0].output == "a\n");
  const fs::path dir = scratch_dir("readme-console-reader");
  // A wrong output is found: the checker can fail.
  Block wrong{1, {{"echo b", "a\n"}, {"false", ""}, {"echo $?", "1\n"}}};
  const auto outputs = run_block(wrong, dir);
  REQUIRE(outputs.size() == 3u);
  CHECK(outputs[0] == "b\n");
  CHECK(outputs[0] != wrong.commands[0].output);
  CHECK(outputs[2] == "1\n");
}
