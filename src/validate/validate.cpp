#include "validate/validate.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/parallel.hpp"
#include "frontend/classify.hpp"
#include "render/pipeline.hpp"
#include "validate/input_verdict.hpp"

namespace grovectl {
namespace {

// Layers 4 and 5 for one valid PCS or JobSet, with the inputs it depends on (bindings, overrides).
void render_checks(const SourceDocument& doc, const DocumentRefs& context, const RenderOptions& options,
                   const TemplateSet& templates, Diagnostics& diags) {
  DocumentRefs inputs{&doc};
  inputs.insert(inputs.end(), context.begin(), context.end());
  Diagnostics local;
  render_documents_each(inputs, options, templates, local,
                        [&](Json&& object) { check_rendered_object(object, doc, local); });
  for (auto d : local.items()) {
    if (d.location.file.empty()) d.location = doc.locate();
    diags.add(std::move(d));
  }
}

// The kind as written, or "" when it is missing or not a string (layer 1 reports that).
std::string document_kind(const Json& v) {
  if (!v.is_object()) return "";
  auto it = v.find("kind");
  return it != v.end() && it->is_string() ? it->get<std::string>() : "";
}

std::string metadata_name(const Json& v) {
  if (!v.is_object() || !v.contains("metadata") || !v["metadata"].is_object()) return "";
  const Json& n = v["metadata"].value("name", Json());
  return n.is_string() ? n.get<std::string>() : "";
}

void add_to_input(std::vector<InputReport>& inputs, const Diagnostic& diag) {
  for (auto& in : inputs) {
    if (in.file == diag.location.file) {
      in.findings.push_back(diag);
      return;
    }
  }
  inputs.push_back({diag.location.file, {diag}});
}

// Every document with its findings; a finding belongs to the last document of its file that starts at or
// before its line, else to its input.
ValidateReport file_findings(const std::vector<SourceDocument>& docs, const InputVerdict& verdict,
                             const RenderOptions& options, const Diagnostics& diags) {
  ValidateReport report;
  report.kube_version = options.kube_version.text();
  report.backend = options.backend ? backend_name(*options.backend) : "";
  std::set<std::string> files;
  for (size_t i = 0; i < docs.size(); ++i) {
    const SourceDocument& d = docs[i];
    const CheckedDocument& checked = verdict.documents[i];
    DocumentReport r;
    r.file = d.file;
    r.index = d.index;
    r.line = d.locate().line;
    r.kind = document_kind(d.value);
    r.name = metadata_name(d.value);
    if (checked.classified.kind == InputKind::kSkipped) r.skipped = skip_message(checked.classified);
    if (checked.backend) r.backend = backend_name(*checked.backend);
    report.documents.push_back(r);
    files.insert(d.file);
  }
  std::map<std::string, std::vector<std::pair<int, size_t>>> starts;
  for (size_t i = 0; i < report.documents.size(); ++i) {
    starts[report.documents[i].file].push_back({report.documents[i].line, i});
  }
  for (auto& [file, v] : starts) std::stable_sort(v.begin(), v.end());
  for (const auto& diag : diags.items()) {
    auto f = starts.find(diag.location.file);
    DocumentReport* best = nullptr;
    if (f != starts.end()) {
      auto it = std::upper_bound(f->second.begin(), f->second.end(),
                                 std::make_pair(diag.location.line, report.documents.size()));
      if (it != f->second.begin()) best = &report.documents[std::prev(it)->second];
    }
    if (best) {
      best->findings.push_back(diag);
    } else {
      add_to_input(report.inputs, diag);
      if (!diag.location.file.empty()) files.insert(diag.location.file);
    }
  }
  report.files = files.size();
  return report;
}

bool any_error(const std::vector<Diagnostic>& findings) {
  return std::any_of(findings.begin(), findings.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

size_t count_severity(const ValidateReport& report, Severity severity) {
  size_t n = 0;
  auto count = [&](const std::vector<Diagnostic>& v) {
    for (const auto& d : v) n += d.severity == severity;
  };
  for (const auto& d : report.documents) count(d.findings);
  for (const auto& in : report.inputs) count(in.findings);
  return n;
}

}  // namespace

bool DocumentReport::has_errors() const {
  return any_error(findings);
}

bool InputReport::has_errors() const {
  return any_error(findings);
}

size_t ValidateReport::error_count() const {
  return count_severity(*this, Severity::kError);
}

size_t ValidateReport::warning_count() const {
  return count_severity(*this, Severity::kWarning);
}

bool ValidateReport::has_io_errors() const {
  auto io = [](const std::vector<Diagnostic>& v) {
    return std::any_of(v.begin(), v.end(), [](const Diagnostic& d) {
      return d.severity == Severity::kError && (d.rule == "input/io" || d.rule.starts_with("templates/"));
    });
  };
  return std::any_of(inputs.begin(), inputs.end(), [&](const InputReport& in) { return io(in.findings); }) ||
         std::any_of(documents.begin(), documents.end(),
                     [&](const DocumentReport& d) { return io(d.findings); });
}

ReportSummary ValidateReport::summary() const {
  ReportSummary s;
  s.documents = documents.size();
  s.files = files;
  for (const auto& d : documents) {
    if (d.has_errors())
      ++s.invalid;
    else if (!d.skipped.empty())
      ++s.skipped;
    else
      ++s.valid;
  }
  for (const auto& in : inputs) s.input_errors += in.has_errors();
  s.errors = error_count();
  s.warnings = warning_count();
  return s;
}

ValidateReport validate_documents(const std::vector<SourceDocument>& docs, const Diagnostics& load_diags,
                                  const RenderOptions& options, const TemplateSet& templates,
                                  const ValidateSettings& settings) {
  Diagnostics diags;
  diags.append(load_diags);
  // Layers 1 to 3, shared with render and diff.
  const InputVerdict verdict = check_inputs(docs, options,
                                            {.admission = AdmissionRules::kReport,
                                             .strict = settings.strict,
                                             .unknown_fields = settings.unknown_fields,
                                             .kinds = settings.kinds},
                                            diags);
  // Layers 4 and 5 run only on inputs that Grove / JobSet would admit.
  // Each document renders on its own; their findings are merged in input order.
  const DocumentRefs renderable = verdict.admitted();
  std::vector<Diagnostics> rendered(renderable.size());
  for_each_index_parallel(renderable.size(), [&](size_t i) {
    render_checks(*renderable[i], verdict.context, options, templates, rendered[i]);
  });
  for (const auto& found : rendered) diags.append(found);
  if (settings.strict) {  // every warning is an error
    Diagnostics promoted;
    for (auto d : diags.items()) {
      d.severity = Severity::kError;
      promoted.add(std::move(d));
    }
    diags = std::move(promoted);
  }
  return file_findings(docs, verdict, options, diags);
}

}  // namespace grovectl
