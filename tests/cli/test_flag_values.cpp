// The flag fuzzer of issue 21, table-driven: every numeric and enumerated flag of every command, read from
// the command line itself (the completion model), is given generated values: each valid choice, values
// around the numeric range, and junk (empty, unknown, 10,000 bytes, not UTF-8, negative, beyond 64 bits).
// Each run happens in this process, with standard output and error captured. A run must end with one of
// the documented exit codes; a usage error (2) must say what is wrong; a valid choice must never be a
// usage error; and --context-lines must accept exactly 0..10000 (`diff --context-lines -1` once made diff
// allocate without bound). tests/fuzz/fuzz_flags.cpp explores the same table with libFuzzer.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/completion/model.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
namespace fs = std::filesystem;

namespace {

struct Run {
  int code = -1;
  std::string out, err;
};

// run_cli with std::cout and std::cerr captured.
Run run_in_process(std::vector<std::string> args) {
  args.insert(args.begin(), "grovectl");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  std::ostringstream out, err;
  auto* old_out = std::cout.rdbuf(out.rdbuf());
  auto* old_err = std::cerr.rdbuf(err.rdbuf());
  Run r;
  r.code = run_cli(static_cast<int>(argv.size()), argv.data());
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

bool is_numeric(CLI::App& app, const std::string& command, const std::string& flag) {
  CLI::App* sub = app.get_subcommand(command);
  const CLI::Option* o = sub->get_option_no_throw(flag);
  return o && (o->get_type_name() == "UINT" || o->get_type_name() == "INT");
}

// Arguments that make each command runnable without the flag under test.
std::vector<std::string> base_args(const std::string& command, const std::string& flag) {
  const std::string valid = test::testdata("hostile/valid-pcs.yaml").string();
  if (command == "diff" && flag.rfind("--to-", 0) == 0) return {"diff", "-f", valid};
  if (command == "diff") return {"diff", "-f", valid, "--live", valid};
  if (command == "render" || command == "validate") return {command, "-f", valid};
  return {command};
}

const std::vector<std::string>& junk_values() {
  static const std::vector<std::string> junk = {"x-not-a-value",
                                                "-",
                                                "--",
                                                "=",
                                                "a b",
                                                std::string(10000, 'v'),
                                                "\xff\xfe\xfd",
                                                "caf\xC3\xA9",
                                                "-1",
                                                "18446744073709551616",
                                                "NaN",
                                                "yaml,json,text",
                                                ",,,",
                                                "\t"};
  return junk;
}

const std::vector<std::string>& numeric_values() {
  static const std::vector<std::string> numbers = {"-1",
                                                   "0",
                                                   "1",
                                                   "3",
                                                   "9999",
                                                   "10000",
                                                   "10001",
                                                   "65536",
                                                   "2147483647",
                                                   "2147483648",
                                                   "4294967296",
                                                   "9223372036854775807",
                                                   "9223372036854775808",
                                                   "18446744073709551615",
                                                   "18446744073709551616",
                                                   "99999999999999999999999999999",
                                                   "1e3",
                                                   "0x10",
                                                   "010",
                                                   "+1",
                                                   " 1",
                                                   "1 ",
                                                   "abc",
                                                   "-0",
                                                   "3.5"};
  return numbers;
}

void check_run(const std::vector<std::string>& args, const Run& r) {
  std::string shown;
  for (const auto& a : args)
    shown += (shown.empty() ? "" : " ") + (a.size() > 60 ? a.substr(0, 60) + "..." : a);
  INFO(shown << "\nexit " << r.code << "\n" << r.err.substr(0, 1000));
  CHECK(r.code >= 0);
  // diff's 4 is an input it cannot use (docs/exit-codes.md): a flag value can make a valid input one that the
  // chosen backend refuses.
  CHECK(r.code <= (!args.empty() && args.front() == "diff" ? 4 : 3));
  if (r.code == 2) CHECK_FALSE(r.err.empty());
  CHECK(r.err.find("internal error") == std::string::npos);
  CHECK(r.err.size() < 100000);
}

}  // namespace

TEST_CASE("flag values: every enumerated flag of every command, with each choice and with junk") {
  CLI::App app;
  add_commands(app);
  CompletionCommand root = completion_model(app);
  size_t flags = 0, runs = 0;
  for (const auto& command : root.subcommands) {
    for (const auto& flag : command.flags) {
      if (flag.kind != ValueKind::kChoices && flag.kind != ValueKind::kList) continue;
      const std::string name = flag.names.back();
      ++flags;
      for (const auto& choice : flag.choices) {
        auto args = base_args(command.name, name);
        args.insert(args.end(), {name, choice});
        Run r = run_in_process(args);
        check_run(args, r);
        CHECK(r.code != 2);  // a value the command line offers is never a usage error
        ++runs;
      }
      for (const auto& value : junk_values()) {
        auto args = base_args(command.name, name);
        args.insert(args.end(), {name, value});
        Run r = run_in_process(args);
        check_run(args, r);
        if (value == "x-not-a-value" || value.size() == 10000 || value == "\xff\xfe\xfd") CHECK(r.code == 2);
        ++runs;
      }
    }
    if (command.positional_kind == ValueKind::kChoices) {
      for (const auto& value : junk_values()) {
        std::vector<std::string> args = {command.name, value};
        Run r = run_in_process(args);
        check_run(args, r);
        CHECK(r.code == 2);
        ++runs;
      }
    }
  }
  // render, validate and diff each have --backend, --kube-version, --hierarchy, --jobset-gang and -o; diff
  // adds --to-*, --color; --include on render and diff; version -o; completion's shell.
  CHECK(flags >= 20);
  CHECK(runs >= 400);
}

TEST_CASE("flag values: every numeric flag of every command, around and beyond its range") {
  CLI::App app;
  add_commands(app);
  CompletionCommand root = completion_model(app);
  size_t numeric = 0;
  for (const auto& command : root.subcommands) {
    for (const auto& flag : command.flags) {
      const std::string name = flag.names.back();
      if (!is_numeric(app, command.name, name)) continue;
      ++numeric;
      for (const auto& value : numeric_values()) {
        auto args = base_args(command.name, name);
        args.insert(args.end(), {name, value});
        Run r = run_in_process(args);
        check_run(args, r);
        if (name == "--context-lines") {
          const bool in_range = value.find_first_not_of("0123456789") == std::string::npos &&
                                value.size() <= 5 && std::stoul(value) <= 10000;
          INFO("--context-lines " << value);
          // The live input holds no rendered object, so every rendered one is added: exit 1.
          CHECK(r.code == (in_range ? 1 : 2));
          if (!in_range)
            CHECK(r.err == "grovectl: --context-lines must be between 0 and 10000 (got " + value + ")\n");
        }
      }
    }
  }
  CHECK(numeric >= 1);  // diff --context-lines
}

TEST_CASE("flag values: --namespace must be a namespace name, shown escaped when it is not UTF-8") {
  // Found by fuzz_flags: a --namespace of bytes that are not UTF-8 became metadata.namespace of every
  // rendered object and reached the schema checks (undefined behaviour in valijson's UTF-8 length).
  const std::string valid = test::testdata("hostile/valid-pcs.yaml").string();
  for (const std::string command : {"render", "validate"}) {
    Run bad = run_in_process({command, "-f", valid, "--namespace", "\xbe\xbe"});
    CHECK(bad.code == 2);
    CHECK(bad.err ==
          "grovectl: error: --namespace \"\\xBE\\xBE\" is not a namespace name (a DNS label: at most "
          "63 lower-case letters, digits and '-', starting and ending with a letter or digit) "
          "[usage/namespace]\n");
    CHECK(run_in_process({command, "-f", valid, "--namespace", "Team_A"}).code == 2);
    CHECK(run_in_process({command, "-f", valid, "--namespace", std::string(64, 'a')}).code == 2);
    CHECK(run_in_process({command, "-f", valid, "--namespace", "team-a"}).code == 0);
  }
  Run layer = run_in_process({"render", "-f", valid, "--koord-layer-map", "rack=\xff"});
  CHECK(layer.code == 2);
  CHECK(layer.err.find("--koord-layer-map \"rack=\\xFF\" must be KEY=LAYER (UTF-8 text)") !=
        std::string::npos);
}

TEST_CASE("flag values: a file name that is not UTF-8 does not break the JSON report") {
  fs::path dir = grovectl::test::scratch_root() / "flags";
  fs::create_directories(dir);
  fs::path bad = dir / "caf\xe9.yaml";
  std::ofstream(bad) << "a: [\n";
  Run r = run_in_process({"validate", "-o", "json", "-f", bad.string()});
  CHECK(r.code == 1);
  CHECK(r.err.find("internal error") == std::string::npos);
  CHECK(r.out.find("caf\xEF\xBF\xBD.yaml") != std::string::npos);  // U+FFFD in place of the byte
  fs::remove_all(dir);
}
