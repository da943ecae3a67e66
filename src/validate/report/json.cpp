// json: one object, {"tool", "documents", "inputs", "skippedFiles", "summary"}, written document by document
// in the layout nlohmann's dump(2) gives the whole object.
#include "core/json.hpp"

#include <string>

#include "validate/report/writers.hpp"

namespace grovectl {
namespace {

Json finding_json(const Diagnostic& d) {
  Json j = Json::object();
  j["severity"] = d.severity == Severity::kError ? "error" : "warning";
  j["rule"] = d.rule;
  j["message"] = d.message;
  j["file"] = d.location.file;
  j["line"] = d.location.line;
  j["column"] = d.location.column;
  j["field"] = d.field;
  return j;
}

Json findings_json(const std::vector<Diagnostic>& findings) {
  Json out = Json::array();
  for (const auto& f : findings) out.push_back(finding_json(f));
  return out;
}

Json ignored_json(const std::vector<IgnoredFinding>& ignored) {
  Json out = Json::array();
  for (const auto& i : ignored) {
    Json j = finding_json(i.finding);
    j["ignoredBy"] = i.reason;
    out.push_back(std::move(j));
  }
  return out;
}

Json document_json(const DocumentReport& d, const ReportHeader& header) {
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
  j["kubernetesVersion"] = header.kube_version;
  j["toolVersion"] = header.tool_version;
  j["findings"] = findings_json(d.findings);
  j["ignored"] = ignored_json(d.ignored);
  return j;
}

class JsonWriter : public ReportWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  void begin(const ReportHeader& header, const std::vector<InputReport>& inputs,
             const std::vector<SkippedFile>& skipped_files) override {
    header_ = header;
    inputs_ = inputs;
    skipped_files_ = skipped_files;
    const Json tool = {{"name", "grovectl"}, {"version", header.tool_version}};
    out_ << "{\n  \"tool\": " << json_nested(tool, 1) << ",\n  \"documents\": [";
  }

  void document(const DocumentReport& doc) override {
    out_ << (documents_++ == 0 ? "\n    " : ",\n    ") << json_nested(document_json(doc, header_), 2);
  }

  void end(const ReportSummary& s) override {
    out_ << (documents_ == 0 ? "]" : "\n  ]");
    Json inputs = Json::array();
    for (const auto& in : inputs_)
      inputs.push_back({{"file", in.file},
                        {"valid", !in.has_errors()},
                        {"findings", findings_json(in.findings)},
                        {"ignored", ignored_json(in.ignored)}});
    Json skipped_files = Json::array();
    for (const auto& f : skipped_files_)
      skipped_files.push_back({{"file", f.file}, {"category", f.category}, {"reason", f.reason}});
    const Json summary = {{"documents", s.documents},
                          {"files", s.files},
                          {"valid", s.valid},
                          {"invalid", s.invalid},
                          {"skipped", s.skipped},
                          {"inputErrors", s.input_errors},
                          {"errors", s.errors},
                          {"warnings", s.warnings},
                          {"ignored", s.ignored},
                          {"skippedFiles", s.skipped_file_count()},
                          {"kubernetesVersion", header_.kube_version},
                          {"backend", header_.backend.empty() ? Json() : Json(header_.backend)}};
    out_ << ",\n  \"inputs\": " << json_nested(inputs, 1)
         << ",\n  \"skippedFiles\": " << json_nested(skipped_files, 1)
         << ",\n  \"summary\": " << json_nested(summary, 1) << "\n}\n";
  }

 private:
  std::ostream& out_;
  ReportHeader header_;
  std::vector<InputReport> inputs_;
  std::vector<SkippedFile> skipped_files_;
  size_t documents_ = 0;
};

}  // namespace

std::unique_ptr<ReportWriter> make_json_writer(std::ostream& out) {
  return std::make_unique<JsonWriter>(out);
}

}  // namespace grovectl
