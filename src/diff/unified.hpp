#pragma once
// Unified diff of two texts, line by line, through dtl's shortest edit script.
#include <string>
#include <vector>

namespace grovectl::diff {

enum class LineKind { kContext, kRemoved, kAdded };

struct DiffLine {
  LineKind kind;
  std::string text;
};

struct Hunk {
  size_t old_start = 0, old_count = 0;  // 1-based start as in `diff -u`
  size_t new_start = 0, new_count = 0;
  std::vector<DiffLine> lines;
};

std::vector<std::string> split_lines(const std::string& text);
// Hunks with `context` unchanged lines around each change; empty when the texts are equal.
std::vector<Hunk> unified_hunks(const std::vector<std::string>& old_lines,
                                const std::vector<std::string>& new_lines, size_t context);

}  // namespace grovectl::diff
