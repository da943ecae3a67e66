#include "diff/unified.hpp"

#include <dtl/dtl.hpp>

namespace grovectl::diff {
namespace {

struct Step {
  LineKind kind;
  std::string text;
  size_t old_line;  // 1-based line number after this step on each side
  size_t new_line;
};

std::vector<Step> edit_script(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  dtl::Diff<std::string, std::vector<std::string>> d(a, b);
  d.onHuge();
  d.compose();
  std::vector<Step> steps;
  size_t o = 0, n = 0;
  for (const auto& [text, info] : d.getSes().getSequence()) {
    LineKind kind = info.type == dtl::SES_ADD      ? LineKind::kAdded
                    : info.type == dtl::SES_DELETE ? LineKind::kRemoved
                                                   : LineKind::kContext;
    if (kind != LineKind::kAdded) ++o;
    if (kind != LineKind::kRemoved) ++n;
    steps.push_back({kind, text, o, n});
  }
  return steps;
}

}  // namespace

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

std::vector<Hunk> unified_hunks(const std::vector<std::string>& old_lines,
                                const std::vector<std::string>& new_lines, size_t context) {
  std::vector<Step> steps = edit_script(old_lines, new_lines);
  std::vector<Hunk> hunks;
  size_t i = 0;
  while (i < steps.size()) {
    if (steps[i].kind == LineKind::kContext) {
      ++i;
      continue;
    }
    size_t begin = i > context ? i - context : 0;
    size_t end = i;  // one past the last step of this hunk
    size_t last_change = i;
    while (end < steps.size()) {
      if (steps[end].kind != LineKind::kContext) last_change = end;
      if (end - last_change > 2 * context) break;
      ++end;
    }
    end = std::min(steps.size(), last_change + context + 1);
    Hunk h;
    for (size_t k = begin; k < end; ++k) {
      const Step& s = steps[k];
      if (s.kind != LineKind::kAdded) {
        if (h.old_count++ == 0) h.old_start = s.old_line;
      }
      if (s.kind != LineKind::kRemoved) {
        if (h.new_count++ == 0) h.new_start = s.new_line;
      }
      h.lines.push_back({s.kind, s.text});
    }
    // diff -u: an empty side starts at the line before the hunk.
    if (h.old_count == 0) h.old_start = begin < steps.size() && begin > 0 ? steps[begin - 1].old_line : 0;
    if (h.new_count == 0) h.new_start = begin < steps.size() && begin > 0 ? steps[begin - 1].new_line : 0;
    hunks.push_back(std::move(h));
    i = end;
  }
  return hunks;
}

}  // namespace grovectl::diff
