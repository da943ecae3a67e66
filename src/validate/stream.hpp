#pragma once
// validate over inputs of any length in bounded memory: two passes over the same documents, holding only
// a chunk of them at a time, each finding written out as soon as its document is checked, in input order.
//   1. survey(doc) for every document (what checking one document needs of all the others);
//   2. begin() with the reader's findings of that pass (those that belong to no document come first, with
//      the failures of the run as a whole) and the files the reader skipped;
//   3. check(doc) for every document again, in the same order, with the reader's findings that came with
//      it; a chunk is checked when the next document shows that the reader is done with it;
//   4. finish(), which writes the counts.
#include <cstddef>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "backend/templates.hpp"
#include "validate/input_verdict.hpp"
#include "validate/report/formats.hpp"
#include "validate/validate.hpp"

namespace grovectl {

// Adds up the counts every format prints as documents and inputs are reported.
class ReportTally {
 public:
  void add(const DocumentReport& doc);
  void add(const InputReport& input);
  void add(const SkippedFile& file);
  ReportSummary summary() const;

 private:
  ReportSummary counts_;
  std::unordered_set<std::string> files_;
};

class ValidationStream {
 public:
  static constexpr size_t kWholeInput = static_cast<size_t>(-1);

  ValidationStream(const RenderOptions& options, const TemplateSet& templates,
                   const ValidateSettings& settings, ReportWriter& writer, size_t documents_per_chunk);
  void survey(const SourceDocument& doc);
  void begin(const ReportHeader& header, const std::vector<Diagnostic>& reader_findings,
             const std::vector<SkippedFile>& skipped_files);
  void check(SourceDocument&& doc, std::vector<Diagnostic> reader_findings);
  ReportSummary finish(std::vector<Diagnostic> reader_findings);
  // A file or directory that could not be read, or templates that could not be loaded (exit 3).
  bool io_errors() const { return io_errors_; }

 private:
  bool belongs_to_no_document(const Diagnostic& d) const;
  // Checks the documents gathered so far (each on every core) and writes their reports.
  void check_pending_chunk(std::vector<Diagnostic> reader_findings);
  struct Chunk {
    std::vector<SourceDocument> documents;
    size_t first_ordinal = 0;
    std::vector<Diagnostic> reader_findings;
  };
  void check_chunk(Chunk chunk);
  void promote_if_strict(std::vector<Diagnostic>& findings) const;
  // --strict, then the findings the rules and the document's annotation set aside, then the I/O errors.
  void settle(std::vector<Diagnostic>& findings, std::vector<IgnoredFinding>& ignored,
              const SourceDocument* document);
  void note_io_errors(const std::vector<Diagnostic>& findings);

  const RenderOptions& options_;
  const TemplateSet& templates_;
  const ValidateSettings settings_;
  InputCheckSettings check_settings_;
  ReportWriter& writer_;
  const size_t documents_per_chunk_;
  InputSurvey survey_;
  std::unordered_map<std::string, int> first_line_;  // per file, the first line of its first document
  std::vector<SourceDocument> chunk_;
  std::vector<Diagnostic> pending_;  // the reader's findings for the chunk and, maybe, later documents
  size_t next_ordinal_ = 0;
  size_t chunk_first_ordinal_ = 0;
  ReportTally tally_;
  bool io_errors_ = false;
};

}  // namespace grovectl
