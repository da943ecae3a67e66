#pragma once
// Reads -f arguments (files, directories, "-") into documents, flattening kind: List.
#include <regex>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "yaml/document.hpp"
#include "yaml/reader.hpp"

namespace grovectl {

struct LoadOptions {
  ReadLimits limits;
  bool allow_stdin_tty = false;  // refuse to block on an interactive stdin
  // --ignore-filename-pattern: a file or directory met in a directory walk whose path matches any of
  // these is left out (paths given with -f are always read).
  std::vector<std::regex> ignore;
};

// Reads every path in order. A directory contributes its *.yaml, *.yml and *.json files, sorted, from
// every level below it: hidden directories (.git, .github) are not entered, symbolic links to files are
// read, links to directories are not followed (no loops), and a link whose target is missing is an I/O
// finding.
// I/O problems are reported with rule "input/io"; parse problems with the yaml/* rules.
std::vector<SourceDocument> load_documents(const std::vector<std::string>& paths, Diagnostics& diags,
                                           const LoadOptions& options = {});

// Documents from text already in memory (used by tests and by the diff of two renders).
std::vector<SourceDocument> load_text(const std::string& text, const std::string& name, Diagnostics& diags,
                                      const LoadOptions& options = {});

}  // namespace grovectl
