#include "validate/validate.hpp"

#include <algorithm>
#include <utility>

#include "validate/stream.hpp"

namespace grovectl {
namespace {

bool any_error(const std::vector<Diagnostic>& findings) {
  return std::any_of(findings.begin(), findings.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

// Keeps what a ValidationStream writes, for callers that want the whole report as a value.
class CollectingWriter : public ReportWriter {
 public:
  explicit CollectingWriter(ValidateReport& report) : report_(report) {}
  void begin(const ReportHeader&, const std::vector<InputReport>& inputs,
             const std::vector<SkippedFile>& skipped_files) override {
    report_.inputs = inputs;
    report_.skipped_files = skipped_files;
  }
  void document(const DocumentReport& doc) override { report_.documents.push_back(doc); }
  void end(const ReportSummary& summary) override { report_.files = summary.files; }

 private:
  ValidateReport& report_;
};

}  // namespace

bool DocumentReport::has_errors() const {
  return any_error(findings);
}

bool InputReport::has_errors() const {
  return any_error(findings);
}

size_t ValidateReport::error_count() const {
  return summary().errors;
}

size_t ValidateReport::warning_count() const {
  return summary().warnings;
}

bool ValidateReport::has_io_errors() const {
  auto io = [](const std::vector<Diagnostic>& v) {
    return std::any_of(v.begin(), v.end(), [](const Diagnostic& d) {
      return d.severity == Severity::kError && (d.rule == "input/io" || d.rule.starts_with("templates/"));
    });
  };
  return std::any_of(inputs.begin(), inputs.end(), [&](const InputReport& in) { return io(in.findings); }) ||
         std::any_of(documents.begin(), documents.end(),
                     [&](const DocumentReport& d) { return io(d.findings); });
}

size_t ReportSummary::skipped_file_count() const {
  size_t n = 0;
  for (const auto& [category, count] : skipped_files) n += count;
  return n;
}

ReportSummary ValidateReport::summary() const {
  ReportTally tally;
  for (const auto& in : inputs) tally.add(in);
  for (const auto& f : skipped_files) tally.add(f);
  for (const auto& d : documents) tally.add(d);
  return tally.summary();
}

ValidateReport validate_documents(const std::vector<SourceDocument>& docs, const Diagnostics& load_diags,
                                  const RenderOptions& options, const TemplateSet& templates,
                                  const ValidateSettings& settings) {
  ValidateReport report;
  report.kube_version = options.kube_version.text();
  report.backend = options.backend ? backend_name(*options.backend) : "";
  CollectingWriter writer(report);
  ValidationStream stream(options, templates, settings, writer, ValidationStream::kWholeInput);
  for (const auto& doc : docs) stream.survey(doc);
  stream.begin({}, load_diags.items(), {});
  std::vector<Diagnostic> reader_findings = load_diags.items();
  for (const auto& doc : docs) stream.check(SourceDocument(doc), std::exchange(reader_findings, {}));
  stream.finish(std::move(reader_findings));
  return report;
}

}  // namespace grovectl
