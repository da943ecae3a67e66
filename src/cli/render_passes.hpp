#pragma once
// render's inputs in bounded memory. Inputs up to a few MiB of text are held whole as they are read (as
// trees they take about 12 times their text). Beyond that a long stream of PodCliqueSets or JobSets is read
// twice, as validate reads it (validate/stream.hpp): the first pass surveys every document; the second
// checks and renders them a chunk at a time into the output's spool. Findings are printed in the order
// of the checks' layers over the whole input, which chunks would interleave, so this path serves inputs
// that draw none (a clean render, the large case); at the first finding it hands back every document,
// read again through the same loader (standard input included), and the caller renders them whole as
// before. Inputs with both PodCliqueSets and JobSets are handed back too: a render emits every
// PodCliqueSet's objects before any JobSet's.
#include <functional>
#include <optional>
#include <vector>

#include "backend/templates.hpp"
#include "cli/selectors.hpp"

namespace grovectl {

struct Chunking {
  size_t hold_bytes;           // inputs of up to this much text are held and rendered whole
  size_t documents_per_chunk;  // beyond it, documents checked and rendered together
};

struct WholeInput {
  std::vector<SourceDocument> documents;
  Diagnostics load;  // what reading them found, as load_inputs reports it
};

// nullopt: every object went to `sink`, in the order render_documents_each gives, and nothing was found.
// Otherwise the documents to render whole (`sink` received nothing, or what it received must be discarded).
std::optional<WholeInput> render_in_chunks(const SelectorFlags& flags, const RenderOptions& options,
                                           const TemplateSet& templates, const Chunking& chunking,
                                           const std::function<void(Json&&, Diagnostics&)>& sink);

}  // namespace grovectl
