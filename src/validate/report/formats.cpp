#include "validate/report/formats.hpp"

#include <sstream>

#include "validate/report/writers.hpp"

namespace grovectl {

std::unique_ptr<ReportWriter> make_report_writer(ReportFormat format, std::ostream& out) {
  switch (format) {
    case ReportFormat::kJson:
      return make_json_writer(out);
    case ReportFormat::kJunit:
      return make_junit_writer(out);
    case ReportFormat::kGithub:
      return make_github_writer(out);
    case ReportFormat::kText:
      break;
  }
  return make_text_writer(out);
}

std::string format_report(const ValidateReport& report, ReportFormat format) {
  std::ostringstream out;
  auto writer = make_report_writer(format, out);
  writer->begin({report.tool_version, report.kube_version, report.backend}, report.inputs);
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

}  // namespace grovectl
