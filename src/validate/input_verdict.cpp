#include "validate/input_verdict.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/json_member.hpp"
#include "core/parallel.hpp"
#include "frontend/pcs/defaults.hpp"
#include "frontend/pcs/parse.hpp"
#include "validate/duplicate_documents.hpp"
#include "validate/grove_rules.hpp"
#include "validate/input_rules.hpp"
#include "validate/jobset_rules.hpp"

namespace grovectl {
namespace {

// Parses with the render frontend; its findings duplicate layer 2's, so they are kept only when
// layer 2 found nothing (a value our schema accepts but the frontend cannot read).
template <typename T, typename Parse>
std::optional<T> parse_quietly(const SourceDocument& doc, bool schema_ok, Parse parse, Diagnostics& diags) {
  Diagnostics local;
  auto value = parse(doc, local);
  if (schema_ok) diags.append(local);
  return value;
}

// The backend Grove's operator would use (options first, else the first schedulerName set).
std::optional<Backend> backend_for(const PodCliqueSet& pcs, const RenderOptions& options) {
  if (options.backend) return options.backend;
  for (const auto& c : pcs.cliques) {
    if (!c.scheduler_name.empty()) return parse_backend(c.scheduler_name);
  }
  return Backend::kDefaultScheduler;
}

std::optional<Backend> backend_for_jobset(const Json& v, const RenderOptions& options) {
  if (options.backend) return options.backend;
  const Json* jobs = member_at(v, {"spec", "replicatedJobs"});
  if (!jobs || !jobs->is_array()) return Backend::kDefaultScheduler;
  for (const auto& rj : *jobs) {
    const Json* name = member_at(rj, {"template", "spec", "template", "spec", "schedulerName"});
    if (name && name->is_string() && !name->get<std::string>().empty())
      return parse_backend(name->get<std::string>());
  }
  return Backend::kDefaultScheduler;
}

// Admission errors that are validate's alone: render and diff do not refuse them. Rules the API server and
// Grove's webhook apply only on CREATE do not hold for a live PodCliqueSet, which the operator keeps
// rendering: the CRD's transition rules on packDomain (Grove's PodGang tests render one), nodeName and
// topologySpreadConstraints (operator/internal/webhook/admission/pcs/validation/podcliqueset.go), the MNNVL
// annotation values (operator/internal/mnnvl/webhook.go) and the topology rules of topologyconstraints.go (a
// live PodCliqueSet may still hold a domain its ClusterTopologyBinding lost since; render drops it as the
// operator does). The 45-character name rule is leaving Grove (ai-dynamo/grove PR #634 checks generated names
// against the 63-character label limit instead), and render refuses names over each backend's real limit.
bool validate_alone(const std::string& rule) {
  static const std::set<std::string> kRules = {
      "grove/cel-pack-domain",    "grove/node-name",         "grove/topology-spread",
      "grove/mnnvl-group",        "grove/topology-disabled", "grove/topology-domain",
      "grove/topology-hierarchy", "grove/topology-name",     "grove/topology-not-found",
      "grove/topology-preferred", "grove/name-length",
  };
  return kRules.count(rule) > 0;
}

// Whether render and diff refuse the source on these findings of layer 3.
bool refuses(const Diagnostics& found) {
  for (const auto& d : found.items()) {
    if (d.severity == Severity::kError && !validate_alone(d.rule)) return true;
  }
  return false;
}

// Grove's scheduler-backend rules: validate reports them with the other admission rules. render and diff
// refuse them where they render the source, for the backend they render (backend/grove_admission.hpp), and
// here only when the source is refused before that, so that they report what validate reports.
bool reports_backend_rules(AdmissionRules mode, bool schema_ok, const Diagnostics& found) {
  return mode == AdmissionRules::kReport || !schema_ok || refuses(found);
}

// Layer 3 for one PodCliqueSet or JobSet; true when Grove's or JobSet's admission would let it through
// (and layer 2 found nothing), so layers 4 and 5 may render it.
bool admission_checks(CheckedDocument& c, bool schema_ok, GroveCheckContext ctx, const RenderOptions& options,
                      AdmissionRules mode, Diagnostics& diags) {
  const SourceDocument& doc = *c.classified.doc;
  if (c.classified.kind == InputKind::kPodCliqueSet) {
    auto raw = parse_quietly<PodCliqueSet>(doc, schema_ok, parse_podcliqueset, diags);
    if (!raw) return false;
    PodCliqueSet pcs = apply_grove_defaults(*raw, options.namespace_override.value_or(""));
    ctx.backend = c.backend = backend_for(pcs, options);
    ctx.grove_version = options.grove_version;
    check_podcliqueset(*raw, pcs, ctx, diags);
    if (!pcs.cliques.empty() && reports_backend_rules(mode, schema_ok, diags))
      check_backend_rules(pcs, ctx, diags);
  } else if (c.classified.kind == InputKind::kJobSet) {
    c.backend = backend_for_jobset(doc.value, options);
    check_jobset(doc, diags);
  } else {
    return false;
  }
  return schema_ok && !diags.has_errors();
}

// What render and diff keep of layer 3: its errors, but those left to validate. Its warnings are validate's
// to show. Returns whether the source is admitted.
bool keep_refusals(const Diagnostics& found, bool schema_ok, Diagnostics& diags) {
  for (const auto& d : found.items()) {
    if (d.severity == Severity::kError && !validate_alone(d.rule)) diags.add(d);
  }
  return schema_ok && !refuses(found);
}

// What the layers found in one document, each layer apart: they are merged layer by layer, in input order.
struct DocumentFindings {
  Diagnostics kind;       // layer 1: its kind
  Diagnostics duplicate;  // layer 1: an object defined earlier in the input
  Diagnostics schema;     // layer 2
  Diagnostics admission;  // layer 3
  bool schema_ok = false;
};

// The findings of the companions among `docs` (valid bindings and replica overrides); the survey holds
// what layer 3 and the render need of them.
void check_companions(const std::vector<CheckedDocument>& docs, const std::vector<DocumentFindings>& found,
                      Diagnostics& diags) {
  for (size_t i = 0; i < docs.size(); ++i) {
    const ClassifiedDocument& c = docs[i].classified;
    if (!found[i].schema_ok) continue;
    if (c.kind == InputKind::kClusterTopologyBinding) {
      if (auto ctb = parse_quietly<ClusterTopologyBinding>(*c.doc, true, parse_cluster_topology, diags))
        check_cluster_topology_binding(*ctb, diags);
    }
    if (c.kind == InputKind::kPodClique || c.kind == InputKind::kPodCliqueScalingGroup)
      parse_quietly<ReplicaOverride>(*c.doc, true, parse_replica_override, diags);
  }
}

bool is_read(InputKind kind) {
  return kind != InputKind::kSkipped && kind != InputKind::kUnknown;
}

}  // namespace

DocumentRefs InputVerdict::admitted() const {
  DocumentRefs out;
  for (const auto& d : documents) {
    if (d.admitted) out.push_back(d.classified.doc);
  }
  return out;
}

DocumentRefs InputVerdict::renderable() const {
  DocumentRefs out;
  for (const auto& d : documents) {
    const SourceDocument* doc = d.classified.doc;
    if (d.admitted || std::find(context.begin(), context.end(), doc) != context.end()) out.push_back(doc);
  }
  return out;
}

InputSurvey::InputSurvey(const RenderOptions& options, const InputCheckSettings& settings,
                         SurveyedDocuments lifetime)
    : settings_(settings),
      crds_{options.grove_version, settings.crd_overrides},
      lifetime_(lifetime),
      first_definitions_(options, settings.duplicates) {}

void InputSurvey::add(const SourceDocument& doc) {
  Diagnostics unused;  // check_input_chunk reports them
  const ClassifiedDocument c = classify_documents(DocumentRefs{&doc}, settings_.kinds, unused).front();
  gang_sources_.add(c);
  first_definitions_.add(c, documents_++);
  const bool companion = c.kind == InputKind::kClusterTopologyBinding || c.kind == InputKind::kPodClique ||
                         c.kind == InputKind::kPodCliqueScalingGroup;
  if (!companion || !check_input_document(doc, c.kind, crds_, settings_.unknown_fields, unused)) return;
  std::optional<ClusterTopologyBinding> binding;
  if (c.kind == InputKind::kClusterTopologyBinding) {
    binding = parse_cluster_topology(doc, unused);
    if (!binding) return;
  } else if (!parse_replica_override(doc, unused)) {
    return;
  }
  if (binding) bindings_.push_back(std::move(*binding));
  if (lifetime_ == SurveyedDocuments::kAreDropped) {
    kept_.push_back(doc);
    context_.push_back(&kept_.back());
  } else {
    context_.push_back(&doc);
  }
}

InputVerdict check_inputs(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                          const InputCheckSettings& settings, Diagnostics& diags) {
  InputSurvey survey(options, settings, SurveyedDocuments::kOutliveTheSurvey);
  for (const auto& doc : docs) survey.add(doc);
  return check_input_chunk(docs, 0, survey, options, settings, diags);
}

InputVerdict check_input_chunk(const std::vector<SourceDocument>& docs, size_t first_ordinal,
                               const InputSurvey& survey, const RenderOptions& options,
                               const InputCheckSettings& settings, Diagnostics& diags) {
  InputVerdict verdict;
  verdict.documents.resize(docs.size());
  // Layer 3 sees every binding of the input (the survey's).
  verdict.context = survey.context();
  GroveCheckContext ctx;
  for (const auto& b : survey.bindings()) ctx.bindings.push_back(&b);
  ctx.strict = settings.strict;
  // Layers 1 (kinds, one document per object), 2 (schemas, metadata and pod templates) and 3 (admission),
  // each document on one thread, into its own slots, so the output does not depend on scheduling.
  std::vector<DocumentFindings> found(docs.size());
  auto& checked = verdict.documents;
  const CrdSelection crds{options.grove_version, settings.crd_overrides};
  for_each_index_parallel(docs.size(), [&](size_t i) {
    DocumentFindings& f = found[i];
    CheckedDocument& d = checked[i];
    d.classified = classify_document(docs[i], settings.kinds, f.kind);
    survey.first_definitions().check(d.classified, first_ordinal + i, f.duplicate);
    if (is_read(d.classified.kind))
      f.schema_ok = check_input_document(docs[i], d.classified.kind, crds, settings.unknown_fields, f.schema);
    d.admitted = admission_checks(d, f.schema_ok, ctx, options, settings.admission, f.admission);
  });
  for (const auto& f : found) diags.append(f.kind);
  // Layer 1 also wants at least one gang source in the input: a failure of the whole run, located nowhere.
  if (settings.gang_sources == GangSourceCheck::kWithFirstChunk && first_ordinal == 0 && !docs.empty() &&
      !survey.gang_sources().found())
    survey.gang_sources().report_none(Location{}, diags);
  for (const auto& f : found) diags.append(f.duplicate);
  for (const auto& f : found) diags.append(f.schema);
  check_companions(checked, found, diags);
  for (size_t i = 0; i < checked.size(); ++i) {
    if (settings.admission == AdmissionRules::kReport) {
      diags.append(found[i].admission);
    } else if (is_read(checked[i].classified.kind)) {
      checked[i].admitted = keep_refusals(found[i].admission, found[i].schema_ok, diags);
    }
  }
  return verdict;
}

}  // namespace grovectl
