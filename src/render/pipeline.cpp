#include "render/pipeline.hpp"

#include <fmt/format.h>

#include <map>

#include "backend/checks.hpp"
#include "core/text_excerpt.hpp"
#include "frontend/frontend.hpp"
#include "render/pod_stubs.hpp"
#include "render/repeated_diagnostics.hpp"

namespace grovectl {
namespace {

using Frontends = std::vector<std::unique_ptr<Frontend>>;
using ObjectSink = std::function<void(Json&&)>;
// How many objects each --include kind contributed (as RenderSession keeps them).
using EmittedCounts = std::map<IncludeKind, size_t>;

// parse: every document goes to the frontend of its kind. The gang sources come back in the order of
// the frontends (every PodCliqueSet, then every JobSet), each kind in input order.
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

std::set<IncludeKind> includes_for(const Source& source, const RenderOptions& options) {
  return options.include.value_or(source.default_includes());
}

// The scheduler mapping, or nullptr when the backend has none for the options. Not having one is an
// error, except when only PodGangs are emitted for a source whose own gang objects they are (a
// PodCliqueSet with `--include podgang`); a mapping is still used when there is one, for the
// annotations a backend puts on the PodGang.
const Mapping* scheduler_mapping(const Source& source, Backend backend, const RenderOptions& options,
                                 Diagnostics& diags) {
  const bool podgangs_only = options.include && *options.include == std::set{IncludeKind::kPodGang} &&
                             source.default_includes().count(IncludeKind::kPodGang);
  Diagnostics unused;
  return find_scheduler_mapping(backend, options, podgangs_only ? unused : diags);
}

// Only what the backend emits or injects is bound by its capability rules; `--include podgang` is not.
bool uses_scheduler_mapping(const std::set<IncludeKind>& include) {
  return include.count(IncludeKind::kScheduler) || include.count(IncludeKind::kPods) ||
         include.count(IncludeKind::kJobSet);
}

// The backend's capability rules (DESIGN §4): once for the source, then per gang, each refusal once.
void check_capabilities(const Source& source, const std::vector<Gang>& gangs, const Mapping* mapping,
                        const MappingContext& ctx, Diagnostics& diags) {
  if (!mapping || !uses_scheduler_mapping(includes_for(source, ctx.options))) return;
  // A PodCliqueSet also without gangs (replicas 0): Grove's webhook checks it regardless (grove.md §10).
  const auto gang_source = gangs.empty() ? source.gang_source() : gangs.front().source;
  const bool checked_without_gangs = gang_source && gang_source->kind == "PodCliqueSet";
  if (gang_source && (!gangs.empty() || checked_without_gangs))
    mapping->check_source(*gang_source, ctx, diags);
  if (gangs.empty()) return;
  RepeatedGangDiagnostics per_gang(source_kind(gangs.front()));
  for (const auto& gang : gangs) {
    Diagnostics gang_diags;
    mapping->check(gang, ctx, gang_diags);
    per_gang.add(gang.name, gang_diags);
  }
  per_gang.report_into(diags);
}

// emit: per gang its PodGang, the backend's objects and pod stubs, then the input with membership.
void emit(const Source& source, const std::vector<Gang>& gangs, const Mapping* mapping,
          const MappingContext& ctx, Diagnostics& diags, const ObjectSink& out, EmittedCounts& emitted) {
  std::set<IncludeKind> include = includes_for(source, ctx.options);
  IncludeKind current = IncludeKind::kPodGang;
  const ObjectSink sink = [&](Json&& o) {
    ++emitted[current];
    out(std::move(o));
  };
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

// One source through the stages of DESIGN §2. Once any error is found nothing more is emitted, but the
// source is still checked so that every error is reported.
// defaults, the backend its pods ask for, and the source's own checks: the backend, or nullopt (reported).
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

std::optional<Backend> prepare(Source& source, const RenderOptions& options, RenderBudget& budget,
                               Diagnostics& diags) {
  if (!source.apply_defaults(options, diags)) return std::nullopt;
  const SchedulerNames asked = source.scheduler_names();
  const std::optional<Backend> backend = resolve_backend(options, asked, diags);
  if (options.backend) warn_backend_differs(asked, *options.backend, diags);
  if (!backend || !source.check(options, budget, diags)) return std::nullopt;
  return backend;
}

void render_source(Source& source, const MappingContext& ctx, RenderBudget& budget, Diagnostics& diags,
                   const ObjectSink& sink, EmittedCounts& emitted) {
  const RenderOptions& options = ctx.options;
  const std::optional<Backend> backend = prepare(source, options, budget, diags);
  if (!backend) return;
  const Mapping* mapping = scheduler_mapping(source, *backend, options, diags);
  const std::vector<Gang> gangs = source.expand(options, *backend, diags);
  check_capabilities(source, gangs, mapping, ctx, diags);
  if (!diags.has_errors()) emit(source, gangs, mapping, ctx, diags, sink, emitted);
}

// --include kinds the user asked for that no input produced, said on stderr (a warning).
void report_empty_includes(const RenderOptions& options, const EmittedCounts& emitted, Diagnostics& diags) {
  if (!options.include || diags.has_errors()) return;
  for (IncludeKind kind : *options.include) {
    if (auto it = emitted.find(kind); it != emitted.end() && it->second > 0) continue;
    std::string why;
    switch (kind) {
      case IncludeKind::kJobSet:
        why = "no input is a JobSet";
        break;
      case IncludeKind::kPodGang:
      case IncludeKind::kScheduler:
        why = "no input has gangs";
        break;
      case IncludeKind::kPods:
        why = "no input has pods";
        break;
    }
    diags.warning("render/include-empty",
                  fmt::format("--include {} selected nothing: {}", include_kind_name(kind), why));
  }
}

}  // namespace

std::optional<Backend> resolve_backend(const RenderOptions& options, const SchedulerNames& asked,
                                       Diagnostics& diags) {
  if (options.backend) return options.backend;
  for (const auto& [name, where, field] : asked.templates) {
    if (name.empty()) continue;
    if (auto b = parse_backend(name)) return b;
    std::string valid;
    for (const auto& n : backend_names()) valid += (valid.empty() ? "" : ", ") + n;
    diags.error(
        "render/unknown-backend",
        fmt::format("schedulerName \"{}\" is not a backend grovectl knows; use --backend with one of: {}",
                    excerpt(name), valid),
        where, field);
    return std::nullopt;
  }
  return Backend::kDefaultScheduler;
}

std::vector<Json> render_documents(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                                   const TemplateSet& templates, Diagnostics& diags) {
  return render_documents(document_refs(docs), options, templates, diags);
}

std::vector<Json> render_documents(const DocumentRefs& docs, const RenderOptions& options,
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

void render_documents_each(const DocumentRefs& docs, const RenderOptions& options,
                           const TemplateSet& templates, Diagnostics& diags,
                           const std::function<void(Json&&)>& sink) {
  RenderSession session(options, templates);
  session.render(docs, diags, sink);
  session.finish(diags);
}

RenderSession::RenderSession(const RenderOptions& options, const TemplateSet& templates)
    : options_(options), templates_(templates) {}

// One source at a time: it is defaulted, expanded, checked and emitted, then dropped with its gangs (and
// a JobSet's defaulted copy), so peak memory holds one source's gang model rather than every source's.
void RenderSession::render(const DocumentRefs& docs, Diagnostics& diags,
                           const std::function<void(Json&&)>& sink) {
  const MappingContext ctx{options_, templates_};
  const Frontends frontends = make_frontends();
  for (auto& source : parse_sources(docs, frontends, diags)) {
    render_source(*source, ctx, budget_, diags, sink, emitted_);
    source.reset();
  }
}

void RenderSession::finish(Diagnostics& diags) {
  report_empty_includes(options_, emitted_, diags);
}

std::vector<SourceGangs> expand_gangs(const DocumentRefs& docs, const RenderOptions& options,
                                      Diagnostics& diags) {
  std::vector<SourceGangs> out;
  const Frontends frontends = make_frontends();
  RenderBudget budget;
  for (auto& source : parse_sources(docs, frontends, diags)) {
    const std::optional<Backend> backend = prepare(*source, options, budget, diags);
    if (!backend) continue;
    out.push_back({&source->document(), *backend, source->expand(options, *backend, diags)});
  }
  return out;
}

}  // namespace grovectl
