// github: one GitHub Actions workflow command per finding.
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

std::string workflow_command(const Diagnostic& d) {
  std::string props;
  if (!d.location.file.empty()) props += "file=" + escape_property(d.location.file);
  if (d.location.line > 0) props += ",line=" + std::to_string(d.location.line);
  if (d.location.column > 0) props += ",col=" + std::to_string(d.location.column);
  props += std::string(props.empty() ? "" : ",") + "title=" + escape_property(d.rule);
  std::string message = d.field.empty() ? d.message : fmt::format("{} (field: {})", d.message, d.field);
  return fmt::format("::{} {}::{}\n", d.severity == Severity::kError ? "error" : "warning", props,
                     escape_data(message));
}

class GithubWriter : public ReportWriter {
 public:
  explicit GithubWriter(std::ostream& out) : out_(out) {}

  void begin(const ReportHeader&, const std::vector<InputReport>& inputs) override {
    for (const auto& in : inputs) write(in.findings);
  }
  void document(const DocumentReport& doc) override { write(doc.findings); }
  void end(const ReportSummary&) override {}

 private:
  void write(const std::vector<Diagnostic>& findings) {
    for (const auto& d : findings) out_ << workflow_command(d);
  }
  std::ostream& out_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_github_writer(std::ostream& out) {
  return std::make_unique<GithubWriter>(out);
}

}  // namespace grovectl
