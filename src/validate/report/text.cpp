// text: every finding in the GNU style, then a kubeconform-like summary line.
#include <fmt/format.h>

#include "validate/report/writers.hpp"

namespace grovectl {
namespace {

class TextWriter : public ReportWriter {
 public:
  explicit TextWriter(std::ostream& out) : out_(out) {}

  void begin(const ReportHeader&, const std::vector<InputReport>& inputs) override {
    for (const auto& in : inputs) write(in.findings);
  }
  void document(const DocumentReport& doc) override { write(doc.findings); }
  void end(const ReportSummary& s) override {
    out_ << fmt::format(
        "Summary: {} document{} found in {} file{} - Valid: {}, Invalid: {}, Skipped: {}, Input errors: {}, "
        "Errors: {}, Warnings: {}\n",
        s.documents, s.documents == 1 ? "" : "s", s.files, s.files == 1 ? "" : "s", s.valid, s.invalid,
        s.skipped, s.input_errors, s.errors, s.warnings);
  }

 private:
  void write(const std::vector<Diagnostic>& findings) {
    for (const auto& d : findings) out_ << format_diagnostic(d) << '\n';
  }
  std::ostream& out_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_text_writer(std::ostream& out) {
  return std::make_unique<TextWriter>(out);
}

}  // namespace grovectl
