#pragma once
// Parses a YAML (or JSON) stream into SourceDocuments, with positions, duplicate-key detection and
// limits against hostile input. Never throws: every problem becomes a located Diagnostic.
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct ReadLimits {
  size_t max_depth = 256;                // nesting of maps and sequences
  size_t max_alias_nodes = 1000000;      // nodes created by alias expansion, beyond the nodes written out
  size_t max_bytes = size_t{512} << 20;  // one input stream
};

// Parses every document of `text`. Empty documents (only comments, or null) are skipped.
std::vector<SourceDocument> parse_yaml_stream(std::string_view text, const std::string& file,
                                              Diagnostics& diags, const ReadLimits& limits = {});

}  // namespace grovectl
