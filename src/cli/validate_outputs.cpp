#include "cli/validate_outputs.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace grovectl {
namespace fs = std::filesystem;

std::optional<std::vector<ReportTarget>> parse_report_targets(const std::vector<std::string>& outputs,
                                                              Diagnostics& diags) {
  std::vector<ReportTarget> targets;
  size_t to_stdout = 0;
  for (const auto& o : outputs) {
    const size_t eq = o.find('=');
    const std::string name = o.substr(0, eq);
    auto format = parse_report_format(name);
    if (!format || (eq != std::string::npos && eq + 1 == o.size())) {
      diags.error("usage/output",
                  fmt::format("-o \"{}\": expected FORMAT or FORMAT=FILE, FORMAT one of text, json, junit, "
                              "github, sarif, tap",
                              o));
      continue;
    }
    targets.push_back({*format, eq == std::string::npos ? "" : o.substr(eq + 1)});
    to_stdout += eq == std::string::npos;
  }
  if (to_stdout > 1)
    diags.error("usage/output",
                "two reports to standard output would interleave: give all but one a file (-o FORMAT=FILE)");
  if (diags.has_errors()) return std::nullopt;
  if (targets.empty()) targets.push_back({ReportFormat::kText, ""});
  return targets;
}

ReportFiles::~ReportFiles() {
  for (auto& f : files_) {
    if (!f) continue;
    f->out.reset();
    if (!f->temporary.empty()) ::unlink(f->temporary.c_str());
  }
}

bool ReportFiles::open(const std::vector<ReportTarget>& targets, Diagnostics& diags) {
  for (const auto& t : targets) {
    if (t.file.empty()) {
      files_.emplace_back();
      continue;
    }
    const fs::path final_name(t.file);
    const fs::path folder = final_name.has_parent_path() ? final_name.parent_path() : fs::path(".");
    std::string name = (folder / ("." + final_name.filename().string() + ".grovectl-XXXXXX")).string();
    const int fd = ::mkstemp(name.data());
    if (fd < 0) {
      diags.error("output/io", fmt::format("cannot write the report: {}", std::strerror(errno)),
                  Location{t.file});
      return false;
    }
    ::fchmod(fd, 0644);  // a report, as the shell's `> FILE` would create it (mkstemp makes it 0600)
    ::close(fd);
    files_.push_back(Open{t.file, name, std::make_unique<std::ofstream>(name, std::ios::binary)});
  }
  return true;
}

std::ostream& ReportFiles::stream(size_t i, std::ostream& standard_output) {
  return files_[i] ? *files_[i]->out : standard_output;
}

bool ReportFiles::commit(Diagnostics& diags) {
  bool ok = true;
  for (auto& f : files_) {
    if (!f) continue;
    f->out->flush();
    const bool written = static_cast<bool>(*f->out);
    f->out.reset();
    std::error_code ec;
    if (written) fs::rename(f->temporary, f->final_name, ec);
    if (!written || ec) {
      diags.error("output/io",
                  fmt::format("cannot write the report: {}", written ? ec.message() : "write failed"),
                  Location{f->final_name});
      ok = false;
      continue;
    }
    f->temporary.clear();
  }
  return ok;
}

}  // namespace grovectl
