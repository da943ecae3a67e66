#pragma once
// validate's -o, repeatable: FORMAT to standard output (one at most), FORMAT=FILE to a file, e.g.
// `-o text -o sarif=grovectl.sarif -o junit=grovectl.xml`: one run, every report from the same checks. A file
// is written beside its final name and renamed into place once its report is whole, so a reader never sees
// half a report, and an earlier report is replaced only by a whole one.
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "validate/report/formats.hpp"

namespace grovectl {

struct ReportTarget {
  ReportFormat format = ReportFormat::kText;
  std::string file;  // "" for standard output
};

// Each -o value as a target (usage/output for a format that is not one, or two to standard output).
std::optional<std::vector<ReportTarget>> parse_report_targets(const std::vector<std::string>& outputs,
                                                              Diagnostics& diags);

class ReportFiles {
 public:
  ReportFiles() = default;
  ReportFiles(const ReportFiles&) = delete;
  ~ReportFiles();  // removes what was not committed
  // Creates a temporary file beside each target file (output/io when it cannot).
  bool open(const std::vector<ReportTarget>& targets, Diagnostics& diags);
  // The stream of target i (standard output for a target without a file).
  std::ostream& stream(size_t i, std::ostream& standard_output);
  // Moves each whole report to its name (output/io for one that cannot be written).
  bool commit(Diagnostics& diags);

 private:
  struct Open {
    std::string final_name;
    std::string temporary;
    std::unique_ptr<std::ofstream> out;
  };
  std::vector<std::optional<Open>> files_;
};

}  // namespace grovectl
