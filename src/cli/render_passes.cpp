#include "cli/render_passes.hpp"

#include "render/pipeline.hpp"
#include "validate/input_verdict.hpp"

namespace grovectl {
namespace {

// Which gang sources the chunks have admitted so far.
struct SourceKinds {
  bool podcliquesets = false;
  bool jobsets = false;
  void add(const InputVerdict& verdict) {
    for (const auto& d : verdict.documents) {
      if (!d.admitted) continue;
      podcliquesets |= d.classified.kind == InputKind::kPodCliqueSet;
      jobsets |= d.classified.kind == InputKind::kJobSet;
    }
  }
  bool both() const { return podcliquesets && jobsets; }
};

// The second pass: true when every chunk was checked and rendered without a finding.
bool check_and_render(const SelectorFlags& flags, InputLoader& loader, const InputSurvey& survey,
                      const RenderOptions& options, const InputCheckSettings& settings,
                      const TemplateSet& templates, size_t documents_per_chunk, Diagnostics& found,
                      const std::function<void(Json&&, Diagnostics&)>& sink) {
  RenderSession session(options, templates);
  SourceKinds kinds;
  auto renders_as_whole = [&] { return found.empty() && !kinds.both(); };
  std::vector<SourceDocument> chunk;
  size_t first_ordinal = 0;
  auto check_chunk = [&] {
    const InputVerdict verdict = check_input_chunk(chunk, first_ordinal, survey, options, settings, found);
    kinds.add(verdict);
    if (renders_as_whole()) {
      DocumentRefs sources = verdict.admitted();
      sources.insert(sources.end(), verdict.context.begin(), verdict.context.end());
      session.render(sources, found, [&](Json&& o) {
        if (found.empty()) sink(std::move(o), found);
      });
    }
    first_ordinal += chunk.size();
    chunk.clear();
  };
  read_inputs(flags, loader, [&](SourceDocument&& doc) {
    if (!renders_as_whole()) return;  // handed back: the rest is only read
    chunk.push_back(std::move(doc));
    if (chunk.size() >= documents_per_chunk) check_chunk();
  });
  if (renders_as_whole() && !chunk.empty()) check_chunk();
  if (renders_as_whole()) session.finish(found);
  return renders_as_whole();
}

}  // namespace

std::optional<WholeInput> render_in_chunks(const SelectorFlags& flags, const RenderOptions& options,
                                           const TemplateSet& templates, const Chunking& chunking,
                                           const std::function<void(Json&&, Diagnostics&)>& sink) {
  WholeInput whole;
  LoadOptions load_options = input_load_options(flags);
  load_options.keep_stdin = true;  // the second pass, or the whole render, reads it from the first
  InputLoader loader(whole.load, load_options);
  const InputCheckSettings settings{.admission = AdmissionRules::kRefuse,
                                    .unknown_fields = unknown_field_policy(flags),
                                    .kinds = kind_selection(flags)};
  InputSurvey survey(options, settings, SurveyedDocuments::kAreDropped);
  size_t documents = 0;
  bool holding = true;
  // A held input is checked whole by the caller; the survey starts only once the input is too long to hold.
  std::vector<std::string> empty = read_inputs(flags, loader, [&](SourceDocument&& doc) {
    ++documents;
    if (holding && loader.bytes_read() > chunking.hold_bytes) {
      holding = false;
      for (const auto& held : whole.documents) survey.add(held);
      std::vector<SourceDocument>().swap(whole.documents);
    }
    if (holding) {
      whole.documents.push_back(std::move(doc));
    } else {
      survey.add(doc);
    }
  });
  if (!holding && documents > 0 && whole.load.empty()) {
    loader.restart();
    Diagnostics found;
    if (check_and_render(flags, loader, survey, options, settings, templates, chunking.documents_per_chunk,
                         found, sink))
      return std::nullopt;
  }
  if (!holding) {  // read again for the whole render
    whole.load.take();
    loader.restart();
    empty =
        read_inputs(flags, loader, [&](SourceDocument&& doc) { whole.documents.push_back(std::move(doc)); });
  }
  // As load_inputs reports it.
  if (whole.documents.empty() && !whole.load.has_errors()) report_empty_inputs(empty, whole.load);
  return whole;
}

}  // namespace grovectl
