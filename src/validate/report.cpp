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
  for (const auto& d : report.unattached) f(d);
  for (const auto& doc : report.documents) {
    for (const auto& d : doc.findings) f(d);
  }
}

size_t invalid_documents(const ValidateReport& report) {
  size_t n = 0;
  for (const auto& d : report.documents) n += d.has_errors();
  return n;
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
        out += c;
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
  size_t invalid = invalid_documents(report);
  out += fmt::format(
      "Summary: {} document{} found in {} file{} - Valid: {}, Invalid: {}, Errors: {}, Warnings: {}\n",
      report.documents.size(), report.documents.size() == 1 ? "" : "s", report.files,
      report.files == 1 ? "" : "s", report.documents.size() - invalid, invalid, report.error_count(),
      report.warning_count());
  return out;
}

std::string format_json(const ValidateReport& report) {
  Json out = Json::object();
  Json docs = Json::array();
  for (const auto& d : report.documents) {
    Json j = Json::object();
    j["file"] = d.file;
    j["index"] = d.index;
    j["line"] = d.line;
    j["kind"] = d.kind;
    j["name"] = d.name;
    j["valid"] = !d.has_errors();
    j["findings"] = Json::array();
    for (const auto& f : d.findings) j["findings"].push_back(finding_json(f));
    docs.push_back(j);
  }
  out["documents"] = docs;
  out["unattached"] = Json::array();
  for (const auto& f : report.unattached) out["unattached"].push_back(finding_json(f));
  size_t invalid = invalid_documents(report);
  out["summary"] = {{"documents", report.documents.size()},
                    {"files", report.files},
                    {"valid", report.documents.size() - invalid},
                    {"invalid", invalid},
                    {"errors", report.error_count()},
                    {"warnings", report.warning_count()}};
  // A file name that is not UTF-8 (a Linux path is bytes) is written with U+FFFD, not refused.
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string format_junit(const ValidateReport& report) {
  struct Case {
    std::string classname, name;
    std::vector<Diagnostic> findings;
  };
  std::vector<Case> cases;
  for (const auto& f : report.unattached) {
    std::string file = f.location.file.empty() ? "<inputs>" : f.location.file;
    if (cases.empty() || cases.back().classname != file || !cases.back().name.empty())
      cases.push_back({file, "", {}});
    cases.back().findings.push_back(f);
  }
  for (auto& c : cases) c.name = "file";
  for (const auto& d : report.documents) cases.push_back({d.file, testcase_name(d), d.findings});
  size_t failures = 0;
  for (const auto& c : cases) {
    for (const auto& f : c.findings) {
      if (f.severity == Severity::kError) {
        ++failures;
        break;
      }
    }
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"grovectl validate\" tests=\"{}\" failures=\"{}\">\n", cases.size(),
                     failures);
  out += fmt::format("  <testsuite name=\"grovectl validate\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n",
                     cases.size(), failures);
  for (const auto& c : cases) {
    out += fmt::format("    <testcase classname=\"{}\" name=\"{}\">", xml_escape(c.classname),
                       xml_escape(c.name));
    std::string errors, warnings;
    for (const auto& f : c.findings)
      (f.severity == Severity::kError ? errors : warnings) += format_diagnostic(f) + "\n";
    if (!errors.empty()) {
      size_t first_newline = errors.find('\n');
      out += fmt::format("\n      <failure message=\"{}\" type=\"validation\">{}</failure>",
                         xml_escape(errors.substr(0, first_newline)), xml_escape(errors));
    }
    if (!warnings.empty()) out += fmt::format("\n      <system-out>{}</system-out>", xml_escape(warnings));
    out += (errors.empty() && warnings.empty()) ? "</testcase>\n" : "\n    </testcase>\n";
  }
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
