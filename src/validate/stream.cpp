#include "validate/stream.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "core/parallel.hpp"
#include "render/pipeline.hpp"

namespace grovectl {
namespace {

// Layers 4 and 5 for one valid PCS or JobSet, with the inputs it depends on (bindings, overrides).
Diagnostics render_checks(const SourceDocument& doc, const DocumentRefs& context,
                          const RenderOptions& options, const TemplateSet& templates) {
  DocumentRefs inputs{&doc};
  inputs.insert(inputs.end(), context.begin(), context.end());
  Diagnostics local;
  render_documents_each(inputs, options, templates, local, [&](Json&& object) {
    check_rendered_object(object, *options.grove_version, doc, local);
  });
  Diagnostics out;
  for (auto d : local.items()) {
    if (d.location.file.empty()) d.location = doc.locate();
    out.add(std::move(d));
  }
  return out;
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

DocumentReport document_report(const SourceDocument& d, const CheckedDocument& checked) {
  DocumentReport r;
  r.file = d.file;
  r.index = d.index;
  r.line = d.locate().line;
  r.kind = document_kind(d.value);
  r.name = metadata_name(d.value);
  if (checked.classified.kind == InputKind::kSkipped) r.skipped = skip_message(checked.classified);
  if (checked.backend) r.backend = backend_name(*checked.backend);
  return r;
}

void add_to_input(std::vector<InputReport>& inputs, const Diagnostic& diag) {
  for (auto& in : inputs) {
    if (in.file == diag.location.file) {
      in.findings.push_back(diag);
      return;
    }
  }
  inputs.push_back({diag.location.file, {diag}, {}});
}

// A finding belongs to the last document of its file that starts at or before its line.
class DocumentStarts {
 public:
  explicit DocumentStarts(const std::vector<DocumentReport>& reports) {
    for (size_t i = 0; i < reports.size(); ++i) starts_[reports[i].file].push_back({reports[i].line, i});
    for (auto& [file, v] : starts_) std::stable_sort(v.begin(), v.end());
  }
  // The index of the document `d` belongs to, or `otherwise`.
  size_t owner(const Diagnostic& d, size_t otherwise) const {
    auto f = starts_.find(d.location.file);
    if (f == starts_.end()) return otherwise;
    auto it = std::upper_bound(f->second.begin(), f->second.end(),
                               std::make_pair(d.location.line, static_cast<size_t>(-1)));
    return it == f->second.begin() ? otherwise : std::prev(it)->second;
  }

 private:
  std::map<std::string, std::vector<std::pair<int, size_t>>> starts_;
};

}  // namespace

void ReportTally::add(const DocumentReport& doc) {
  ++counts_.documents;
  files_.insert(doc.file);
  if (doc.has_errors())
    ++counts_.invalid;
  else if (!doc.skipped.empty())
    ++counts_.skipped;
  else
    ++counts_.valid;
  for (const auto& f : doc.findings) (f.severity == Severity::kError ? counts_.errors : counts_.warnings)++;
  counts_.ignored += doc.ignored.size();
}

void ReportTally::add(const InputReport& input) {
  if (!input.file.empty()) files_.insert(input.file);
  counts_.input_errors += input.has_errors();
  for (const auto& f : input.findings) (f.severity == Severity::kError ? counts_.errors : counts_.warnings)++;
  counts_.ignored += input.ignored.size();
}

void ReportTally::add(const SkippedFile& file) {
  ++counts_.skipped_files[file.category];
}

ReportSummary ReportTally::summary() const {
  ReportSummary s = counts_;
  s.files = files_.size();
  return s;
}

ValidationStream::ValidationStream(const RenderOptions& options, const TemplateSet& templates,
                                   const ValidateSettings& settings, ReportWriter& writer,
                                   size_t documents_per_chunk)
    : options_(options),
      templates_(templates),
      settings_(settings),
      check_settings_{.admission = AdmissionRules::kReport,
                      .strict = settings.strict,
                      .unknown_fields = settings.unknown_fields,
                      .kinds = settings.kinds,
                      .duplicates = settings.duplicates,
                      .gang_sources = GangSourceCheck::kByCaller,
                      .crd_overrides = settings.crd_overrides},
      writer_(writer),
      documents_per_chunk_(std::max<size_t>(documents_per_chunk, 1)),
      survey_(options, check_settings_, SurveyedDocuments::kAreDropped) {}

void ValidationStream::survey(const SourceDocument& doc) {
  survey_.add(doc);
  const int line = doc.locate().line;
  auto [it, inserted] = first_line_.try_emplace(doc.file, line);
  if (!inserted) it->second = std::min(it->second, line);
}

bool ValidationStream::belongs_to_no_document(const Diagnostic& d) const {
  auto it = first_line_.find(d.location.file);
  return it == first_line_.end() || d.location.line < it->second;
}

void ValidationStream::promote_if_strict(std::vector<Diagnostic>& findings) const {
  if (!settings_.strict) return;  // every warning is an error
  for (auto& d : findings) d.severity = Severity::kError;
}

void ValidationStream::note_io_errors(const std::vector<Diagnostic>& findings) {
  for (const auto& d : findings) {
    if (d.severity == Severity::kError && (d.rule == "input/io" || d.rule.starts_with("templates/")))
      io_errors_ = true;
  }
}

void ValidationStream::settle(std::vector<Diagnostic>& findings, std::vector<IgnoredFinding>& ignored,
                              const SourceDocument* document) {
  promote_if_strict(findings);
  set_aside_ignored(settings_.rules, document, findings, ignored);
  note_io_errors(findings);
}

void ValidationStream::begin(const ReportHeader& header, const std::vector<Diagnostic>& reader_findings,
                             const std::vector<SkippedFile>& skipped_files) {
  std::vector<InputReport> inputs;
  // A run without a gang source fails as a whole: the survey knows before any document is checked.
  if (survey_.documents() > 0 && !survey_.gang_sources().found()) {
    Diagnostics run;
    survey_.gang_sources().report_none(Location{}, run);
    for (const auto& d : run.items()) add_to_input(inputs, d);
  }
  for (const auto& d : reader_findings) {
    if (belongs_to_no_document(d)) add_to_input(inputs, d);
  }
  for (auto& in : inputs) {
    settle(in.findings, in.ignored, nullptr);
    tally_.add(in);
  }
  for (const auto& f : skipped_files) tally_.add(f);
  writer_.begin(header, inputs, skipped_files);
}

void ValidationStream::check(SourceDocument&& doc, std::vector<Diagnostic> reader_findings) {
  pending_.insert(pending_.end(), std::make_move_iterator(reader_findings.begin()),
                  std::make_move_iterator(reader_findings.end()));
  if (chunk_.size() >= documents_per_chunk_) {
    // The reader has moved on to `doc`: what it found before `doc` belongs to the chunk.
    const int start = doc.locate().line;
    std::vector<Diagnostic> later, for_chunk;
    for (auto& d : pending_)
      (d.location.file == doc.file && d.location.line >= start ? later : for_chunk).push_back(std::move(d));
    pending_ = std::move(later);
    check_pending_chunk(std::move(for_chunk));
  }
  chunk_.push_back(std::move(doc));
  ++next_ordinal_;
}

ReportSummary ValidationStream::finish(std::vector<Diagnostic> reader_findings) {
  pending_.insert(pending_.end(), std::make_move_iterator(reader_findings.begin()),
                  std::make_move_iterator(reader_findings.end()));
  check_pending_chunk(std::exchange(pending_, {}));
  const ReportSummary summary = tally_.summary();
  writer_.end(summary);
  return summary;
}

void ValidationStream::check_pending_chunk(std::vector<Diagnostic> reader_findings) {
  Chunk chunk{std::exchange(chunk_, {}), chunk_first_ordinal_, std::move(reader_findings)};
  chunk_first_ordinal_ = next_ordinal_;
  if (!chunk.documents.empty()) check_chunk(std::move(chunk));
}

void ValidationStream::check_chunk(Chunk chunk) {
  const std::vector<SourceDocument>& documents = chunk.documents;
  std::vector<Diagnostic>& reader_findings = chunk.reader_findings;
  Diagnostics diags;
  for (auto& d : reader_findings) {
    if (!belongs_to_no_document(d)) diags.add(std::move(d));  // begin() reported the others
  }
  // Layers 1 to 3, shared with render and diff.
  const InputVerdict verdict =
      check_input_chunk(documents, chunk.first_ordinal, survey_, options_, check_settings_, diags);
  // Layers 4 and 5 run only on inputs that Grove / JobSet would admit, each on its own.
  std::vector<size_t> admitted;
  for (size_t i = 0; i < documents.size(); ++i) {
    if (verdict.documents[i].admitted) admitted.push_back(i);
  }
  std::vector<Diagnostics> rendered(admitted.size());
  for_each_index_parallel(admitted.size(), [&](size_t i) {
    rendered[i] = render_checks(documents[admitted[i]], verdict.context, options_, templates_);
  });
  std::vector<DocumentReport> reports;
  for (size_t i = 0; i < documents.size(); ++i)
    reports.push_back(document_report(documents[i], verdict.documents[i]));
  // Layers 1 to 3 and the reader find things where they are written; layers 4 and 5 belong to the document
  // that was rendered, even when they point into a binding or override it was rendered with.
  const DocumentStarts starts(reports);
  for (const auto& d : diags.items()) reports[starts.owner(d, 0)].findings.push_back(d);
  for (size_t i = 0; i < admitted.size(); ++i) {
    auto& findings = reports[admitted[i]].findings;
    findings.insert(findings.end(), rendered[i].items().begin(), rendered[i].items().end());
  }
  for (size_t i = 0; i < reports.size(); ++i) {
    DocumentReport& r = reports[i];
    settle(r.findings, r.ignored, &documents[i]);
    tally_.add(r);
    writer_.document(r);
  }
}

}  // namespace grovectl
