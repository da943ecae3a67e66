#pragma once
// Helpers shared by the tests: run the built binary, read files, find ../shared.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/json.hpp"

namespace grovectl::test {

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs the grovectl binary with `args` (shell-quoted by the caller when needed), optional stdin text.
CommandResult run_grovectl(const std::string& args, const std::string& stdin_text = "");
// The same, ended after `seconds` (exit 124, from timeout(1)): a hang becomes a failure.
CommandResult run_grovectl_within(int seconds, const std::string& args, const std::string& stdin_text = "");
// Runs any shell command line.
CommandResult run_shell(const std::string& command, const std::string& stdin_text = "");

std::string read_file(const std::filesystem::path& p);
std::filesystem::path source_dir();
std::filesystem::path testdata(const std::string& rel);
// ../shared beside the repository, or nullopt (tests then SKIP with a visible message).
std::optional<std::filesystem::path> shared_dir();

// Whether `program` is on PATH (tests of optional tools skip without it).
bool have(const std::string& program);
// `s` in single quotes for a POSIX shell.
std::string quote(const std::string& s);
// Every *.yaml and *.yml file below `dir`, sorted.
std::vector<std::filesystem::path> yaml_files_under(const std::filesystem::path& dir);
// The folder below which a test writes every file: one per test process under the system temp
// directory, removed when the process exits. CI machines run the suite again and again, and a full
// disk fails tests far from the cause.
std::filesystem::path scratch_root();
// A fresh, empty directory `name` below scratch_root().
std::filesystem::path scratch_dir(const std::string& name);

// True in the AddressSanitizer build, which cannot run under a small `ulimit -v` (ASan reserves
// terabytes of address space): tests that need the limit say so and run without it, or skip.
constexpr bool sanitized_build() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

// Whether `part` occurs in `text`.
bool contains(const std::string& text, const std::string& part);
// How many times `needle` occurs in `text` (non-overlapping).
size_t count_occurrences(const std::string& text, const std::string& needle);

// Parses a YAML stream into JSON values (fails the test on any diagnostic).
std::vector<Json> parse_yaml_docs(const std::string& text);

}  // namespace grovectl::test

// A test that skips as a whole prints a message starting "SKIPPED: " and returns; ctest reports it as
// skipped by that prefix (SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt: keep the two in step). A test
// that leaves out only a part says "SKIPPED (part): " and still counts as run.

// Skips the current test with a visible message when ../shared is absent.
#define REQUIRE_SHARED_OR_SKIP(var)                                                               \
  auto var##_opt = ::grovectl::test::shared_dir();                                                \
  if (!var##_opt) {                                                                               \
    WARN("SKIPPED: ../shared is not beside the repository; this test needs its samples/schemas"); \
    return;                                                                                       \
  }                                                                                               \
  const std::filesystem::path var = *var##_opt

// Skips the current test in the AddressSanitizer build, saying why: for tests whose point is a bound the
// sanitizer build cannot apply (a small `ulimit -v`, or time and memory figures of the optimized binary).
#define SKIP_IN_SANITIZED_BUILD(why)                         \
  if (::grovectl::test::sanitized_build()) {                 \
    WARN("SKIPPED: the sanitizer build cannot check " why); \
    return;                                                  \
  }
