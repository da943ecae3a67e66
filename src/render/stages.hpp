#pragma once
// The stages of the render pipeline for one gang source, shared by the sequential render (pipeline.cpp) and
// the render of a batch of sources side by side (batch.cpp).
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "backend/mapping.hpp"
#include "core/budgets.hpp"
#include "core/diagnostic.hpp"
#include "frontend/frontend.hpp"
#include "model/gang.hpp"
#include "model/options.hpp"

namespace grovectl::stages {

using Frontends = std::vector<std::unique_ptr<Frontend>>;
using ObjectSink = std::function<void(Json&&)>;
// How many objects each --include kind contributed (as RenderSession keeps them).
using EmittedCounts = std::map<IncludeKind, size_t>;

// parse: every document goes to the frontend of its kind. The gang sources come back in the order of
// the frontends (every PodCliqueSet, then every JobSet), each kind in input order.
std::vector<std::unique_ptr<Source>> parse_sources(const DocumentRefs& docs, const Frontends& frontends,
                                                   Diagnostics& diags);

// defaults, the backend its pods ask for, and the source's own checks (its expansion's estimate taken from
// `budget`): the backend, or nullopt (reported).
std::optional<Backend> prepare(Source& source, const RenderOptions& options, RenderBudget& budget,
                               Diagnostics& diags);

// The scheduler mapping, or nullptr when the backend has none for the options. Not having one is an
// error, except when only PodGangs are emitted for a source whose own gang objects they are (a
// PodCliqueSet with `--include podgang`); a mapping is still used when there is one, for the
// annotations a backend puts on the PodGang.
const Mapping* scheduler_mapping(const Source& source, Backend backend, const RenderOptions& options,
                                 Diagnostics& diags);

// Grove's admission rules of `backend` (backend/grove_admission.hpp), once for the source, then the
// mapping's capability rules per gang, each refusal once.
void check_capabilities(const Source& source, const std::vector<Gang>& gangs, Backend backend,
                        const Mapping* mapping, const MappingContext& ctx, Diagnostics& diags);

// emit: per gang its PodGang, the backend's objects and pod stubs, then the input with membership.
void emit(const Source& source, const std::vector<Gang>& gangs, const Mapping* mapping,
          const MappingContext& ctx, Diagnostics& diags, const ObjectSink& out, EmittedCounts& emitted);

// A prepared source through the stages after prepare(): its mapping, expand, the capability checks and
// emit. Once any error is found nothing more is emitted, but the source is still checked so that every
// error is reported.
void render_source(Source& source, Backend backend, const MappingContext& ctx, Diagnostics& diags,
                   const ObjectSink& sink, EmittedCounts& emitted);

}  // namespace grovectl::stages
