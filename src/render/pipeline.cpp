#include "render/pipeline.hpp"

#include <fmt/format.h>

#include <map>

#include "core/text_excerpt.hpp"
#include "frontend/frontend.hpp"
#include "render/stages.hpp"

namespace grovectl {
namespace {

using stages::EmittedCounts;
using stages::Frontends;

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
                           const std::function<void(Json&&)>& sink, const RenderLimits& limits) {
  RenderSession session(options, templates, limits);
  session.render(docs, diags, sink);
  session.finish(diags);
}

RenderSession::RenderSession(const RenderOptions& options, const TemplateSet& templates,
                             const RenderLimits& limits)
    : options_(options), templates_(templates), budget_(limits) {}

// Every source is prepared first (defaulted, and its expansion estimated against the budget), so that
// sources over the budget only together are refused before any is expanded; then one source at a time is
// expanded, checked and emitted, and dropped with its gangs, so peak memory holds one source's gang model
// rather than every source's. Each source's findings are reported in that source's turn, as if it had
// been prepared then.
void RenderSession::render(const DocumentRefs& docs, Diagnostics& diags,
                           const std::function<void(Json&&)>& sink) {
  const MappingContext ctx{options_, templates_};
  const Frontends frontends = make_frontends();
  std::vector<std::unique_ptr<Source>> sources = stages::parse_sources(docs, frontends, diags);
  std::vector<Diagnostics> prepared_diags(sources.size());
  std::vector<std::optional<Backend>> backends(sources.size());
  for (size_t i = 0; i < sources.size(); ++i)
    backends[i] = stages::prepare(*sources[i], options_, budget_, prepared_diags[i]);
  for (size_t i = 0; i < sources.size(); ++i) {
    diags.append(prepared_diags[i]);
    if (backends[i] && !budget_.over_together())
      stages::render_source(*sources[i], *backends[i], ctx, diags, sink, emitted_);
    sources[i].reset();
  }
}

void RenderSession::finish(Diagnostics& diags) {
  budget_.report_overflow(diags);
  report_empty_includes(options_, emitted_, diags);
}

std::vector<SourceGangs> expand_gangs(const DocumentRefs& docs, const RenderOptions& options,
                                      Diagnostics& diags) {
  std::vector<SourceGangs> out;
  const Frontends frontends = make_frontends();
  RenderBudget budget;
  for (auto& source : stages::parse_sources(docs, frontends, diags)) {
    const std::optional<Backend> backend = stages::prepare(*source, options, budget, diags);
    if (!backend) continue;
    out.push_back({&source->document(), *backend, source->expand(options, *backend, diags)});
  }
  return out;
}

}  // namespace grovectl
