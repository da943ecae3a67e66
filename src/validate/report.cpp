#include "validate/report.hpp"

#include <fmt/format.h>

#include "core/json.hpp"

namespace grovectl {
namespace {

const char* severity_name(Severity s) {
  return s == Severity::kError ? "error" : "warning";
}

template <typename F>
void for_each_finding(const ValidateReport& report, F f) {
  for (const auto& in : report.inputs) {
    for (const auto& d : in.findings) f(d);
  }
  for (const auto& doc : report.documents) {
    for (const auto& d : doc.findings) f(d);
  }
}

Json finding_json(const Diagnostic& d) {
  Json j = Json::object();
  j["severity"] = severity_name(d.severity);
  j["rule"] = d.rule;
  j["message"] = d.message;
  j["file"] = d.location.file;
  j["line"] = d.location.line;
  j["column"] = d.location.column;
  j["field"] = d.field;
  return j;
}

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

std::string gh_escape_data(const std::string& s) {
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

std::string gh_escape_property(const std::string& s) {
  std::string out;
  for (char c : gh_escape_data(s)) {
    if (c == ':')
      out += "%3A";
    else if (c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

std::string testcase_name(const DocumentReport& d) {
  std::string what = d.kind.empty() ? "document" : d.kind;
  if (!d.name.empty()) what += "/" + d.name;
  return fmt::format("{} (document {} at line {})", what, d.index + 1, d.line);
}

}  // namespace

std::string format_text(const ValidateReport& report) {
  std::string out;
  for_each_finding(report, [&](const Diagnostic& d) { out += format_diagnostic(d) + "\n"; });
  const ReportSummary s = report.summary();
  out += fmt::format(
      "Summary: {} document{} found in {} file{} - Valid: {}, Invalid: {}, Skipped: {}, Input errors: {}, "
      "Errors: {}, Warnings: {}\n",
      s.documents, s.documents == 1 ? "" : "s", s.files, s.files == 1 ? "" : "s", s.valid, s.invalid,
      s.skipped, s.input_errors, s.errors, s.warnings);
  return out;
}

std::string format_json(const ValidateReport& report) {
  Json out = Json::object();
  out["tool"] = {{"name", "grovectl"}, {"version", report.tool_version}};
  Json docs = Json::array();
  for (const auto& d : report.documents) {
    Json j = Json::object();
    j["file"] = d.file;
    j["index"] = d.index;
    j["line"] = d.line;
    j["kind"] = d.kind;
    j["name"] = d.name;
    j["status"] = d.has_errors() ? "invalid" : d.skipped.empty() ? "valid" : "skipped";
    j["valid"] = !d.has_errors();
    if (!d.skipped.empty()) j["skipReason"] = d.skipped;
    j["backend"] = d.backend.empty() ? Json() : Json(d.backend);
    j["kubernetesVersion"] = report.kube_version;
    j["toolVersion"] = report.tool_version;
    j["findings"] = Json::array();
    for (const auto& f : d.findings) j["findings"].push_back(finding_json(f));
    docs.push_back(j);
  }
  out["documents"] = docs;
  out["inputs"] = Json::array();
  for (const auto& in : report.inputs) {
    Json j = {{"file", in.file}, {"valid", !in.has_errors()}, {"findings", Json::array()}};
    for (const auto& f : in.findings) j["findings"].push_back(finding_json(f));
    out["inputs"].push_back(j);
  }
  const ReportSummary s = report.summary();
  out["summary"] = {{"documents", s.documents},
                    {"files", s.files},
                    {"valid", s.valid},
                    {"invalid", s.invalid},
                    {"skipped", s.skipped},
                    {"inputErrors", s.input_errors},
                    {"errors", s.errors},
                    {"warnings", s.warnings},
                    {"kubernetesVersion", report.kube_version},
                    {"backend", report.backend.empty() ? Json() : Json(report.backend)}};
  // A file name or message with invalid UTF-8 is written with replacement characters, never refused.
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

namespace {

struct JunitCase {
  std::string classname, name, file;
  int line = 0;
  std::string skipped;
  std::vector<Diagnostic> findings;
};

std::vector<JunitCase> junit_cases(const ValidateReport& report) {
  std::vector<JunitCase> cases;
  for (const auto& in : report.inputs) {
    int line = in.findings.empty() ? 0 : in.findings.front().location.line;
    const std::string file = in.file.empty() ? "<inputs>" : in.file;
    cases.push_back({file, in.file.empty() ? "inputs" : "file", in.file, line, "", in.findings});
  }
  for (const auto& d : report.documents)
    cases.push_back({d.file, testcase_name(d), d.file, d.line, d.skipped, d.findings});
  return cases;
}

std::string junit_case(const JunitCase& c) {
  std::string out =
      fmt::format("    <testcase classname=\"{}\" name=\"{}\"", xml_escape(c.classname), xml_escape(c.name));
  if (!c.file.empty()) out += fmt::format(" file=\"{}\"", xml_escape(c.file));
  if (c.line > 0) out += fmt::format(" line=\"{}\"", c.line);
  out += " time=\"0\">";
  std::string errors, warnings;
  for (const auto& f : c.findings)
    (f.severity == Severity::kError ? errors : warnings) += format_diagnostic(f) + "\n";
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

}  // namespace

// Per-case time is written as 0 so that the report is byte-for-byte deterministic (DESIGN §1).
std::string format_junit(const ValidateReport& report) {
  const std::vector<JunitCase> cases = junit_cases(report);
  const ReportSummary s = report.summary();
  const size_t failures = s.invalid + s.input_errors;
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format(
      "<testsuites name=\"grovectl validate\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" "
      "time=\"0\">\n",
      cases.size(), failures, s.skipped);
  out += fmt::format(
      "  <testsuite name=\"grovectl validate\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" "
      "time=\"0\">\n",
      cases.size(), failures, s.skipped);
  out += fmt::format(
      "    <properties>\n      <property name=\"grovectl.version\" value=\"{}\"/>\n"
      "      <property name=\"kubernetes.version\" value=\"{}\"/>\n"
      "      <property name=\"backend\" value=\"{}\"/>\n    </properties>\n",
      xml_escape(report.tool_version), xml_escape(report.kube_version),
      xml_escape(report.backend.empty() ? "from the pod templates" : report.backend));
  for (const auto& c : cases) out += junit_case(c);
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

std::string format_github(const ValidateReport& report) {
  std::string out;
  for_each_finding(report, [&](const Diagnostic& d) {
    std::string props;
    if (!d.location.file.empty()) props += "file=" + gh_escape_property(d.location.file);
    if (d.location.line > 0) props += ",line=" + std::to_string(d.location.line);
    if (d.location.column > 0) props += ",col=" + std::to_string(d.location.column);
    props += std::string(props.empty() ? "" : ",") + "title=" + gh_escape_property(d.rule);
    std::string message = d.field.empty() ? d.message : fmt::format("{} (field: {})", d.message, d.field);
    out += fmt::format("::{} {}::{}\n", severity_name(d.severity), props, gh_escape_data(message));
  });
  return out;
}

}  // namespace grovectl
