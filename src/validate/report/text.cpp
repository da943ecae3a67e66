// text: every finding in the GNU style, then a kubeconform-like summary line. With -v, also every skipped
// file and document and every ignored finding, each with its reason.
#include <fmt/format.h>

#include "validate/report/writers.hpp"

namespace grovectl {
namespace {

class TextWriter : public ReportWriter {
 public:
  TextWriter(std::ostream& out, const WriterOptions& options) : out_(out), verbose_(options.verbose) {}

  void begin(const ReportHeader&, const std::vector<InputReport>& inputs,
             const std::vector<SkippedFile>& skipped_files) override {
    if (verbose_) {
      for (const auto& f : skipped_files) out_ << fmt::format("{}: skipped: {}\n", f.file, f.reason);
    }
    for (const auto& in : inputs) write(in.findings, in.ignored);
  }
  void document(const DocumentReport& doc) override {
    if (verbose_ && !doc.skipped.empty())
      out_ << fmt::format("{}: skipped: {}\n", format_location({doc.file, doc.line, 0}), doc.skipped);
    write(doc.findings, doc.ignored);
  }
  void end(const ReportSummary& s) override { out_ << summary_line(s) << "\n"; }

 private:
  void write(const std::vector<Diagnostic>& findings, const std::vector<IgnoredFinding>& ignored) {
    for (const auto& d : findings) out_ << format_diagnostic(d) << '\n';
    if (!verbose_) return;
    for (const auto& i : ignored) {
      const std::string where = format_location(i.finding.location);
      out_ << fmt::format("{}ignored ({}): {}\n", where.empty() ? "" : where + ": ", i.reason,
                          format_diagnostic(Diagnostic{
                              i.finding.severity, i.finding.rule, i.finding.message, {}, i.finding.field}));
    }
  }
  std::ostream& out_;
  const bool verbose_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_text_writer(std::ostream& out, const WriterOptions& options) {
  return std::make_unique<TextWriter>(out, options);
}

}  // namespace grovectl
