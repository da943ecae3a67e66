#include "validate/input_checks.hpp"

#include <set>
#include <string>

#include "core/parallel.hpp"
#include "frontend/pcs/defaults.hpp"
#include "frontend/pcs/parse.hpp"
#include "validate/duplicate_objects.hpp"
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

// Layer 2: schemas, metadata and pod templates. Documents are checked in parallel, each into its own
// slot; the slots are merged in input order, so the output does not depend on scheduling.
void check_schemas(std::vector<Checked>& checked, UnknownFieldPolicy unknown_fields, Diagnostics& diags) {
  std::vector<Diagnostics> found(checked.size());
  for_each_index_parallel(checked.size(), [&](size_t i) {
    checked[i].schema_ok = check_input_document(*checked[i].doc, checked[i].kind, unknown_fields, found[i]);
  });
  for (const auto& f : found) diags.append(f);
}

// The companions of the gang sources; layer 3 needs every binding first (TAS is on when one is given).
void read_companions(const std::vector<Checked>& checked, std::vector<ClusterTopologyBinding>& bindings,
                     DocumentRefs& context, Diagnostics& diags) {
  for (const auto& c : checked) {
    if (!c.schema_ok) continue;
    if (c.kind == InputKind::kClusterTopologyBinding) {
      if (auto ctb = parse_quietly<ClusterTopologyBinding>(*c.doc, true, parse_cluster_topology, diags)) {
        check_cluster_topology_binding(*ctb, diags);
        bindings.push_back(std::move(*ctb));
        context.push_back(c.doc);
      }
    }
    if (c.kind == InputKind::kPodClique || c.kind == InputKind::kPodCliqueScalingGroup) {
      if (parse_quietly<ReplicaOverride>(*c.doc, true, parse_replica_override, diags))
        context.push_back(c.doc);
    }
  }
}

}  // namespace

AdmittedInputs check_inputs(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                            const InputCheckSettings& settings, Diagnostics& diags) {
  const std::vector<ClassifiedDocument> classified = classify_documents(docs, diags);
  check_duplicate_objects(classified, options, diags);
  std::vector<Checked> checked;
  for (const auto& c : classified) {
    if (c.kind != InputKind::kUnknown) checked.push_back({c.doc, c.kind});
  }
  check_schemas(checked, settings.unknown_fields, diags);
  AdmittedInputs admitted;
  std::vector<ClusterTopologyBinding> bindings;
  read_companions(checked, bindings, admitted.context, diags);
  GroveCheckContext ctx;
  for (const auto& b : bindings) ctx.bindings.push_back(&b);
  ctx.strict = settings.strict;
  std::vector<Diagnostics> found(checked.size());
  std::vector<char> passed(checked.size(), 0);
  for_each_index_parallel(
      checked.size(), [&](size_t i) { passed[i] = admission_checks(checked[i], ctx, options, found[i]); });
  for (size_t i = 0; i < checked.size(); ++i) {
    diags.append(found[i]);
    if (passed[i]) admitted.sources.push_back(checked[i].doc);
  }
  return admitted;
}

namespace {

// Admission errors that render and diff leave to their own checks. The backend rules of Grove's webhook
// (queues, Volcano topology, schedulerName) are refused by the backend's capability rules at the same
// field (with the webhook's text). Topology rules Grove applies only on CREATE: a live PodCliqueSet may
// still hold a domain its ClusterTopologyBinding lost since (Grove's PodGang tests render one, dropping
// it). The 45-character name rule is leaving Grove (NVIDIA/grove PR #634 checks generated names against
// the 63-character label limit instead), and render refuses names over each backend's real limit.
bool left_to_render(const std::string& rule) {
  static const std::set<std::string> kRules = {
      "grove/kai-queue",          "grove/volcano-queue",     "grove/volcano-topology",
      "grove/scheduler-name",     "grove/topology-disabled", "grove/topology-domain",
      "grove/topology-hierarchy", "grove/topology-name",     "grove/topology-not-found",
      "grove/topology-preferred", "grove/name-length",
  };
  return kRules.count(rule) > 0;
}

}  // namespace

bool inputs_admitted(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                     UnknownFieldPolicy unknown_fields, Diagnostics& diags) {
  Diagnostics found;
  check_inputs(docs, options, InputCheckSettings{.strict = false, .unknown_fields = unknown_fields}, found);
  bool ok = true;
  for (const auto& d : found.items()) {
    if (d.severity != Severity::kError || left_to_render(d.rule)) continue;
    diags.add(d);
    ok = false;
  }
  return ok;
}

}  // namespace grovectl
