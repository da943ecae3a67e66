#include "render/stages.hpp"

#include <fmt/format.h>

#include "backend/checks.hpp"
#include "backend/grove_admission.hpp"
#include "core/text_excerpt.hpp"
#include "render/pipeline.hpp"
#include "render/pod_stubs.hpp"
#include "render/repeated_diagnostics.hpp"

namespace grovectl::stages {
namespace {

std::set<IncludeKind> includes_for(const Source& source, const RenderOptions& options) {
  return options.include.value_or(source.default_includes());
}

// Only what the backend emits or injects is bound by its capability rules; `--include podgang` is not.
bool uses_scheduler_mapping(const std::set<IncludeKind>& include) {
  return include.count(IncludeKind::kScheduler) || include.count(IncludeKind::kPods) ||
         include.count(IncludeKind::kJobSet);
}

// --backend names the objects grovectl renders, but pods keep the scheduler their template names: neither
// the Grove operator nor the JobSet controller rewrites schedulerName.
void warn_backend_differs(const SchedulerNames& asked, Backend backend, Diagnostics& diags) {
  for (const auto& [name, where, field] : asked.templates) {
    if (name.empty() || parse_backend(name) == backend) continue;
    diags.warning("render/scheduler-name-differs",
                  fmt::format("--backend {} renders {}'s objects, but this pod template sets schedulerName "
                              "\"{}\": its pods are still scheduled by {}; set schedulerName to {} in the "
                              "template, or leave --backend out",
                              backend_name(backend), backend_name(backend), excerpt(name), excerpt(name),
                              backend_name(backend)),
                  where, field);
  }
}

}  // namespace

std::vector<std::unique_ptr<Source>> parse_sources(const DocumentRefs& docs, const Frontends& frontends,
                                                   Diagnostics& diags) {
  std::vector<std::vector<std::unique_ptr<Source>>> by_frontend(frontends.size());
  // Documents that are not grovectl's were left out by the caller's checks, or come back kSkipped here.
  for (const ClassifiedDocument& c : classify_documents(docs, KindSelection{}, diags)) {
    for (size_t i = 0; i < frontends.size(); ++i) {
      if (!frontends[i]->reads(c.kind)) continue;
      if (auto source = frontends[i]->parse(c, diags)) by_frontend[i].push_back(std::move(source));
    }
  }
  std::vector<std::unique_ptr<Source>> sources;
  for (auto& of_one_kind : by_frontend) {
    for (auto& source : of_one_kind) sources.push_back(std::move(source));
  }
  return sources;
}

const Mapping* scheduler_mapping(const Source& source, Backend backend, const RenderOptions& options,
                                 Diagnostics& diags) {
  const bool podgangs_only = options.include && *options.include == std::set{IncludeKind::kPodGang} &&
                             source.default_includes().count(IncludeKind::kPodGang);
  Diagnostics unused;
  return find_scheduler_mapping(backend, options, podgangs_only ? unused : diags);
}

void check_capabilities(const Source& source, const std::vector<Gang>& gangs, Backend backend,
                        const Mapping* mapping, const MappingContext& ctx, Diagnostics& diags) {
  // Whatever is emitted: Grove's webhook refuses the PodCliqueSet itself, also one without gangs (replicas
  // 0). A JobSet is bound by them only through the objects of the backend.
  const auto gang_source = gangs.empty() ? source.gang_source() : gangs.front().source;
  const bool uses_mapping = mapping && uses_scheduler_mapping(includes_for(source, ctx.options));
  const bool podcliqueset = gang_source && gang_source->kind == "PodCliqueSet";
  if (gang_source && (podcliqueset || (uses_mapping && !gangs.empty())))
    check_grove_admission(backend, *gang_source, diags);
  if (!uses_mapping || gangs.empty()) return;
  RepeatedGangDiagnostics per_gang(source_kind(gangs.front()));
  for (const auto& gang : gangs) {
    Diagnostics gang_diags;
    mapping->check(gang, ctx, gang_diags);
    per_gang.add(gang.name, gang_diags);
  }
  per_gang.report_into(diags);
}

void emit(const Source& source, const std::vector<Gang>& gangs, const Mapping* mapping,
          const MappingContext& ctx, Diagnostics& diags, const ObjectSink& out, EmittedCounts& emitted) {
  std::set<IncludeKind> include = includes_for(source, ctx.options);
  IncludeKind current = IncludeKind::kPodGang;
  const ObjectSink sink = [&](Json&& o) {
    ++emitted[current];
    out(std::move(o));
  };
  // The operator creates a replica's PodGangMap before its PodGangs (ai-dynamo/grove PR #778
  // reconcilespec.go: the PodGangMap component syncs in a group before the PodGang component).
  if (include.count(IncludeKind::kPodGang)) {
    for (const auto& map : source.gang_maps(ctx.options)) {
      for (auto& o : podgang_map_objects(map, ctx)) sink(std::move(o));
    }
  }
  for (const auto& original : gangs) {
    // Copied only when the backend annotates the PodGang: gangs can be large.
    const StringMap extra = mapping ? mapping->podgang_annotations(original) : StringMap{};
    Gang annotated;
    if (!extra.empty()) {
      annotated = original;
      for (const auto& [k, v] : extra) annotated.annotations[k] = v;
    }
    const Gang& gang = extra.empty() ? original : annotated;
    if (include.count(IncludeKind::kPodGang)) {
      current = IncludeKind::kPodGang;
      for (auto& o : podgang_mapping().objects(gang, ctx, diags)) sink(std::move(o));
    }
    if (mapping && include.count(IncludeKind::kScheduler)) {
      current = IncludeKind::kScheduler;
      for (auto& o : mapping->objects(gang, ctx, diags)) sink(std::move(o));
    }
    if (mapping && include.count(IncludeKind::kPods)) {
      current = IncludeKind::kPods;
      for (auto& o : pod_stubs(gang, *mapping, ctx)) sink(std::move(o));
    }
  }
  if (mapping && include.count(IncludeKind::kJobSet)) {
    current = IncludeKind::kJobSet;
    if (auto input = source.inject_membership(gangs, membership_of(*mapping, ctx), diags))
      sink(std::move(*input));
  }
}

std::optional<Backend> prepare(Source& source, const RenderOptions& options, RenderBudget& budget,
                               Diagnostics& diags) {
  if (!source.apply_defaults(options, diags)) return std::nullopt;
  const SchedulerNames asked = source.scheduler_names();
  const std::optional<Backend> backend = resolve_backend(options, asked, diags);
  if (options.backend) warn_backend_differs(asked, *options.backend, diags);
  if (!backend || !source.check(options, budget, diags)) return std::nullopt;
  return backend;
}

void render_source(Source& source, Backend backend, const MappingContext& ctx, Diagnostics& diags,
                   const ObjectSink& sink, EmittedCounts& emitted) {
  const RenderOptions& options = ctx.options;
  const Mapping* mapping = scheduler_mapping(source, backend, options, diags);
  const std::vector<Gang> gangs = source.expand(options, backend, diags);
  check_capabilities(source, gangs, backend, mapping, ctx, diags);
  if (!diags.has_errors()) emit(source, gangs, mapping, ctx, diags, sink, emitted);
}

}  // namespace grovectl::stages
