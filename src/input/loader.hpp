#pragma once
// Reads -f arguments (files, directories, "-") into documents, flattening kind: List, within one byte,
// node and flow-level budget for everything a command loads (core/budgets.hpp).
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/regex.hpp"
#include "core/skipped_file.hpp"
#include "input/file_reading.hpp"
#include "yaml/document.hpp"
#include "yaml/reader.hpp"

namespace grovectl {

struct LoadOptions {
  ReadLimits limits;             // max_bytes and max_nodes are shared by every input of one load
  bool allow_stdin_tty = false;  // refuse to block on an interactive stdin
  // --ignore-filename-pattern: a file or directory met in a directory walk whose path matches any of
  // these is left out (paths given with -f are always read).
  std::vector<Regex> ignore;
  // validate holds one file at a time, so each file gets the whole byte and node budget.
  InputBudget budget = InputBudget::kAllInputsTogether;
  // Keep standard input's text, so that a second pass (restart()) reads it again.
  bool keep_stdin = false;
  // The name standard input's documents and findings carry (--stdin-filename); "" keeps "-".
  std::string stdin_name;
  // .grovectl.yaml ignorePaths: more paths a directory walk leaves out, as `ignore` does.
  std::function<bool(const std::string& path)> leave_out;
};

using DocumentSink = std::function<void(SourceDocument&&)>;

// Loads inputs one at a time against one budget. I/O problems are reported with rule "input/io" (exit 3),
// an input over the budget with "input/too-large", parse problems with the yaml/* rules.
class InputLoader {
 public:
  explicit InputLoader(Diagnostics& diags, LoadOptions options = {});

  // Appends the documents of one -f argument (a directory contributes its *.yaml, *.yml and *.json
  // files, sorted) and returns how many it had.
  size_t load(const std::string& path, std::vector<SourceDocument>& out);
  // The same, handing over each document as soon as it is parsed: only the text of the file being read
  // and one document's tree are held.
  size_t load_each(const std::string& path, const DocumentSink& out);
  // Gives back the whole budget, to read the same inputs again (standard input from its kept text).
  void restart();
  // Bytes of input text read since construction or restart() (with InputBudget::kEachFile: in this file).
  size_t bytes_read() const { return options_.limits.max_bytes - bytes_left_; }
  // The files met since the last call that were not checked: Helm chart templates in a walk, and files
  // that hold no document (empty, or only comments, "---" or null) among inputs that do.
  std::vector<SkippedFile> take_skipped_files() { return std::exchange(skipped_, {}); }

 private:
  void load_stream(const std::string& path, const DocumentSink& out);

  Diagnostics& diags_;
  LoadOptions options_;
  size_t bytes_left_;
  size_t nodes_left_;
  size_t flow_levels_left_;
  std::optional<std::string> stdin_text_;
  std::vector<SkippedFile> skipped_;
};

// Reads every path in order with one InputLoader.
std::vector<SourceDocument> load_documents(const std::vector<std::string>& paths, Diagnostics& diags,
                                           const LoadOptions& options = {});

// Documents from text already in memory (used by tests and by the diff of two renders).
std::vector<SourceDocument> load_text(const std::string& text, const std::string& name, Diagnostics& diags,
                                      const LoadOptions& options = {});
// The same, each document to `sink` as soon as it is parsed.
void load_text_each(const std::string& text, const std::string& name, Diagnostics& diags,
                    const LoadOptions& options, const DocumentSink& sink);

}  // namespace grovectl
