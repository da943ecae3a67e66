// The completion model follows the CLI11 definition, so flags added on other branches complete
// without touching the completion code. Expected values are the ones the test app declares.
#include <catch2/catch.hpp>

#include "cli/completion/model.hpp"

using namespace grovectl;

namespace {

const CompletionFlag* find_flag(const CompletionCommand& c, const std::string& name) {
  for (const auto& f : c.flags) {
    for (const auto& n : f.names) {
      if (n == name) return &f;
    }
  }
  return nullptr;
}

}  // namespace

TEST_CASE("completion model: walks subcommands and options of any app", "[packaging]") {
  CLI::App app{"test", "grovectl"};
  std::string s;
  std::vector<std::string> many;
  bool flag = false;
  CLI::App* diff = app.add_subcommand("diff", "Compare things. More text here");
  diff->add_option("-o,--output", s, "Output format")->check(CLI::IsMember({"text", "json"}));
  diff->add_option("--to-backend", s, "Target backend");
  diff->add_option("--live", many, "Live objects");
  diff->add_option("--shape", s, "Shape")->check(CLI::IsMember({"round", "square"}));
  diff->add_flag("--strict", flag, "Be strict");
  diff->add_option("--secret", s, "Hidden")->group("");
  app.add_subcommand("hidden", "Not shown")->group("");

  CompletionCommand model = completion_model(app);
  REQUIRE(model.subcommands.size() == 1);
  const CompletionCommand& d = model.subcommands[0];
  CHECK(d.name == "diff");
  CHECK(d.description == "Compare things");
  // -o on diff comes from the table (diff -o text|json; issue 16 adds brief).
  REQUIRE(find_flag(d, "--output"));
  CHECK(find_flag(d, "-o") == find_flag(d, "--output"));
  CHECK(find_flag(d, "--output")->choices == std::vector<std::string>{"text", "brief", "json"});
  CHECK(find_flag(d, "--to-backend")->choices ==
        std::vector<std::string>{"default-scheduler", "kai-scheduler", "volcano", "koord-scheduler",
                                 "koordinator", "lpx-scheduler"});
  CHECK(find_flag(d, "--live")->kind == ValueKind::kFiles);
  CHECK(find_flag(d, "--live")->repeatable);
  // A flag the table does not know completes from its IsMember check.
  CHECK(find_flag(d, "--shape")->kind == ValueKind::kChoices);
  CHECK(find_flag(d, "--shape")->choices == std::vector<std::string>{"round", "square"});
  CHECK(find_flag(d, "--strict")->kind == ValueKind::kNone);
  CHECK(find_flag(d, "--help")->exits);
  CHECK_FALSE(find_flag(d, "--secret"));

  std::string bash = bash_completion_script(model);
  CHECK(bash.find("--to-backend)\n      __grovectl_words \"default-scheduler") != std::string::npos);
  CHECK(bash.find("hidden") == std::string::npos);
  CHECK(fish_completion_script(model).find("-l shape -x -a 'round square'") != std::string::npos);
  CHECK(zsh_completion_script(model).find("'--shape=[Shape]:shape:(round square)'") != std::string::npos);
}

TEST_CASE("completion model: short descriptions", "[packaging]") {
  // Issue 20: a colon or semicolon does not end the description; a sentence end outside parentheses does.
  CHECK(short_description("Scheduler backend: a, b") == "Scheduler backend: a, b");
  CHECK(short_description("Gates, e.g. A=true") == "Gates, e.g. A=true");
  CHECK(short_description("Input file; repeatable") == "Input file; repeatable");
  CHECK(short_description("One. Two") == "One");
  CHECK(short_description("Gates, K=V,... (default: none)") == "Gates, K=V,... (default: none)");
  CHECK(short_description("Objects (all. of them) to emit. Default: x") == "Objects (all. of them) to emit");
  CHECK(short_description("Line one\nline two") == "Line one");
}
