// github: one GitHub Actions workflow command per finding, then the counts as a notice.
#include <fmt/format.h>

#include "validate/report/writers.hpp"

namespace grovectl {
namespace {

std::string escape_data(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else
      out += c;
  }
  return out;
}

std::string escape_property(const std::string& s) {
  std::string out;
  for (char c : escape_data(s)) {
    if (c == ':')
      out += "%3A";
    else if (c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

// An annotation attaches to the file and line it names, relative to the checkout (GITHUB_WORKSPACE); a
// finding on standard input without --stdin-filename has no file there, so it names its place in the message.
std::string workflow_command(const Diagnostic& d, const ReportHeader& header) {
  const std::string file = path_in_workspace(d.location.file, header);
  std::string props, place;
  if (!file.empty()) {
    props += "file=" + escape_property(file);
    if (d.location.line > 0) props += ",line=" + std::to_string(d.location.line);
    if (d.location.column > 0) props += ",col=" + std::to_string(d.location.column);
  } else if (!d.location.file.empty()) {
    place = format_location({"standard input", d.location.line, d.location.column}) + ": ";
  }
  props += std::string(props.empty() ? "" : ",") + "title=" + escape_property(d.rule);
  return fmt::format("::{} {}::{}\n", d.severity == Severity::kError ? "error" : "warning", props,
                     escape_data(place + message_with_field(d)));
}

class GithubWriter : public ReportWriter {
 public:
  explicit GithubWriter(std::ostream& out) : out_(out) {}

  void begin(const ReportHeader& header, const std::vector<InputReport>& inputs,
             const std::vector<SkippedFile>&) override {
    header_ = header;
    for (const auto& in : inputs) write(in.findings);
  }
  void document(const DocumentReport& doc) override { write(doc.findings); }
  // The counts, as a notice on the workflow run (docs.github.com, "Workflow commands": notice).
  void end(const ReportSummary& summary) override {
    out_ << "::notice title=grovectl validate::" << escape_data(summary_line(summary)) << "\n";
  }

 private:
  void write(const std::vector<Diagnostic>& findings) {
    for (const auto& d : findings) out_ << workflow_command(d, header_);
  }
  std::ostream& out_;
  ReportHeader header_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_github_writer(std::ostream& out) {
  return std::make_unique<GithubWriter>(out);
}

}  // namespace grovectl
