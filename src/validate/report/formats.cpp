#include "validate/report/formats.hpp"

#include <sstream>
#include <utility>

#include "validate/report/writers.hpp"

namespace grovectl {
namespace {

constexpr std::pair<ReportFormat, const char*> kFormatNames[] = {
    {ReportFormat::kText, "text"},     {ReportFormat::kJson, "json"},   {ReportFormat::kJunit, "junit"},
    {ReportFormat::kGithub, "github"}, {ReportFormat::kSarif, "sarif"}, {ReportFormat::kTap, "tap"},
};

class FanoutWriter : public ReportWriter {
 public:
  explicit FanoutWriter(std::vector<std::unique_ptr<ReportWriter>> writers) : writers_(std::move(writers)) {}
  void begin(const ReportHeader& header, const std::vector<InputReport>& inputs,
             const std::vector<SkippedFile>& skipped_files) override {
    for (auto& w : writers_) w->begin(header, inputs, skipped_files);
  }
  void document(const DocumentReport& doc) override {
    for (auto& w : writers_) w->document(doc);
  }
  void end(const ReportSummary& summary) override {
    for (auto& w : writers_) w->end(summary);
  }

 private:
  std::vector<std::unique_ptr<ReportWriter>> writers_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_report_writer(ReportFormat format, std::ostream& out,
                                                 const WriterOptions& options) {
  switch (format) {
    case ReportFormat::kJson:
      return make_json_writer(out);
    case ReportFormat::kJunit:
      return make_junit_writer(out);
    case ReportFormat::kGithub:
      return make_github_writer(out);
    case ReportFormat::kSarif:
      return make_sarif_writer(out);
    case ReportFormat::kTap:
      return make_tap_writer(out);
    case ReportFormat::kText:
      break;
  }
  return make_text_writer(out, options);
}

std::string format_name(ReportFormat format) {
  for (const auto& [f, name] : kFormatNames) {
    if (f == format) return name;
  }
  return "text";
}

std::optional<ReportFormat> parse_report_format(const std::string& name) {
  for (const auto& [f, n] : kFormatNames) {
    if (name == n) return f;
  }
  return std::nullopt;
}

std::unique_ptr<ReportWriter> make_fanout_writer(std::vector<std::unique_ptr<ReportWriter>> writers) {
  return std::make_unique<FanoutWriter>(std::move(writers));
}

std::string format_report(const ValidateReport& report, ReportFormat format) {
  std::ostringstream out;
  auto writer = make_report_writer(format, out);
  writer->begin({report.tool_version, report.kube_version, report.backend, "", ""}, report.inputs,
                report.skipped_files);
  for (const auto& doc : report.documents) writer->document(doc);
  writer->end(report.summary());
  return out.str();
}

std::string format_text(const ValidateReport& report) {
  return format_report(report, ReportFormat::kText);
}

std::string format_json(const ValidateReport& report) {
  return format_report(report, ReportFormat::kJson);
}

std::string format_junit(const ValidateReport& report) {
  return format_report(report, ReportFormat::kJunit);
}

std::string format_github(const ValidateReport& report) {
  return format_report(report, ReportFormat::kGithub);
}

std::string format_sarif(const ValidateReport& report) {
  return format_report(report, ReportFormat::kSarif);
}

std::string format_tap(const ValidateReport& report) {
  return format_report(report, ReportFormat::kTap);
}

}  // namespace grovectl
