// sarif: SARIF 2.1.0 (OASIS, https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html), the format
// GitHub code scanning uploads. One run: a result per finding, located at its file (relative to the
// checkout, where alerts attach) and line and column; one reportingDescriptor per rule id met, with its
// group's help text and link (validate/rule_groups.hpp); ignored findings as suppressed results (§3.35);
// the run's own failures (no gang source) as error notifications of the invocation, which then did not
// succeed (§3.20.14, §3.20.21); skipped files as note notifications at the file. Results are written as
// documents are checked, the rules after them, once all are known.
#include <fmt/format.h>

#include <map>

#include "validate/report/writers.hpp"
#include "validate/rule_groups.hpp"

namespace grovectl {
namespace {

// RFC 3986: the bytes a relative reference may hold as they are (unreserved, sub-delims, ':', '@', '/').
bool uri_safe(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("-._~!$&'()*+,;=:@/").find(static_cast<char>(c)) != std::string_view::npos;
}

std::string uri_of(const std::string& path) {
  std::string out = path.starts_with("/") ? "file://" : "";
  for (unsigned char c : path)
    out += uri_safe(c) ? std::string(1, static_cast<char>(c)) : fmt::format("%{:02X}", c);
  return out;
}

const char* level_of(Severity s) {
  return s == Severity::kError ? "error" : "warning";
}

class SarifWriter : public ReportWriter {
 public:
  explicit SarifWriter(std::ostream& out) : out_(out) {}

  void begin(const ReportHeader& header, const std::vector<InputReport>& inputs,
             const std::vector<SkippedFile>& skipped_files) override {
    header_ = header;
    out_
        << "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
           "  \"runs\": [\n    {\n      \"results\": [";
    for (const auto& in : inputs) {
      if (!in.file.empty()) {
        write(in.findings, in.ignored);
        continue;
      }
      for (const auto& d : in.findings) {
        Json n = {{"level", level_of(d.severity)},
                  {"message", {{"text", message_with_field(d)}}},
                  {"descriptor", {{"id", d.rule}}}};
        if (d.severity == Severity::kError) run_failed_ = true;
        notifications_.push_back(std::move(n));
      }
    }
    for (const auto& f : skipped_files) {
      notifications_.push_back({{"level", "note"},
                                {"message", {{"text", "skipped: " + f.reason}}},
                                {"locations", Json::array({location(f.file, 0, 0)})},
                                {"descriptor", {{"id", "input/skipped-file"}}}});
    }
  }

  void document(const DocumentReport& doc) override { write(doc.findings, doc.ignored); }

  void end(const ReportSummary& s) override {
    out_ << (results_ == 0 ? "]" : "\n      ]");
    Json rules = Json::array();
    for (const auto& r : rules_) rules.push_back(r);
    const Json tool = {{"driver",
                        {{"name", "grovectl"},
                         {"version", header_.tool_version},
                         {"informationUri", "https://github.com/grovectl/grovectl"},
                         {"rules", rules}}}};
    Json invocation = {{"executionSuccessful", !run_failed_}};
    if (!notifications_.empty()) invocation["toolExecutionNotifications"] = notifications_;
    const Json properties = {{"kubernetesVersion", header_.kube_version},
                             {"backend", header_.backend.empty() ? Json() : Json(header_.backend)},
                             {"summary",
                              {{"documents", s.documents},
                               {"files", s.files},
                               {"valid", s.valid},
                               {"invalid", s.invalid},
                               {"skipped", s.skipped},
                               {"inputErrors", s.input_errors},
                               {"errors", s.errors},
                               {"warnings", s.warnings},
                               {"ignored", s.ignored},
                               {"skippedFiles", s.skipped_file_count()}}}};
    out_ << ",\n      \"tool\": " << json_nested(tool, 3)
         << ",\n      \"invocations\": " << json_nested(Json::array({invocation}), 3)
         << ",\n      \"properties\": " << json_nested(properties, 3) << "\n    }\n  ]\n}\n";
  }

 private:
  // The physical location of a file (and region, when the line is known), relative to the checkout.
  // Standard input without --stdin-filename has none.
  Json location(const std::string& file, int line, int column) const {
    const std::string path = path_in_workspace(file, header_);
    Json physical = {{"artifactLocation", {{"uri", uri_of(path)}}}};
    if (line > 0) {
      Json region = {{"startLine", line}};
      if (column > 0) region["startColumn"] = column;
      physical["region"] = region;
    }
    return {{"physicalLocation", physical}};
  }

  size_t rule_index(const Diagnostic& d) {
    auto [it, added] = rule_indexes_.try_emplace(d.rule, rules_.size());
    if (added) {
      const RuleGroup* group = rule_group_of(d.rule);
      const std::string help = group ? group->help : "A finding of grovectl validate.";
      rules_.push_back(
          {{"id", d.rule},
           {"name", d.rule},
           {"shortDescription", {{"text", d.rule}}},
           {"fullDescription", {{"text", help}}},
           {"help", {{"text", fmt::format("{} See {}", help, rule_help_uri(d.rule))}}},
           {"helpUri", rule_help_uri(d.rule)},
           {"defaultConfiguration", {{"level", level_of(d.severity)}}},
           {"properties", {{"tags", Json::array({"kubernetes", group ? group->name : "grovectl"})}}}});
    }
    return it->second;
  }

  Json result(const Diagnostic& d) {
    Json r = {{"ruleId", d.rule}, {"ruleIndex", rule_index(d)}, {"level", level_of(d.severity)}};
    const bool located = !path_in_workspace(d.location.file, header_).empty();
    const std::string place =
        !located && !d.location.file.empty()
            ? format_location({"standard input", d.location.line, d.location.column}) + ": "
            : "";
    r["message"] = {{"text", place + message_with_field(d)}};
    if (located)
      r["locations"] = Json::array({location(d.location.file, d.location.line, d.location.column)});
    return r;
  }

  void write(const std::vector<Diagnostic>& findings, const std::vector<IgnoredFinding>& ignored) {
    for (const auto& d : findings) emit(result(d));
    for (const auto& i : ignored) {
      Json r = result(i.finding);
      // In the object itself (its annotation), or outside it (flags, .grovectl.yaml).
      const bool in_source = i.reason.starts_with(kIgnoreAnnotation);
      r["suppressions"] =
          Json::array({{{"kind", in_source ? "inSource" : "external"}, {"justification", i.reason}}});
      emit(std::move(r));
    }
  }

  void emit(const Json& r) { out_ << (results_++ == 0 ? "\n        " : ",\n        ") << json_nested(r, 4); }

  std::ostream& out_;
  ReportHeader header_;
  size_t results_ = 0;
  std::map<std::string, size_t> rule_indexes_;
  std::vector<Json> rules_;
  Json notifications_ = Json::array();
  bool run_failed_ = false;
};

}  // namespace

std::unique_ptr<ReportWriter> make_sarif_writer(std::ostream& out) {
  return std::make_unique<SarifWriter>(out);
}

}  // namespace grovectl
