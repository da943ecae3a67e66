// json: one object, {"tool", "documents", "inputs", "summary"}, written document by document in the
// layout nlohmann's dump(2) gives the whole object.
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
  return j;
}

// `value` as dump(2) writes it `depth` levels deep. A file name or message with invalid UTF-8 is written
// with replacement characters, never refused. JSON text holds no raw newline, so every newline is a
// line break of the layout.
std::string nested(const Json& value, int depth) {
  const std::string text = value.dump(2, ' ', false, Json::error_handler_t::replace);
  const std::string indent(static_cast<size_t>(depth) * 2, ' ');
  std::string out;
  out.reserve(text.size() + indent.size() * 8);
  for (char c : text) {
    out += c;
    if (c == '\n') out += indent;
  }
  return out;
}

class JsonWriter : public ReportWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  void begin(const ReportHeader& header, const std::vector<InputReport>& inputs) override {
    header_ = header;
    inputs_ = inputs;
    const Json tool = {{"name", "grovectl"}, {"version", header.tool_version}};
    out_ << "{\n  \"tool\": " << nested(tool, 1) << ",\n  \"documents\": [";
  }

  void document(const DocumentReport& doc) override {
    out_ << (documents_++ == 0 ? "\n    " : ",\n    ") << nested(document_json(doc, header_), 2);
  }

  void end(const ReportSummary& s) override {
    out_ << (documents_ == 0 ? "]" : "\n  ]");
    Json inputs = Json::array();
    for (const auto& in : inputs_)
      inputs.push_back(
          {{"file", in.file}, {"valid", !in.has_errors()}, {"findings", findings_json(in.findings)}});
    const Json summary = {{"documents", s.documents},
                          {"files", s.files},
                          {"valid", s.valid},
                          {"invalid", s.invalid},
                          {"skipped", s.skipped},
                          {"inputErrors", s.input_errors},
                          {"errors", s.errors},
                          {"warnings", s.warnings},
                          {"kubernetesVersion", header_.kube_version},
                          {"backend", header_.backend.empty() ? Json() : Json(header_.backend)}};
    out_ << ",\n  \"inputs\": " << nested(inputs, 1) << ",\n  \"summary\": " << nested(summary, 1) << "\n}\n";
  }

 private:
  std::ostream& out_;
  ReportHeader header_;
  std::vector<InputReport> inputs_;
  size_t documents_ = 0;
};

}  // namespace

std::unique_ptr<ReportWriter> make_json_writer(std::ostream& out) {
  return std::make_unique<JsonWriter>(out);
}

}  // namespace grovectl
