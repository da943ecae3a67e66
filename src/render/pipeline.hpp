#pragma once
// The render pipeline of DESIGN §2: documents -> typed inputs -> defaults -> gangs -> objects.
// validate and diff call the same stages.
#include <functional>
#include <map>
#include <vector>

#include "backend/mapping.hpp"
#include "backend/templates.hpp"
#include "core/budgets.hpp"
#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "frontend/frontend.hpp"
#include "model/gang.hpp"
#include "model/options.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// Parses, defaults and expands every PodCliqueSet and JobSet of `docs`, runs each source's backend
// capability checks (DESIGN §4) and returns the objects in creation order for the selected --include
// kinds. Returns no objects when there are errors; problems go to `diags`.
std::vector<Json> render_documents(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                                   const TemplateSet& templates, Diagnostics& diags);
std::vector<Json> render_documents(const DocumentRefs& docs, const RenderOptions& options,
                                   const TemplateSet& templates, Diagnostics& diags);

// render_documents, streaming each object to `sink`. The caller must discard what it received when
// `diags` has errors afterwards.
void render_documents_each(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                           const TemplateSet& templates, Diagnostics& diags,
                           const std::function<void(Json&&)>& sink);
void render_documents_each(const DocumentRefs& docs, const RenderOptions& options,
                           const TemplateSet& templates, Diagnostics& diags,
                           const std::function<void(Json&&)>& sink);

// render_documents_each for an input given a part at a time (render's chunks of a long stream): one budget
// for all parts, and the --include kinds no part produced said by finish(). Each part carries the
// ClusterTopologyBindings and replica overrides its sources read.
class RenderSession {
 public:
  RenderSession(const RenderOptions& options, const TemplateSet& templates);
  void render(const DocumentRefs& docs, Diagnostics& diags, const std::function<void(Json&&)>& sink);
  void finish(Diagnostics& diags);

 private:
  const RenderOptions& options_;
  const TemplateSet& templates_;
  RenderBudget budget_;
  std::map<IncludeKind, size_t> emitted_;  // objects per kind, for finish()
};

// The gang model of every PodCliqueSet and JobSet of `docs` and the backend each resolves to, without
// checking capabilities or emitting objects (diff's migration plan reasons about gangs).
struct SourceGangs {
  const SourceDocument* doc = nullptr;
  Backend backend = Backend::kDefaultScheduler;
  std::vector<Gang> gangs;
};
std::vector<SourceGangs> expand_gangs(const DocumentRefs& docs, const RenderOptions& options,
                                      Diagnostics& diags);

// The backend for a source: --backend, else the first non-empty pod-template schedulerName, else
// default-scheduler. Reports an unknown schedulerName.
std::optional<Backend> resolve_backend(const RenderOptions& options, const SchedulerNames& asked,
                                       Diagnostics& diags);

}  // namespace grovectl
