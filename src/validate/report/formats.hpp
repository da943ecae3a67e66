#pragma once
// validate's output formats: text, json, junit, github, sarif and tap. Each is a ReportWriter that writes a
// report as it is found: the failures of the run and the findings that belong to no document, the files
// skipped, each document in input order, then the counts. Only what a format must print before its cases
// (JUnit's counts) is held, in a temporary file. Every format counts the same documents, files, findings
// and ignored findings (ReportSummary).
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "validate/validate.hpp"

namespace grovectl {

struct ReportHeader {
  std::string tool_version;
  std::string kube_version;
  std::string backend;  // --backend, or "" when each source's pods decide
  // github and sarif name files relative to the repository checkout, where annotations and code-scanning
  // alerts attach: GITHUB_WORKSPACE, else the current directory (both absolute; "" leaves paths as read).
  std::string workspace;
  std::string current_directory;
};

class ReportWriter {
 public:
  virtual ~ReportWriter() = default;
  // `inputs`: the findings that belong to no document (a file that cannot be read, a syntax error before
  // its first document).
  virtual void begin(const ReportHeader& header, const std::vector<InputReport>& inputs,
                     const std::vector<SkippedFile>& skipped_files) = 0;
  virtual void document(const DocumentReport& doc) = 0;
  virtual void end(const ReportSummary& summary) = 0;
};

enum class ReportFormat { kText, kJson, kJunit, kGithub, kSarif, kTap };

struct WriterOptions {
  bool verbose = false;  // text: also list skipped documents and files and ignored findings, with reasons
};

// text: GNU "file:line:col: severity: message (field: path) [rule]" lines, then a kubeconform-like summary.
// json: {"tool", "documents": [{file, index, line, kind, name, status, findings, ignored}], "inputs",
// "skippedFiles", "summary"}. junit: one <testcase> per input document, per file whose findings belong to
// no document, per skipped file, and one for the run's own failures. github: GitHub Actions workflow
// commands, ::error file=…,line=…,col=…,title=<rule>::<message>. sarif: SARIF 2.1.0, one reportingDescriptor
// per rule id met, suppressed results for ignored findings, run-level failures and skipped files as
// notifications. tap: TAP version 13, one test point per case, the plan last.
std::unique_ptr<ReportWriter> make_report_writer(ReportFormat format, std::ostream& out,
                                                 const WriterOptions& options = {});
// The name of a format as -o takes it, and back.
std::string format_name(ReportFormat format);
std::optional<ReportFormat> parse_report_format(const std::string& name);

// Several reports of one run (-o text -o sarif=FILE): every call goes to each writer, in order.
std::unique_ptr<ReportWriter> make_fanout_writer(std::vector<std::unique_ptr<ReportWriter>> writers);

// A whole report in one format (for a report already collected).
std::string format_report(const ValidateReport& report, ReportFormat format);
std::string format_text(const ValidateReport& report);
std::string format_json(const ValidateReport& report);
std::string format_junit(const ValidateReport& report);
std::string format_github(const ValidateReport& report);
std::string format_sarif(const ValidateReport& report);
std::string format_tap(const ValidateReport& report);

}  // namespace grovectl
