#include "workflow/validate_passes.hpp"

namespace grovectl {

ReportSummary run_validation_passes(const SelectorFlags& flags, LoadOptions load_options,
                                    const ReportHeader& header, Templates templates, Diagnostics& load,
                                    ValidationStream& stream) {
  const bool check_documents = templates == Templates::kUsable;
  load_options.keep_stdin = true;  // the second pass reads standard input from the first pass's text
  load_options.budget = InputBudget::kEachFile;
  InputLoader loader(load, load_options);
  size_t documents = 0;
  const std::vector<std::string> empty = read_inputs(flags, loader, [&](SourceDocument&& doc) {
    ++documents;
    if (check_documents) stream.survey(doc);
  });
  if (documents == 0 && !load.has_errors()) report_empty_inputs(empty, load);
  stream.begin(header, load.take(), loader.take_skipped_files());
  if (check_documents && documents > 0) {
    loader.restart();
    read_inputs(flags, loader, [&](SourceDocument&& doc) { stream.check(std::move(doc), load.take()); });
    loader.take_skipped_files();  // the first pass reported them
  }
  return stream.finish(load.take());
}

}  // namespace grovectl
