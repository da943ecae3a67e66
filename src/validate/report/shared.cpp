// What several formats share: paths in the workspace, the skipped files' counts, messages with fields.
#include <fmt/format.h>

#include <filesystem>

#include "validate/report/writers.hpp"

namespace grovectl {

std::string path_in_workspace(const std::string& file, const ReportHeader& header) {
  namespace fs = std::filesystem;
  if (file == "-") return "";
  if (header.workspace.empty() || file.empty()) return file;
  fs::path p(file);
  if (p.is_relative()) {
    if (header.current_directory.empty()) return file;
    p = fs::path(header.current_directory) / p;
  }
  const fs::path relative =
      p.lexically_normal().lexically_relative(fs::path(header.workspace).lexically_normal());
  if (relative.empty() || *relative.begin() == "..") return file;
  return relative.generic_string();
}

std::string skipped_files_summary(const ReportSummary& summary) {
  const size_t total = summary.skipped_file_count();
  if (total == 0) return "Files skipped: 0";
  std::string parts;
  for (const auto& [category, n] : summary.skipped_files)
    parts += fmt::format("{}{} {}{}", parts.empty() ? "" : ", ", n, category, n == 1 ? "" : "s");
  return fmt::format("Files skipped: {} ({})", total, parts);
}

std::string summary_line(const ReportSummary& s) {
  return fmt::format(
      "Summary: {} document{} found in {} file{} - Valid: {}, Invalid: {}, Skipped: {}, Input errors: {}, "
      "Errors: {}, Warnings: {}, Ignored: {}, {}",
      s.documents, s.documents == 1 ? "" : "s", s.files, s.files == 1 ? "" : "s", s.valid, s.invalid,
      s.skipped, s.input_errors, s.errors, s.warnings, s.ignored, skipped_files_summary(s));
}

std::string json_nested(const Json& value, int depth) {
  const std::string text = value.dump(2, ' ', false, Json::error_handler_t::replace);
  const std::string indent(static_cast<size_t>(depth) * 2, ' ');
  std::string out;
  out.reserve(text.size() + indent.size() * 8);
  for (char c : text) {
    out += c;
    if (c == '\n') out += indent;
  }
  return out;
}

std::string message_with_field(const Diagnostic& d) {
  return d.field.empty() ? d.message : fmt::format("{} (field: {})", d.message, d.field);
}

}  // namespace grovectl
