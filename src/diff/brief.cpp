#include "diff/brief.hpp"

#include <fmt/format.h>

#include <cctype>

#include "diff/json_path.hpp"

namespace grovectl::diff {
namespace {

bool plain_identifier(const std::string& s) {
  if (s.empty()) return false;
  for (unsigned char c : s) {
    if (!(std::isalnum(c) || c == '_' || c == '-')) return false;
  }
  return true;
}

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (unsigned char c : s) {
    if (!std::isdigit(c)) return false;
  }
  return true;
}

// A string shown bare unless YAML or a reader could take it for something else.
bool plain_string(const std::string& s) {
  if (s.empty() || s == "true" || s == "false" || s == "null" || s == "(absent)") return false;
  if (std::isspace(static_cast<unsigned char>(s.front())) ||
      std::isspace(static_cast<unsigned char>(s.back())))
    return false;
  if (s.find_first_of("\"'{}[],#\n\t") != std::string::npos || s.find(": ") != std::string::npos)
    return false;
  return !(std::isdigit(static_cast<unsigned char>(s.front())) || s.front() == '-' || s.front() == '.') ||
         !Json::accept(s);
}

const char* op_mark(Op op) {
  switch (op) {
    case Op::kAdded:
      return "+";
    case Op::kRemoved:
      return "-";
    case Op::kChanged:
    case Op::kUnchanged:
      break;
  }
  return "~";
}

}  // namespace

std::string brief_path(const std::string& pointer) {
  std::string out;
  for (const auto& t : split_pointer(pointer)) {
    auto eq = t.find('=');
    if (eq != std::string::npos && plain_identifier(t.substr(0, eq))) {
      out += "[" + t + "]";
    } else if (all_digits(t)) {
      out += "[" + t + "]";
    } else if (plain_identifier(t)) {
      out += (out.empty() ? "" : ".") + t;
    } else {
      out += "[" + Json(t).dump() + "]";
    }
  }
  return out;
}

std::string brief_value(const Json& value) {
  if (value.is_null()) return "(absent)";
  if (value.is_string()) {
    const auto& s = value.get_ref<const std::string&>();
    return plain_string(s) ? s : value.dump();
  }
  return value.dump();
}

std::string format_brief(const std::vector<ObjectDiff>& diffs, const TextOptions& options) {
  std::string out;
  for (const auto& d : diffs) {
    if (d.op == Op::kUnchanged) continue;
    std::string title = fmt::format("{} {}", op_mark(d.op), display(d.key));
    if (!d.old_name.empty()) title += fmt::format(" ({} {})", options.old_label, d.old_name);
    if (d.op != Op::kChanged) title += fmt::format(" ({})", op_name(d.op));
    out += title + "\n";
    if (d.op != Op::kChanged) continue;
    for (const auto& c : d.changes) {
      out += fmt::format("    {}: {} → {}\n", brief_path(c.path), brief_value(c.old_value),
                         brief_value(c.new_value));
    }
  }
  out += format_summary(summarize(diffs)) + "\n";
  return out;
}

}  // namespace grovectl::diff
