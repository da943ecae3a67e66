// Fuzz target: the command line. The first byte picks a command (render, validate, diff, diff migration
// preview, backends, version, completion); then each pair of bytes picks one of that command's flags
// (read from the command line itself, as shell completion does) and a value: one of its choices, a
// value from a table of numbers and junk, or the next NUL-terminated run of fuzzer bytes. The inputs are
// the small valid PodCliqueSet of testdata/hostile. A run must return a documented exit code
// (docs/exit-codes.md: 0-3, and 4 from diff for an input it cannot use, e.g. --reject-kinds PodCliqueSet)
// within libFuzzer's time and memory limits; standard output and error are discarded.
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/completion/model.hpp"
#include "core/exit_codes.hpp"

using namespace grovectl;

namespace {

const std::vector<std::string> kValues = {"-1",
                                          "0",
                                          "1",
                                          "3",
                                          "10000",
                                          "10001",
                                          "2147483648",
                                          "9223372036854775808",
                                          "18446744073709551615",
                                          "18446744073709551616",
                                          "99999999999999999999999",
                                          "1e3",
                                          "0x10",
                                          "+1",
                                          "abc",
                                          "",
                                          "-",
                                          "--",
                                          "=",
                                          "a=b",
                                          "x=true",
                                          "TopologyAwareWorkloadScheduling=true",
                                          "GangScheduling=false",
                                          "v1.36",
                                          "1.37.2",
                                          "1.99",
                                          "koordinator",
                                          "podgang,pods",
                                          "pods,pods",
                                          ",",
                                          "\xff",
                                          std::string(4096, 'x')};

struct CommandFlags {
  std::string name;
  std::vector<std::string> base;  // what makes the command runnable
  std::vector<CompletionFlag> flags;
  std::vector<std::string> positional_choices;
};

std::vector<CommandFlags> command_table() {
  CLI::App app;
  add_commands(app);
  CompletionCommand root = completion_model(app);
  const std::string valid = std::string(GROVECTL_SOURCE_DIR) + "/testdata/hostile/valid-pcs.yaml";
  std::vector<CommandFlags> out;
  for (const auto& c : root.subcommands) {
    std::vector<std::vector<std::string>> bases = {{c.name}};
    if (c.name == "render" || c.name == "validate") bases = {{c.name, "-f", valid}};
    if (c.name == "diff") bases = {{c.name, "-f", valid, "--live", valid}, {c.name, "-f", valid}};
    for (const auto& base : bases) {
      std::vector<CompletionFlag> flags;
      for (const auto& f : c.flags) {
        const std::string& name = f.names.back();
        // Never stdin, the network, or files outside the test data.
        if (f.kind == ValueKind::kFiles || f.kind == ValueKind::kDirs || f.kind == ValueKind::kContexts ||
            f.exits || name == "--kubectl" || name == "--kubectl-path")
          continue;
        flags.push_back(f);
      }
      out.push_back({c.name, base, flags, c.positional_choices});
    }
  }
  return out;
}

class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  uint8_t next() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::string run() {
    std::string s;
    while (pos_ < size_ && data_[pos_] != 0 && s.size() < 256) s += static_cast<char>(data_[pos_++]);
    if (pos_ < size_) ++pos_;
    return s;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

std::string value_for(const CompletionFlag& flag, Bytes& in) {
  const uint8_t pick = in.next();
  if ((pick & 3) == 0 && !flag.choices.empty()) return flag.choices[(pick >> 2) % flag.choices.size()];
  if ((pick & 3) == 1 && !flag.choices.empty()) {
    return flag.choices[(pick >> 2) % flag.choices.size()] + "," +
           flag.choices[in.next() % flag.choices.size()];
  }
  if ((pick & 3) == 2) return in.run();
  return kValues[(pick >> 2) % kValues.size()];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<CommandFlags> table = command_table();
  static std::ostringstream sink;
  Bytes in(data, size);
  const CommandFlags& command = table[in.next() % table.size()];
  std::vector<std::string> args = {"grovectl"};
  args.insert(args.end(), command.base.begin(), command.base.end());
  if (!command.positional_choices.empty()) {
    const uint8_t p = in.next();
    args.push_back(p < 200 ? command.positional_choices[p % command.positional_choices.size()] : in.run());
  }
  for (int n = 0; n < 4 && !in.empty() && !command.flags.empty(); ++n) {
    const CompletionFlag& flag = command.flags[in.next() % command.flags.size()];
    args.push_back(flag.names.back());
    if (flag.kind != ValueKind::kNone) args.push_back(value_for(flag, in));
  }
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  sink.str("");
  auto* old_out = std::cout.rdbuf(sink.rdbuf());
  auto* old_err = std::cerr.rdbuf(sink.rdbuf());
  const int code = run_cli(static_cast<int>(argv.size()), argv.data());
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  const int highest = command.name == "diff" ? kExitInvalidInput : kExitFailure;
  if (code < kExitOk || code > highest) __builtin_trap();
  return 0;
}
