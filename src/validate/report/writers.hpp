#pragma once
// One ReportWriter per format (formats.hpp picks one), and what several formats share.
#include <memory>
#include <ostream>
#include <string>

#include "core/json.hpp"
#include "validate/report/formats.hpp"

namespace grovectl {

std::unique_ptr<ReportWriter> make_text_writer(std::ostream& out, const WriterOptions& options);
std::unique_ptr<ReportWriter> make_json_writer(std::ostream& out);
std::unique_ptr<ReportWriter> make_junit_writer(std::ostream& out);
std::unique_ptr<ReportWriter> make_github_writer(std::ostream& out);
std::unique_ptr<ReportWriter> make_sarif_writer(std::ostream& out);
std::unique_ptr<ReportWriter> make_tap_writer(std::ostream& out);

// A file as a pull request names it: relative to header.workspace when it is inside it (an absolute path,
// or a relative one read from header.current_directory); "" for standard input ("-"), which has no place
// in the repository. Other paths are returned as they are.
std::string path_in_workspace(const std::string& file, const ReportHeader& header);

// The kubeconform-like counts line of the text format (tap repeats it as a comment).
std::string summary_line(const ReportSummary& summary);
// "Files skipped: 16 (15 Helm chart templates, 1 empty file)" or "Files skipped: 0".
std::string skipped_files_summary(const ReportSummary& summary);

// `value` as dump(2) writes it `depth` levels deep, so a report can be written a part at a time in the
// layout dump(2) gives the whole. A file name or message with invalid UTF-8 is written with replacement
// characters, never refused. JSON text holds no raw newline, so every newline is a line break of the layout.
std::string json_nested(const Json& value, int depth);

// The message of a finding with its field path, as annotations and results show it.
std::string message_with_field(const Diagnostic& d);

}  // namespace grovectl
