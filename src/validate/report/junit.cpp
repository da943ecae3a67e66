// junit: one <testcase> for the run's own failures, one per input whose findings belong to no document, per
// skipped file and per document. The suite's
// counts come first in the file, so the cases are spooled (core/spool.hpp) and copied out after them.
#include <fmt/format.h>

#include "core/spool.hpp"
#include "validate/report/writers.hpp"

namespace grovectl {
namespace {

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 allows no other control characters, not even as references.
        out += (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') ? '?' : c;
    }
  }
  return out;
}

std::string testcase_name(const DocumentReport& d) {
  std::string what = d.kind.empty() ? "document" : d.kind;
  if (!d.name.empty()) what += "/" + d.name;
  return fmt::format("{} (document {} at line {})", what, d.index + 1, d.line);
}

struct JunitCase {
  std::string classname, name, file;
  int line = 0;
  std::string skipped;
  const std::vector<Diagnostic>& findings;
  const std::vector<IgnoredFinding>& ignored;
};

std::string junit_case(const JunitCase& c) {
  std::string out =
      fmt::format("    <testcase classname=\"{}\" name=\"{}\"", xml_escape(c.classname), xml_escape(c.name));
  if (!c.file.empty()) out += fmt::format(" file=\"{}\"", xml_escape(c.file));
  if (c.line > 0) out += fmt::format(" line=\"{}\"", c.line);
  out += " time=\"0\">";
  std::string errors, warnings;
  for (const auto& f : c.findings)
    (f.severity == Severity::kError ? errors : warnings) += format_diagnostic(f) + "\n";
  for (const auto& i : c.ignored)
    warnings += fmt::format("ignored ({}): {}\n", i.reason, format_diagnostic(i.finding));
  std::string body;
  if (!errors.empty()) {
    body += fmt::format("\n      <failure message=\"{}\" type=\"validation\">{}</failure>",
                        xml_escape(errors.substr(0, errors.find('\n'))), xml_escape(errors));
  } else if (!c.skipped.empty()) {
    body += fmt::format("\n      <skipped message=\"{}\"/>", xml_escape(c.skipped));
  }
  if (!warnings.empty()) body += fmt::format("\n      <system-out>{}</system-out>", xml_escape(warnings));
  return out + body + (body.empty() ? "</testcase>\n" : "\n    </testcase>\n");
}

// Per-case time is written as 0 so that the report is byte-for-byte deterministic.
class JunitWriter : public ReportWriter {
 public:
  explicit JunitWriter(std::ostream& out) : out_(out) {}

  void begin(const ReportHeader& header, const std::vector<InputReport>& inputs,
             const std::vector<SkippedFile>& skipped_files) override {
    header_ = header;
    for (const auto& in : inputs) {
      const int line = in.findings.empty() ? 0 : in.findings.front().location.line;
      const std::string file = in.file.empty() ? "<run>" : in.file;
      add({file, in.file.empty() ? "the run as a whole" : "file", in.file, line, "", in.findings,
           in.ignored});
    }
    static const std::vector<Diagnostic> kNoFindings;
    static const std::vector<IgnoredFinding> kNoneIgnored;
    for (const auto& f : skipped_files) {
      add({f.file, "file (" + f.category + ")", f.file, 0, f.reason, kNoFindings, kNoneIgnored});
      ++skipped_files_;
    }
  }

  void document(const DocumentReport& d) override {
    add({d.file, testcase_name(d), d.file, d.line, d.skipped, d.findings, d.ignored});
  }

  void end(const ReportSummary& s) override {
    const size_t failures = s.invalid + s.input_errors;
    out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    const std::string counts = fmt::format(
        "name=\"grovectl validate\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" time=\"0\"",
        cases_, failures, s.skipped + skipped_files_);
    out_ << "<testsuites " << counts << ">\n  <testsuite " << counts << ">\n";
    out_ << fmt::format(
        "    <properties>\n      <property name=\"grovectl.version\" value=\"{}\"/>\n"
        "      <property name=\"kubernetes.version\" value=\"{}\"/>\n"
        "      <property name=\"backend\" value=\"{}\"/>\n"
        "      <property name=\"grovectl.ignored\" value=\"{}\"/>\n    </properties>\n",
        xml_escape(header_.tool_version), xml_escape(header_.kube_version),
        xml_escape(header_.backend.empty() ? "from the pod templates" : header_.backend), s.ignored);
    spool_.copy_to(out_);
    out_ << "  </testsuite>\n</testsuites>\n";
  }

 private:
  void add(const JunitCase& c) {
    ++cases_;
    spool_.write(junit_case(c));
  }
  std::ostream& out_;
  ReportHeader header_;
  Spool spool_;
  size_t cases_ = 0;
  size_t skipped_files_ = 0;
};

}  // namespace

std::unique_ptr<ReportWriter> make_junit_writer(std::ostream& out) {
  return std::make_unique<JunitWriter>(out);
}

}  // namespace grovectl
