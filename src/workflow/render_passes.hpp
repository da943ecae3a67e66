#pragma once
// render's inputs in bounded memory. Inputs up to a small size are held whole as they are read (as trees
// they take about 12 times their text). Beyond that a long stream of PodCliqueSets or JobSets is checked
// and rendered a chunk of documents at a time while it is read, each chunk's sources side by side on
// every core, into the output's spool.
//
// Findings are printed in the order of the checks' layers over the whole input, which chunks would
// interleave, so this path serves inputs that draw none (a clean render, the large case). A chunk is
// checked against what the input held up to its end (validate/input_verdict.hpp's survey, still growing):
// for a clean input that is what the whole input gives, unless a document that others render with (a
// ClusterTopologyBinding, a replica override) comes after a chunk was checked, or the first chunk holds
// no gang source. Then, as for any finding, the single pass stops and the input is read a second time
// with the survey of the whole input, as validate reads it (validate/stream.hpp). At a finding there it
// hands back every document, read again through the same loader (standard input included), and the
// caller renders them whole as before. Inputs with both PodCliqueSets and JobSets are handed back too: a
// render emits every PodCliqueSet's objects before any JobSet's.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "backend/templates.hpp"
#include "render/pipeline.hpp"
#include "workflow/inputs.hpp"

namespace grovectl {

struct Chunking {
  size_t hold_bytes;           // inputs of up to this much text are held and rendered whole
  size_t documents_per_chunk;  // beyond it, documents checked and rendered together
};

struct WholeInput {
  std::vector<SourceDocument> documents;
  Diagnostics load;  // what reading them found, as load_inputs reports it
};

// Where render puts the objects of an input that the checks passed (render_in_chunks, render_side_by_side).
struct TextOutput {
  ObjectFormat format;                        // one object's text; called from several threads at once
  std::function<bool(std::string&&)> append;  // false: the output outgrew its budget
  std::function<void()> discard;              // forget everything appended so far
};

// `docs` rendered by `session` with their sources side by side (RenderSession::render_clean_batch), each
// object appended to `output`: false when anything was found or the output outgrew its budget (then
// `output` holds what must be discarded).
bool render_side_by_side(RenderSession& session, const DocumentRefs& docs, const TextOutput& output);

// nullopt: every object went to `output`, in the order render_documents_each gives, and nothing was
// found. Otherwise the documents to render whole (`output` holds nothing).
std::optional<WholeInput> render_in_chunks(const SelectorFlags& flags, const RenderOptions& options,
                                           const std::shared_ptr<const CrdOverrides>& crds,
                                           const TemplateSet& templates, const Chunking& chunking,
                                           const TextOutput& output);

}  // namespace grovectl
