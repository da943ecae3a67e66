// RenderSession::render_clean_batch: the sources of an input (or of a chunk of one) side by side, one thread
// per core.
#include "core/json_release.hpp"
#include "core/parallel.hpp"
#include "render/pipeline.hpp"
#include "render/stages.hpp"

namespace grovectl {
namespace {

// The estimated output text that one wave of a batch may hold before it is handed on in order: the batch
// keeps the memory of a streamed render however large its sources are.
constexpr long double kWaveBytes = 4 << 20;

// One source after parse and prepare, with the frontends it points into (a PodCliqueSet reads the
// context that its frontend holds).
struct PreparedSource {
  stages::Frontends frontends;
  std::unique_ptr<Source> source;
  std::optional<Backend> backend;  // nullopt: not rendered (diags says why)
  RenderBudget budget;             // its own: what its expansion takes, taken again from the session's
  Diagnostics diags;
};

struct RenderedSource {
  stages::EmittedCounts emitted;
  Diagnostics diags;
};

PreparedSource parse_and_prepare(const SourceDocument& doc, const DocumentRefs& context,
                                 const RenderOptions& options) {
  PreparedSource p;
  p.frontends = make_frontends();
  DocumentRefs inputs{&doc};
  inputs.insert(inputs.end(), context.begin(), context.end());
  auto sources = stages::parse_sources(inputs, p.frontends, p.diags);
  if (sources.size() != 1) return p;  // not read as one gang source: render() says why
  p.source = std::move(sources.front());
  p.backend = stages::prepare(*p.source, options, p.budget, p.diags);
  return p;
}

// Renders the source and then frees it, on the thread that rendered it: freeing a source's trees costs
// about a tenth of rendering it, too much to leave to the thread that hands the output on.
RenderedSource expand_and_emit(PreparedSource& p, const MappingContext& ctx, const stages::ObjectSink& keep) {
  RenderedSource r;
  {
    const Mapping* mapping = stages::scheduler_mapping(*p.source, *p.backend, ctx.options, r.diags);
    const std::vector<Gang> gangs = p.source->expand(ctx.options, *p.backend, r.diags);
    stages::check_capabilities(*p.source, gangs, *p.backend, mapping, ctx, r.diags);
    if (r.diags.empty()) stages::emit(*p.source, gangs, mapping, ctx, r.diags, keep, r.emitted);
  }
  p.source.reset();
  p.frontends.clear();
  return r;
}

// Every document prepared without a finding.
bool prepared_cleanly(const std::vector<PreparedSource>& prepared) {
  for (const auto& p : prepared) {
    if (!p.diags.empty() || !p.backend) return false;
  }
  return true;
}

// The gang sources of `docs` in the order render() takes them (every PodCliqueSet, then every JobSet,
// each kind in input order), and the documents that serve them (bindings, replica overrides).
struct BatchInputs {
  DocumentRefs sources;
  DocumentRefs context;
};

BatchInputs sort_inputs(const DocumentRefs& docs) {
  BatchInputs in;
  DocumentRefs jobsets;
  Diagnostics unused;  // the caller's checks reported what classifying finds
  for (const ClassifiedDocument& c : classify_documents(docs, KindSelection{}, unused)) {
    if (c.kind == InputKind::kPodCliqueSet) {
      in.sources.push_back(c.doc);
    } else if (c.kind == InputKind::kJobSet) {
      jobsets.push_back(c.doc);
    } else {
      in.context.push_back(c.doc);
    }
  }
  in.sources.insert(in.sources.end(), jobsets.begin(), jobsets.end());
  return in;
}

// Where the wave that starts at `first` ends.
size_t wave_end(const std::vector<PreparedSource>& prepared, size_t first) {
  long double bytes = 0;
  size_t end = first;
  while (end < prepared.size() && (end == first || bytes + prepared[end].budget.taken().bytes <= kWaveBytes))
    bytes += prepared[end++].budget.taken().bytes;
  return end;
}

// The sources prepared[first, end), each on a thread of its own. A source that fills a wave alone (pods by
// the hundred thousand) renders on this thread instead, each object handed on as it comes, as render()
// streams it.
std::vector<RenderedSource> render_wave(std::vector<PreparedSource>& prepared, size_t first, size_t end,
                                        const MappingContext& ctx, const BatchOutput& output) {
  std::vector<RenderedSource> rendered(end - first);
  output.begin_wave(rendered.size());
  if (rendered.size() == 1) {
    auto keep_and_hand_on = [&](Json&& o) {
      output.keep(0, std::move(o));
      output.hand_on(0);
    };
    rendered[0] = expand_and_emit(prepared[first], ctx, keep_and_hand_on);
    return rendered;
  }
  for_each_index_parallel(rendered.size(), [&](size_t slot) {
    auto keep = [&](Json&& o) { output.keep(slot, std::move(o)); };
    rendered[slot] = expand_and_emit(prepared[first + slot], ctx, keep);
  });
  return rendered;
}

}  // namespace

bool RenderSession::render_clean_batch(const DocumentRefs& docs, const BatchOutput& output) {
  const BatchInputs in = sort_inputs(docs);
  std::vector<PreparedSource> prepared(in.sources.size());
  for_each_index_parallel(prepared.size(), [&](size_t i) {
    prepared[i] = parse_and_prepare(*in.sources[i], in.context, options_);
  });
  if (!prepared_cleanly(prepared)) return false;
  for (const auto& p : prepared) {
    if (!budget_.take(p.budget.taken())) return false;
  }
  const MappingContext ctx{options_, templates_};
  for (size_t first = 0; first < prepared.size();) {
    const size_t end = wave_end(prepared, first);
    const std::vector<RenderedSource> rendered = render_wave(prepared, first, end, ctx, output);
    for (size_t slot = 0; slot < rendered.size(); ++slot) {
      if (!rendered[slot].diags.empty()) return false;
      for (const auto& [kind, count] : rendered[slot].emitted) emitted_[kind] += count;
      output.hand_on(slot);
    }
    first = end;
  }
  return true;
}

TextBatchOutput::TextBatchOutput(ObjectFormat format, std::function<void(std::string&&)> sink)
    : format_(std::move(format)), sink_(std::move(sink)) {}

BatchOutput TextBatchOutput::output() {
  return BatchOutput{.begin_wave = [this](size_t sources) { slots_.assign(sources, {}); },
                     .keep =
                         [this](size_t slot, Json&& o) {
                           slots_[slot].push_back(format_(o));
                           release_tree(o);
                         },
                     .hand_on =
                         [this](size_t slot) {
                           for (auto& text : slots_[slot]) sink_(std::move(text));
                           std::vector<std::string>().swap(slots_[slot]);
                         }};
}

}  // namespace grovectl
