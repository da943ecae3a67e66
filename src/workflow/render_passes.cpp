#include "workflow/render_passes.hpp"

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

// A chunk's admitted gang sources and what they render with (from the survey: a binding may be in another
// chunk).
DocumentRefs inputs_to_render(const InputVerdict& verdict) {
  DocumentRefs docs;
  for (const auto& d : verdict.documents) {
    const InputKind kind = d.classified.kind;
    if (d.admitted && (kind == InputKind::kPodCliqueSet || kind == InputKind::kJobSet))
      docs.push_back(d.classified.doc);
  }
  docs.insert(docs.end(), verdict.context.begin(), verdict.context.end());
  return docs;
}

// Checks and renders an input a chunk of documents at a time, against a survey that holds at least every
// document up to the chunk's end, for as long as nothing is found.
class ChunkRenderer {
 public:
  ChunkRenderer(const InputSurvey& survey, const RenderOptions& options, const InputCheckSettings& settings,
                const TemplateSet& templates, size_t documents_per_chunk, const TextOutput& output)
      : survey_(survey),
        options_(options),
        settings_(settings),
        documents_per_chunk_(documents_per_chunk),
        output_(output),
        session_(options, templates) {}

  // The next document of the input; the chunk is checked and rendered once it is full.
  void add(SourceDocument&& doc) {
    if (!clean_) return;
    chunk_.push_back(std::move(doc));
    if (chunk_.size() >= documents_per_chunk_) check_and_render_chunk();
  }

  // True when every chunk was checked and rendered and nothing was found.
  bool finish() {
    if (clean_ && !chunk_.empty()) check_and_render_chunk();
    if (clean_) {
      session_.finish(found_);
      clean_ = found_.empty();
    }
    return clean_;
  }

  void stop() {
    clean_ = false;
    chunk_.clear();
  }
  bool checked_any() const { return first_ordinal_ > 0; }

 private:
  void check_and_render_chunk() {
    const InputVerdict verdict =
        check_input_chunk(chunk_, first_ordinal_, survey_, options_, settings_, found_);
    kinds_.add(verdict);
    clean_ =
        found_.empty() && !kinds_.both() && render_side_by_side(session_, inputs_to_render(verdict), output_);
    first_ordinal_ += chunk_.size();
    release_documents(chunk_);
  }

  const InputSurvey& survey_;
  const RenderOptions& options_;
  const InputCheckSettings& settings_;
  const size_t documents_per_chunk_;
  const TextOutput& output_;
  RenderSession session_;
  Diagnostics found_;
  SourceKinds kinds_;
  std::vector<SourceDocument> chunk_;
  size_t first_ordinal_ = 0;
  bool clean_ = true;
};

// The documents whose presence other documents' checks and renders read: bindings and replica overrides.
size_t companions(const InputSurvey& survey) {
  return survey.context().size() + survey.bindings().size();
}

// The first pass: each document joins the survey, then the chunks. It stops at whatever could make a
// chunk's check differ from the one the whole input's survey gives (render_passes.hpp).
class SinglePass {
 public:
  SinglePass(InputSurvey& survey, ChunkRenderer& chunks) : survey_(survey), chunks_(chunks) {}

  void add(SourceDocument&& doc) {
    survey_.add(doc);
    if (chunks_.checked_any() && companions(survey_) != companions_at_first_check_) {
      companion_came_late_ = true;
      chunks_.stop();
    }
    const bool before_first_check = !chunks_.checked_any();
    chunks_.add(std::move(doc));
    if (before_first_check && chunks_.checked_any()) {
      companions_at_first_check_ = companions(survey_);
      gang_source_before_first_check_ = survey_.gang_sources().found();
    }
  }

  // Whether what stopped it may be its own doing: a second pass over the whole survey may find nothing.
  bool second_pass_may_differ() const { return companion_came_late_ || !gang_source_before_first_check_; }

 private:
  InputSurvey& survey_;
  ChunkRenderer& chunks_;
  size_t companions_at_first_check_ = 0;
  bool gang_source_before_first_check_ = true;  // true until a check says otherwise
  bool companion_came_late_ = false;
};

// The second pass, once the survey holds the whole input: true when every chunk was checked and rendered
// without a finding.
bool second_pass(const SelectorFlags& flags, InputLoader& loader, const InputSurvey& survey,
                 const RenderOptions& options, const InputCheckSettings& settings,
                 const TemplateSet& templates, size_t documents_per_chunk, const TextOutput& output) {
  ChunkRenderer chunks(survey, options, settings, templates, documents_per_chunk, output);
  read_inputs(flags, loader, [&](SourceDocument&& doc) { chunks.add(std::move(doc)); });
  return chunks.finish();
}

}  // namespace

bool render_side_by_side(RenderSession& session, const DocumentRefs& docs, const TextOutput& output) {
  bool fits = true;
  TextBatchOutput texts(output.format, [&](std::string&& text) {
    if (fits) fits = output.append(std::move(text));
  });
  return session.render_clean_batch(docs, texts.output()) && fits;
}

std::optional<WholeInput> render_in_chunks(const SelectorFlags& flags, const RenderOptions& options,
                                           const std::shared_ptr<const CrdOverrides>& crds,
                                           const TemplateSet& templates, const Chunking& chunking,
                                           const TextOutput& output) {
  WholeInput whole;
  LoadOptions load_options = input_load_options(flags);
  load_options.keep_stdin = true;  // the second pass, or the whole render, reads it from the first
  InputLoader loader(whole.load, load_options);
  const InputCheckSettings settings{.admission = AdmissionRules::kRefuse,
                                    .unknown_fields = unknown_field_policy(flags),
                                    .kinds = kind_selection(flags),
                                    .crd_overrides = crds};
  InputSurvey survey(options, settings, SurveyedDocuments::kAreDropped);
  ChunkRenderer first_chunks(survey, options, settings, templates, chunking.documents_per_chunk, output);
  SinglePass single(survey, first_chunks);
  size_t documents = 0;
  bool holding = true;
  // A held input is checked whole by the caller; chunks start only once the input is too long to hold.
  std::vector<std::string> empty = read_inputs(flags, loader, [&](SourceDocument&& doc) {
    ++documents;
    if (!whole.load.empty()) first_chunks.stop();  // such an input is rendered whole
    if (holding && loader.bytes_read() > chunking.hold_bytes) {
      holding = false;
      for (auto& held : whole.documents) single.add(std::move(held));
      std::vector<SourceDocument>().swap(whole.documents);
    }
    if (holding) {
      whole.documents.push_back(std::move(doc));
    } else {
      single.add(std::move(doc));
    }
  });
  if (!holding && documents > 0 && whole.load.empty()) {
    if (first_chunks.finish()) return std::nullopt;
    output.discard();
    if (single.second_pass_may_differ()) {
      loader.restart();
      if (second_pass(flags, loader, survey, options, settings, templates, chunking.documents_per_chunk,
                      output))
        return std::nullopt;
      output.discard();
    }
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
