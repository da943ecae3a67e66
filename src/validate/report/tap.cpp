// tap: the Test Anything Protocol, version 13 (testanything.org/tap-version-13-specification.html), as
// kubeconform writes it: one test point per case (the run's own failures, each input whose findings belong to
// no document, each skipped file, each document), "not ok" with the findings in a YAML block, "# SKIP" with
// the reason for what was not checked, the plan last (allowed when the count is not known up front), then the
// summary line of the text format as a comment.
#include <fmt/format.h>

#include "validate/report/writers.hpp"

namespace grovectl {
namespace {

// A YAML double-quoted scalar: JSON's string escapes are valid in one.
std::string quoted(const std::string& s) {
  return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
}

// Descriptions may not hold '#' (it starts a directive) or line breaks.
std::string description(std::string s) {
  for (char& c : s) {
    if (c == '#' || c == '\n' || c == '\r') c = ' ';
  }
  return s;
}

class TapWriter : public ReportWriter {
 public:
  explicit TapWriter(std::ostream& out) : out_(out) {}

  void begin(const ReportHeader&, const std::vector<InputReport>& inputs,
             const std::vector<SkippedFile>& skipped_files) override {
    out_ << "TAP version 13\n";
    for (const auto& in : inputs)
      point(in.file.empty() ? "the run as a whole" : in.file, "", in.findings, in.ignored);
    for (const auto& f : skipped_files) point(f.file, f.reason, {}, {});
  }

  void document(const DocumentReport& d) override {
    std::string what = d.kind.empty() ? "document" : d.kind;
    if (!d.name.empty()) what += "/" + d.name;
    point(fmt::format("{} {}", format_location({d.file, d.line, 0}), what), d.skipped, d.findings, d.ignored);
  }

  void end(const ReportSummary& s) override {
    out_ << "1.." << points_ << "\n";
    out_ << "# " << summary_line(s) << "\n";
  }

 private:
  void point(const std::string& what, const std::string& skipped, const std::vector<Diagnostic>& findings,
             const std::vector<IgnoredFinding>& ignored) {
    bool failed = false;
    for (const auto& d : findings) failed = failed || d.severity == Severity::kError;
    std::string line = fmt::format("{} {} - {}", failed ? "not ok" : "ok", ++points_, description(what));
    if (!failed && !skipped.empty()) line += " # SKIP " + description(skipped);
    out_ << line << "\n";
    if (findings.empty() && ignored.empty()) return;
    out_ << "  ---\n";
    if (!findings.empty()) {
      out_ << "  findings:\n";
      for (const auto& d : findings) out_ << "  - " << quoted(format_diagnostic(d)) << "\n";
    }
    if (!ignored.empty()) {
      out_ << "  ignored:\n";
      for (const auto& i : ignored)
        out_ << "  - " << quoted(fmt::format("{} (ignored: {})", format_diagnostic(i.finding), i.reason))
             << "\n";
    }
    out_ << "  ...\n";
  }

  std::ostream& out_;
  size_t points_ = 0;
};

}  // namespace

std::unique_ptr<ReportWriter> make_tap_writer(std::ostream& out) {
  return std::make_unique<TapWriter>(out);
}

}  // namespace grovectl
