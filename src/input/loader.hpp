#pragma once
// Reads -f arguments (files, directories, "-") into documents, flattening kind: List, within one byte
// and node budget for everything a command loads (core/budgets.hpp).
#include <regex>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "yaml/document.hpp"
#include "yaml/reader.hpp"

namespace grovectl {

struct LoadOptions {
  ReadLimits limits;             // max_bytes and max_nodes are shared by every input of one load
  bool allow_stdin_tty = false;  // refuse to block on an interactive stdin
  // --ignore-filename-pattern: a file or directory met in a directory walk whose path matches any of
  // these is left out (paths given with -f are always read).
  std::vector<std::regex> ignore;
};

// Loads inputs one at a time against one budget. I/O problems are reported with rule "input/io" (exit 3),
// an input over the budget with "input/too-large", parse problems with the yaml/* rules.
class InputLoader {
 public:
  explicit InputLoader(Diagnostics& diags, LoadOptions options = {});

  // Appends the documents of one -f argument (a directory contributes its *.yaml, *.yml and *.json
  // files, sorted) and returns how many it had.
  size_t load(const std::string& path, std::vector<SourceDocument>& out);

 private:
  void load_stream(const std::string& path, std::vector<SourceDocument>& out);

  Diagnostics& diags_;
  LoadOptions options_;
  size_t bytes_left_;
  size_t nodes_left_;
};

// Reads every path in order with one InputLoader.
std::vector<SourceDocument> load_documents(const std::vector<std::string>& paths, Diagnostics& diags,
                                           const LoadOptions& options = {});

// Documents from text already in memory (used by tests and by the diff of two renders).
std::vector<SourceDocument> load_text(const std::string& text, const std::string& name, Diagnostics& diags,
                                      const LoadOptions& options = {});

}  // namespace grovectl
