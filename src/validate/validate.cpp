#include "validate/validate.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/parallel.hpp"
#include "frontend/classify.hpp"
#include "frontend/pcs/defaults.hpp"
#include "frontend/pcs/parse.hpp"
#include "render/pipeline.hpp"
#include "validate/grove_rules.hpp"
#include "validate/input_rules.hpp"
#include "validate/jobset_rules.hpp"

namespace grovectl {
namespace {

struct Checked {
  const SourceDocument* doc;
  InputKind kind;
  bool schema_ok = true;  // no layer-2 errors
};

// The backend Grove's webhook would resolve (options first, else the first schedulerName set).
std::optional<Backend> backend_for(const PodCliqueSet& pcs, const RenderOptions& options) {
  if (options.backend) return options.backend;
  for (const auto& c : pcs.cliques) {
    if (!c.scheduler_name.empty()) return parse_backend(c.scheduler_name);
  }
  return Backend::kDefaultScheduler;
}

// Parses with the render frontend; its findings duplicate layer 2's, so they are kept only when
// layer 2 found nothing (a value our schema accepts but the frontend cannot read).
template <typename T, typename Parse>
std::optional<T> parse_quietly(const SourceDocument& doc, bool schema_ok, Parse parse, Diagnostics& diags) {
  Diagnostics local;
  auto value = parse(doc, local);
  if (schema_ok) diags.append(local);
  return value;
}

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

// Layer 3 for one PodCliqueSet or JobSet; true when Grove's or JobSet's admission would let it through
// (and layer 2 found nothing), so layers 4 and 5 may render it.
bool admission_checks(const Checked& c, GroveCheckContext ctx, const RenderOptions& options,
                      Diagnostics& diags) {
  if (c.kind == InputKind::kPodCliqueSet) {
    auto raw = parse_quietly<PodCliqueSet>(*c.doc, c.schema_ok, parse_podcliqueset, diags);
    if (!raw) return false;
    PodCliqueSet pcs = apply_grove_defaults(*raw, options.namespace_override.value_or(""));
    ctx.backend = backend_for(pcs, options);
    check_podcliqueset(*raw, pcs, ctx, diags);
  } else if (c.kind == InputKind::kJobSet) {
    check_jobset(*c.doc, diags);
  } else {
    return false;
  }
  return c.schema_ok && !diags.has_errors();
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
  // Layer 1: kinds.
  std::vector<Checked> checked;
  for (const auto& c : classify_documents(docs, diags)) {
    if (c.kind != InputKind::kUnknown) checked.push_back({c.doc, c.kind});
  }
  // Layer 2: schemas, metadata and pod templates. Documents are checked in parallel, each into its own
  // slot; the slots are merged in input order, so the output does not depend on scheduling.
  std::vector<Diagnostics> schema_findings(checked.size());
  for_each_index_parallel(checked.size(), [&](size_t i) {
    checked[i].schema_ok =
        check_input_document(*checked[i].doc, checked[i].kind, settings.unknown_fields, schema_findings[i]);
  });
  for (const auto& found : schema_findings) diags.append(found);
  // Layer 3 needs every binding first (TAS is on when one is given).
  std::vector<ClusterTopologyBinding> bindings;
  DocumentRefs context;  // valid bindings and overrides, for layers 4-5
  for (const auto& c : checked) {
    if (c.kind == InputKind::kClusterTopologyBinding && c.schema_ok) {
      if (auto ctb = parse_quietly<ClusterTopologyBinding>(*c.doc, true, parse_cluster_topology, diags)) {
        check_cluster_topology_binding(*ctb, diags);
        bindings.push_back(std::move(*ctb));
        context.push_back(c.doc);
      }
    }
    if ((c.kind == InputKind::kPodClique || c.kind == InputKind::kPodCliqueScalingGroup) && c.schema_ok) {
      if (parse_quietly<ReplicaOverride>(*c.doc, true, parse_replica_override, diags))
        context.push_back(c.doc);
    }
  }
  GroveCheckContext ctx;
  for (const auto& b : bindings) ctx.bindings.push_back(&b);
  ctx.strict = strict;
  std::vector<Diagnostics> admission_findings(checked.size());
  std::vector<char> admitted(checked.size(), 0);
  for_each_index_parallel(checked.size(), [&](size_t i) {
    admitted[i] = admission_checks(checked[i], ctx, options, admission_findings[i]);
  });
  std::vector<const SourceDocument*> renderable;
  for (size_t i = 0; i < checked.size(); ++i) {
    diags.append(admission_findings[i]);
    if (admitted[i]) renderable.push_back(checked[i].doc);
  }
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
