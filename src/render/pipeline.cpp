#include "render/pipeline.hpp"

#include <fmt/format.h>

#include "render/backend_checks.hpp"
#include "render/inputs.hpp"
#include "render/jobset_frontend.hpp"
#include "render/pcs_defaults.hpp"
#include "render/pcs_expand.hpp"
#include "render/pcs_parse.hpp"
#include "render/pcs_structure.hpp"
#include "render/pod_stubs.hpp"
#include "render/repeated_diagnostics.hpp"

namespace grovectl {
namespace {

// Everything expanded from one PodCliqueSet or JobSet.
struct ExpandedSource {
  const SourceDocument* doc = nullptr;
  bool is_jobset = false;
  Backend backend = Backend::kDefaultScheduler;
  const Mapping* mapping = nullptr;  // nullptr when the backend has no mapping for the options
  std::vector<Gang> gangs;
  Json jobset;  // defaulted JobSet (JobSet inputs only)
};

struct TypedInputs {
  std::vector<std::pair<const SourceDocument*, PodCliqueSet>> podcliquesets;
  std::vector<const SourceDocument*> jobsets;
  std::vector<ClusterTopologyBinding> bindings;
  std::vector<ReplicaOverride> overrides;
};

TypedInputs parse_inputs(const DocumentRefs& docs, const RenderOptions& options, Diagnostics& diags) {
  TypedInputs in;
  for (const auto& c : classify_documents(docs, diags)) {
    switch (c.kind) {
      case InputKind::kPodCliqueSet:
        if (auto pcs = parse_podcliqueset(*c.doc, diags))
          in.podcliquesets.emplace_back(c.doc, std::move(*pcs));
        break;
      case InputKind::kJobSet:
        in.jobsets.push_back(c.doc);
        break;
      case InputKind::kClusterTopologyBinding:
        if (auto ctb = parse_cluster_topology(*c.doc, diags)) in.bindings.push_back(std::move(*ctb));
        break;
      case InputKind::kPodCliqueScalingGroup:
      case InputKind::kPodClique:
        if (auto o = parse_replica_override(*c.doc, diags)) in.overrides.push_back(std::move(*o));
        break;
      case InputKind::kUnknown:
        break;
    }
  }
  (void)options;
  return in;
}

bool namespace_matches(const std::string& object_ns, const RenderOptions& options, const Location& where,
                       Diagnostics& diags) {
  if (!options.namespace_override || object_ns.empty() || object_ns == *options.namespace_override)
    return true;
  diags.error("usage/namespace",
              fmt::format("the namespace of the object ({}) does not match --namespace {}", object_ns,
                          *options.namespace_override),
              where, "metadata.namespace");
  return false;
}

// Only `--include podgang` can do without a scheduler mapping (it still uses one when there is one,
// for the annotations a backend puts on the PodGang).
bool needs_scheduler_mapping(const RenderOptions& options) {
  return !(options.include && options.include->size() == 1 && options.include->count(IncludeKind::kPodGang));
}

using SourceSink = std::function<void(ExpandedSource&&)>;

void expand_podcliquesets(const TypedInputs& in, const RenderOptions& options, RenderBudget& budget,
                          Diagnostics& diags, const SourceSink& sink) {
  std::vector<const ClusterTopologyBinding*> bindings;
  for (const auto& b : in.bindings) bindings.push_back(&b);
  std::vector<const ReplicaOverride*> overrides;
  for (const auto& o : in.overrides) overrides.push_back(&o);

  for (const auto& [doc, raw] : in.podcliquesets) {
    if (!namespace_matches(raw.ns, options, doc->locate("/metadata/namespace"), diags)) continue;
    PodCliqueSet pcs = apply_grove_defaults(raw, options.namespace_override.value_or(""));
    std::vector<std::string> scheduler_names;
    for (const auto& c : pcs.cliques) scheduler_names.push_back(c.scheduler_name);
    auto backend = resolve_backend(options, scheduler_names, doc->locate("/spec/template/cliques"), diags);
    if (!backend) continue;
    if (!check_pcs_structure(pcs, overrides, options, budget, diags)) continue;
    if (pcs.replicas == 0) {
      diags.warning("render/zero-replicas",
                    fmt::format("PodCliqueSet {} has spec.replicas 0; it has no gangs", pcs.name),
                    doc->locate("/spec"), "spec.replicas");
    }
    ExpandedSource src;
    src.doc = doc;
    src.backend = *backend;
    Diagnostics unused;
    src.mapping =
        find_scheduler_mapping(*backend, options, needs_scheduler_mapping(options) ? diags : unused);
    PcsExpandInput input{&pcs, backend_name(*backend), select_topology_binding(pcs, bindings, diags),
                         overrides};
    src.gangs = expand_podcliqueset(input);
    sink(std::move(src));
  }
}

void expand_jobsets(const TypedInputs& in, const RenderOptions& options, RenderBudget& budget,
                    Diagnostics& diags, const SourceSink& sink) {
  for (const SourceDocument* doc : in.jobsets) {
    std::vector<std::string> scheduler_names;
    if (const Json* rjs = doc->value.contains("spec") && doc->value["spec"].is_object() &&
                                  doc->value["spec"].contains("replicatedJobs")
                              ? &doc->value["spec"]["replicatedJobs"]
                              : nullptr;
        rjs && rjs->is_array()) {
      for (const auto& rj : *rjs) {
        const Json* name = nullptr;
        try {
          name = &rj.at("template").at("spec").at("template").at("spec").at("schedulerName");
        } catch (const Json::exception&) {
        }
        scheduler_names.push_back(name && name->is_string() ? name->get<std::string>() : "");
      }
    }
    auto backend = resolve_backend(options, scheduler_names, doc->locate("/spec/replicatedJobs"), diags);
    if (!backend) continue;
    JobSetExpansion expansion;
    if (!expand_jobset(*doc, options, *backend, budget, expansion, diags)) continue;
    ExpandedSource src;
    src.doc = doc;
    src.is_jobset = true;
    src.backend = *backend;
    src.mapping = find_scheduler_mapping(*backend, options, diags);
    src.gangs = std::move(expansion.gangs);
    src.jobset = std::move(expansion.defaulted);
    sink(std::move(src));
  }
}

std::set<IncludeKind> includes_for(const ExpandedSource& src, const RenderOptions& options) {
  if (options.include) return *options.include;
  if (src.is_jobset) return {IncludeKind::kScheduler, IncludeKind::kJobSet};
  return {IncludeKind::kPodGang, IncludeKind::kScheduler};
}

// Only what the backend emits or injects is bound by its capability rules; `--include podgang` is not.
bool uses_scheduler_mapping(const std::set<IncludeKind>& include) {
  return include.count(IncludeKind::kScheduler) || include.count(IncludeKind::kPods) ||
         include.count(IncludeKind::kJobSet);
}

void check_source(const ExpandedSource& src, const MappingContext& ctx, Diagnostics& diags) {
  if (!src.mapping || !uses_scheduler_mapping(includes_for(src, ctx.options))) return;
  if (src.gangs.empty()) return;
  const auto& source = src.gangs.front().source;
  if (source) src.mapping->check_source(*source, ctx, diags);
  RepeatedGangDiagnostics per_gang(source_kind(src.gangs.front()));
  for (const auto& gang : src.gangs) {
    Diagnostics gang_diags;
    src.mapping->check(gang, ctx, gang_diags);
    per_gang.add(gang.name, gang_diags);
  }
  per_gang.report_into(diags);
}

void emit_source(const ExpandedSource& src, const MappingContext& ctx, Diagnostics& diags,
                 const std::function<void(Json&&)>& sink) {
  std::set<IncludeKind> include = includes_for(src, ctx.options);
  for (const auto& original : src.gangs) {
    // Copied only when the backend annotates the PodGang: gangs can be large.
    const StringMap extra = src.mapping ? src.mapping->podgang_annotations(original) : StringMap{};
    Gang annotated;
    if (!extra.empty()) {
      annotated = original;
      for (const auto& [k, v] : extra) annotated.annotations[k] = v;
    }
    const Gang& gang = extra.empty() ? original : annotated;
    if (include.count(IncludeKind::kPodGang)) {
      for (auto& o : podgang_mapping().objects(gang, ctx, diags)) sink(std::move(o));
    }
    if (src.mapping && include.count(IncludeKind::kScheduler)) {
      for (auto& o : src.mapping->objects(gang, ctx, diags)) sink(std::move(o));
    }
    if (src.mapping && include.count(IncludeKind::kPods)) {
      for (auto& o : pod_stubs(gang, *src.mapping, ctx)) sink(std::move(o));
    }
  }
  if (src.is_jobset && src.mapping && include.count(IncludeKind::kJobSet)) {
    JobSetExpansion expansion{src.gangs, src.jobset, src.doc};
    sink(inject_jobset_membership(expansion, *src.mapping, ctx, diags));
  }
}

}  // namespace

std::optional<Backend> resolve_backend(const RenderOptions& options,
                                       const std::vector<std::string>& scheduler_names, const Location& where,
                                       Diagnostics& diags) {
  if (options.backend) return options.backend;
  for (const auto& name : scheduler_names) {
    if (name.empty()) continue;
    if (auto b = parse_backend(name)) return b;
    std::string valid;
    for (const auto& n : backend_names()) valid += (valid.empty() ? "" : ", ") + n;
    diags.error(
        "render/unknown-backend",
        fmt::format("schedulerName \"{}\" is not a backend grovectl knows; use --backend with one of: {}",
                    name, valid),
        where, "spec.podSpec.schedulerName");
    return std::nullopt;
  }
  return Backend::kDefaultScheduler;
}

std::vector<Json> render_documents(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                                   const TemplateSet& templates, Diagnostics& diags) {
  std::vector<Json> objects;
  render_documents_each(docs, options, templates, diags, [&](Json&& o) { objects.push_back(std::move(o)); });
  if (diags.has_errors()) return {};
  return objects;
}

void render_documents_each(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                           const TemplateSet& templates, Diagnostics& diags,
                           const std::function<void(Json&&)>& sink) {
  render_documents_each(document_refs(docs), options, templates, diags, sink);
}

// One source at a time: it is expanded, checked and emitted, then its gangs are dropped, so peak
// memory holds one source's gang model rather than every source's. Once any error is found nothing
// more is emitted, but later sources are still expanded and checked so every error is reported.
void render_documents_each(const DocumentRefs& docs, const RenderOptions& options,
                           const TemplateSet& templates, Diagnostics& diags,
                           const std::function<void(Json&&)>& sink) {
  MappingContext ctx{options, templates};
  TypedInputs in = parse_inputs(docs, options, diags);
  auto render_source = [&](ExpandedSource&& src) {
    check_source(src, ctx, diags);
    if (!diags.has_errors()) emit_source(src, ctx, diags, sink);
  };
  RenderBudget budget;
  expand_podcliquesets(in, options, budget, diags, render_source);
  expand_jobsets(in, options, budget, diags, render_source);
}

}  // namespace grovectl
