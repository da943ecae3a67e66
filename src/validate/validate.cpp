#include "validate/validate.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/parallel.hpp"
#include "frontend/classify.hpp"
#include "render/pipeline.hpp"
#include "validate/input_checks.hpp"

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

ValidateReport file_findings(const std::vector<SourceDocument>& docs, const Diagnostics& diags) {
  ValidateReport report;
  std::set<std::string> files;
  for (const auto& d : docs) {
    DocumentReport r;
    r.file = d.file;
    r.index = d.index;
    r.line = d.locate().line;
    r.kind = document_kind(d.value);
    r.name = metadata_name(d.value);
    report.documents.push_back(r);
    files.insert(d.file);
  }
  // Each finding belongs to the last document of its file that starts at or before its line.
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
      report.unattached.push_back(diag);
      if (!diag.location.file.empty()) files.insert(diag.location.file);
    }
  }
  report.files = files.size();
  return report;
}

}  // namespace

bool DocumentReport::has_errors() const {
  return std::any_of(findings.begin(), findings.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

size_t ValidateReport::error_count() const {
  size_t n = 0;
  auto count = [&](const std::vector<Diagnostic>& v) {
    for (const auto& d : v) n += d.severity == Severity::kError;
  };
  for (const auto& d : documents) count(d.findings);
  count(unattached);
  return n;
}

size_t ValidateReport::warning_count() const {
  size_t n = 0;
  auto count = [&](const std::vector<Diagnostic>& v) {
    for (const auto& d : v) n += d.severity == Severity::kWarning;
  };
  for (const auto& d : documents) count(d.findings);
  count(unattached);
  return n;
}

ValidateReport validate_documents(const std::vector<SourceDocument>& docs, const Diagnostics& load_diags,
                                  const RenderOptions& options, const TemplateSet& templates,
                                  const ValidateSettings& settings) {
  const bool strict = settings.strict;
  Diagnostics diags;
  diags.append(load_diags);
  const AdmittedInputs admitted = check_inputs(
      docs, options, InputCheckSettings{.strict = strict, .unknown_fields = settings.unknown_fields}, diags);
  const DocumentRefs& renderable = admitted.sources;
  const DocumentRefs& context = admitted.context;
  // Layers 4 and 5 run only on inputs that Grove / JobSet would admit.
  // Each document renders on its own; their findings are merged in input order.
  std::vector<Diagnostics> rendered(renderable.size());
  for_each_index_parallel(renderable.size(), [&](size_t i) {
    render_checks(*renderable[i], context, options, templates, rendered[i]);
  });
  for (const auto& found : rendered) diags.append(found);
  if (!strict) return file_findings(docs, diags);
  Diagnostics promoted;  // --strict: every warning is an error
  for (auto d : diags.items()) {
    d.severity = Severity::kError;
    promoted.add(std::move(d));
  }
  return file_findings(docs, promoted);
}

}  // namespace grovectl
