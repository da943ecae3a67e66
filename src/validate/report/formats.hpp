#pragma once
// validate's output formats (DESIGN §6): text, json, junit, github. Each is a ReportWriter that writes a
// report as it is found: the findings that belong to no document, each document in input order, then the
// counts. Only what a format must print before its cases (JUnit's counts) is held, in a temporary file.
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "validate/validate.hpp"

namespace grovectl {

struct ReportHeader {
  std::string tool_version;
  std::string kube_version;
  std::string backend;  // --backend, or "" when each source's pods decide
};

class ReportWriter {
 public:
  virtual ~ReportWriter() = default;
  // `inputs`: the findings that belong to no document (a file that cannot be read, a syntax error before
  // its first document).
  virtual void begin(const ReportHeader& header, const std::vector<InputReport>& inputs) = 0;
  virtual void document(const DocumentReport& doc) = 0;
  virtual void end(const ReportSummary& summary) = 0;
};

enum class ReportFormat { kText, kJson, kJunit, kGithub };

// text: GNU "file:line:col: severity: message (field: path) [rule]" lines, then a kubeconform-like summary.
// json: {"tool", "documents": [{file, index, line, kind, name, valid, findings: [...]}], "inputs",
// "summary"}. junit: one <testcase> per input document (plus one per file whose findings belong to no
// document). github: GitHub Actions workflow commands, ::error file=…,line=…,col=…,title=<rule>::<message>
std::unique_ptr<ReportWriter> make_report_writer(ReportFormat format, std::ostream& out);

// A whole report in one format (for a report already collected).
std::string format_report(const ValidateReport& report, ReportFormat format);
std::string format_text(const ValidateReport& report);
std::string format_json(const ValidateReport& report);
std::string format_junit(const ValidateReport& report);
std::string format_github(const ValidateReport& report);

}  // namespace grovectl
