#include "support/test_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "input/loader.hpp"

namespace grovectl::test {
namespace fs = std::filesystem;

namespace {

// Owns the process's scratch folder; the function-local static below removes it at exit.
struct ScratchRoot {
  fs::path path = fs::temp_directory_path() / ("grovectl-tests-" + std::to_string(::getpid()));
  ScratchRoot() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchRoot() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

}  // namespace

fs::path scratch_root() {
  static const ScratchRoot root;
  return root.path;
}

CommandResult run_shell(const std::string& command, const std::string& stdin_text) {
  const fs::path dir = scratch_root();
  static int counter = 0;
  std::string id = std::to_string(++counter);
  fs::path in = dir / ("in" + id), out = dir / ("out" + id), err = dir / ("err" + id);
  { std::ofstream(in, std::ios::binary) << stdin_text; }
  std::string full =
      "(" + command + ") <'" + in.string() + "' >'" + out.string() + "' 2>'" + err.string() + "'";
  int status = std::system(full.c_str());
  CommandResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_file(out);
  r.err = read_file(err);
  fs::remove(in);
  fs::remove(out);
  fs::remove(err);
  return r;
}

CommandResult run_grovectl(const std::string& args, const std::string& stdin_text) {
  return run_shell(std::string("NO_COLOR=1 '") + GROVECTL_BINARY + "' " + args, stdin_text);
}

CommandResult run_grovectl_within(int seconds, const std::string& args, const std::string& stdin_text) {
  return run_shell("NO_COLOR=1 timeout " + std::to_string(seconds) + " '" + GROVECTL_BINARY + "' " + args,
                   stdin_text);
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

fs::path source_dir() {
  return fs::path(GROVECTL_SOURCE_DIR);
}
fs::path testdata(const std::string& rel) {
  return source_dir() / "testdata" / rel;
}

std::optional<fs::path> shared_dir() {
  fs::path p = fs::path(GROVECTL_SHARED_DIR);
  if (fs::is_directory(p / "samples") && fs::is_directory(p / "schemas")) return fs::canonical(p);
  return std::nullopt;
}

bool have(const std::string& program) {
  return run_shell("command -v " + program).exit_code == 0;
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<fs::path> yaml_files_under(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const fs::path ext = e.path().extension();
    if (e.is_regular_file() && (ext == ".yaml" || ext == ".yml")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

fs::path scratch_dir(const std::string& name) {
  const fs::path dir = scratch_root() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<Json> parse_yaml_docs(const std::string& text) {
  Diagnostics diags;
  auto docs = load_text(text, "test", diags);
  INFO(text);
  for (const auto& d : diags.items()) INFO(format_diagnostic(d));
  REQUIRE_FALSE(diags.has_errors());
  std::vector<Json> out;
  for (auto& d : docs) out.push_back(d.value);
  return out;
}

size_t count_occurrences(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + needle.size()))
    ++n;
  return n;
}

}  // namespace grovectl::test
