#pragma once
// The render pipeline: documents -> typed inputs -> defaults -> gangs -> objects.
// validate and diff call the same stages.
#include <functional>
#include <map>
#include <string>
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
// capability checks and returns the objects in creation order for the selected --include
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
                           const std::function<void(Json&&)>& sink,
                           const RenderLimits& limits = RenderLimits::command());

// What RenderSession::render_clean_batch does with the objects it renders. Its sources render in waves: for
// each wave, `begin_wave` gets the number of its sources (on the calling thread), `keep` each object of the
// wave's source `slot` in order (on the thread that renders that source), and `hand_on` each slot in
// render()'s order (on the calling thread) once the whole wave is rendered. A wave of one source renders
// on the calling thread, and `hand_on` follows each object (so a large source streams); hand_on hands on
// what was kept since it last ran.
struct BatchOutput {
  std::function<void(size_t sources)> begin_wave;
  std::function<void(size_t slot, Json&& object)> keep;
  std::function<void(size_t slot)> hand_on;
};

// The text of one object; called from several threads at once.
using ObjectFormat = std::function<std::string(const Json&)>;

// A BatchOutput of text: each object formatted where it is rendered, the texts handed to `sink` in order.
class TextBatchOutput {
 public:
  TextBatchOutput(ObjectFormat format, std::function<void(std::string&&)> sink);
  TextBatchOutput(const TextBatchOutput&) = delete;  // output() points into it
  BatchOutput output();

 private:
  const ObjectFormat format_;
  const std::function<void(std::string&&)> sink_;
  std::vector<std::vector<std::string>> slots_;
};

// render_documents_each for an input given a part at a time (render's chunks of a long stream): one budget
// for all parts, and finish() says what only the whole can tell: sources over the budget together (one
// refusal with their sum), and the --include kinds no part produced. Each part carries the
// ClusterTopologyBindings and replica overrides its sources read.
class RenderSession {
 public:
  RenderSession(const RenderOptions& options, const TemplateSet& templates,
                const RenderLimits& limits = RenderLimits::command());
  void render(const DocumentRefs& docs, Diagnostics& diags, const std::function<void(Json&&)>& sink);

  // render() for documents that are expected to find nothing (inputs that the checks passed): each gang
  // source goes through the stages on a thread of its own, with every other document of `docs` that
  // serves it, and its objects go to `output` in render()'s order (BatchOutput). False when anything was
  // found (an error or a warning, or sources beyond the budget): the session is then spent, and the caller
  // discards what `output` received and renders the input with render() to report it.
  bool render_clean_batch(const DocumentRefs& docs, const BatchOutput& output);
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
