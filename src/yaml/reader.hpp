#pragma once
// Parses a YAML (or JSON) stream into SourceDocuments, with positions, duplicate-key detection and
// budgets against hostile input. Never throws for bad input: every problem becomes a located Diagnostic
// (only running out of memory throws std::bad_alloc).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/budgets.hpp"
#include "core/diagnostic.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// Who reads block-style documents: grovectl's own reader for the subset kubectl, helm and grovectl write
// (yaml/block_subset.hpp), with libyaml for everything else; or libyaml alone (tests compare the two).
enum class BlockReader { kSubsetFirst, kLibyamlOnly };

// What the sink of a stream parsed on every core does with its documents. kMayUseEveryCore: it may run
// parallel work of its own, so it is called on the calling thread between batches. kOneThread: it works
// on one thread, so it takes one batch's documents while the next batch is parsed, on whichever thread
// is free (still one call at a time, in document order).
enum class SinkThreads { kMayUseEveryCore, kOneThread };

struct ReadLimits {
  size_t max_depth = kMaxNestingDepth;               // sequences and mappings, after alias expansion
  size_t max_alias_bytes = kMaxAliasExpansionBytes;  // estimated bytes copied by aliases and merges
  size_t max_bytes = kMaxInputBytes;                 // the stream's text
  size_t max_nodes = kMaxInputNodes;                 // scalars, keys, collections and aliases
  size_t max_flow_levels = kMaxFlowNodeLevels;       // for each node, the [...] and {...} around it
  // From this size on a stream is parsed in slices on every core (yaml/stream_slices.hpp); the result
  // is the same either way. Tests set it to 0 or SIZE_MAX to compare the two.
  size_t parallel_from_bytes = size_t{1} << 20;
  BlockReader block_reader = BlockReader::kSubsetFirst;
  SinkThreads sink_threads = SinkThreads::kMayUseEveryCore;
};

struct ReadStats {
  size_t nodes = 0;        // nodes the stream used of limits.max_nodes
  size_t flow_levels = 0;  // of limits.max_flow_levels
};

// Parses every document of `text`. Empty documents (only comments, or null) are skipped.
std::vector<SourceDocument> parse_yaml_stream(std::string_view text, const std::string& file,
                                              Diagnostics& diags, const ReadLimits& limits = {},
                                              ReadStats* stats = nullptr);
// The same, handing each document to `sink` as soon as it is parsed (one document's tree at a time).
void parse_yaml_stream_each(std::string_view text, const std::string& file, Diagnostics& diags,
                            const ReadLimits& limits, ReadStats* stats,
                            const std::function<void(SourceDocument&&)>& sink);

}  // namespace grovectl
