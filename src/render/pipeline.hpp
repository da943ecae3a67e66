#pragma once
// The render pipeline of DESIGN §2: documents -> typed inputs -> defaults -> gangs -> objects.
// validate and diff call the same stages.
#include <functional>
#include <vector>

#include "core/diagnostic.hpp"
#include "render/gang.hpp"
#include "render/mapping.hpp"
#include "render/options.hpp"
#include "render/pcs_types.hpp"
#include "render/templates.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// Everything expanded from one PodCliqueSet or JobSet.
struct ExpandedSource {
  const SourceDocument* doc = nullptr;
  bool is_jobset = false;
  Backend backend = Backend::kDefaultScheduler;
  const Mapping* mapping = nullptr;  // nullptr when the backend has no mapping for the options
  std::vector<Gang> gangs;
  Json jobset;  // defaulted JobSet (JobSet inputs only)
};

struct ExpandResult {
  std::vector<ExpandedSource> sources;
  size_t input_documents = 0;
};

// Parses, defaults and expands every PodCliqueSet and JobSet of `docs`. Problems go to `diags`.
ExpandResult expand_inputs(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                           Diagnostics& diags);

// Runs each source's backend capability checks (DESIGN §4).
void check_capabilities(const ExpandResult& expanded, const RenderOptions& options,
                        const TemplateSet& templates, Diagnostics& diags);

// Objects in creation order for the selected --include kinds.
std::vector<Json> emit_objects(const ExpandResult& expanded, const RenderOptions& options,
                               const TemplateSet& templates, Diagnostics& diags);

// emit_objects, handing each object to `sink` as soon as it is built, so a caller that streams them
// (render to stdout) never holds every object at once.
void emit_objects_each(const ExpandResult& expanded, const RenderOptions& options,
                       const TemplateSet& templates, Diagnostics& diags,
                       const std::function<void(Json&&)>& sink);

// expand_inputs + check_capabilities + emit_objects. Returns no objects when there are errors.
std::vector<Json> render_documents(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                                   const TemplateSet& templates, Diagnostics& diags);

// render_documents, streaming each object to `sink`. The caller must discard what it received when
// `diags` has errors afterwards.
void render_documents_each(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                           const TemplateSet& templates, Diagnostics& diags,
                           const std::function<void(Json&&)>& sink);

// The backend for a source: --backend, else the first non-empty pod-template schedulerName, else
// default-scheduler. Reports an unknown schedulerName.
std::optional<Backend> resolve_backend(const RenderOptions& options,
                                       const std::vector<std::string>& scheduler_names, const Location& where,
                                       Diagnostics& diags);

}  // namespace grovectl
