#include "diff/print.hpp"

#include <fmt/format.h>

#include "diff/unified.hpp"
#include "yaml/emitter.hpp"

namespace grovectl::diff {
namespace {

constexpr const char* kRed = "\033[31m";
constexpr const char* kGreen = "\033[32m";
constexpr const char* kCyan = "\033[36m";
constexpr const char* kBold = "\033[1m";
constexpr const char* kReset = "\033[0m";

std::string paint(const std::string& text, const char* code, bool color) {
  return color ? std::string(code) + text + kReset : text;
}

std::string object_text(const std::optional<Json>& o) {
  return o ? to_yaml(*o) : std::string();
}

std::string range(size_t start, size_t count) {
  return count == 1 ? fmt::format("{}", start) : fmt::format("{},{}", start, count);
}

void append_object(std::string& out, const ObjectDiff& d, const TextOptions& opt) {
  std::string id = display(d.key);
  out += paint(fmt::format("diff {} ({})", id, op_name(d.op)), kBold, opt.color) + "\n";
  out +=
      paint(fmt::format("--- {} {}", opt.old_label, d.old_object ? id : "(absent)"), kBold, opt.color) + "\n";
  out +=
      paint(fmt::format("+++ {} {}", opt.new_label, d.new_object ? id : "(absent)"), kBold, opt.color) + "\n";
  auto hunks = unified_hunks(split_lines(object_text(d.old_object)), split_lines(object_text(d.new_object)),
                             opt.context);
  for (const auto& h : hunks) {
    out +=
        paint(fmt::format("@@ -{} +{} @@", range(h.old_start, h.old_count), range(h.new_start, h.new_count)),
              kCyan, opt.color) +
        "\n";
    for (const auto& l : h.lines) {
      switch (l.kind) {
        case LineKind::kContext:
          out += " " + l.text + "\n";
          break;
        case LineKind::kRemoved:
          out += paint("-" + l.text, kRed, opt.color) + "\n";
          break;
        case LineKind::kAdded:
          out += paint("+" + l.text, kGreen, opt.color) + "\n";
          break;
      }
    }
  }
}

Json object_json(const ObjectDiff& d) {
  const Json& o = d.new_object ? *d.new_object : *d.old_object;
  Json j = Json::object();
  j["apiVersion"] = o.contains("apiVersion") && o["apiVersion"].is_string() ? o["apiVersion"] : Json("");
  j["group"] = d.key.group;
  j["kind"] = d.key.kind;
  j["namespace"] = d.key.ns;
  j["name"] = d.key.name;
  return j;
}

}  // namespace

Summary summarize(const std::vector<ObjectDiff>& diffs) {
  Summary s;
  for (const auto& d : diffs) {
    switch (d.op) {
      case Op::kAdded:
        ++s.added;
        break;
      case Op::kRemoved:
        ++s.removed;
        break;
      case Op::kChanged:
        ++s.changed;
        break;
      case Op::kUnchanged:
        ++s.unchanged;
        break;
    }
  }
  return s;
}

std::string format_summary(const Summary& s) {
  return fmt::format("+{} added, -{} removed, ~{} changed, {} unchanged", s.added, s.removed, s.changed,
                     s.unchanged);
}

std::string format_text(const std::vector<ObjectDiff>& diffs, const TextOptions& options) {
  std::string out;
  for (const auto& d : diffs) {
    if (d.op != Op::kUnchanged) append_object(out, d, options);
  }
  out += format_summary(summarize(diffs)) + "\n";
  return out;
}

std::string format_json(const std::vector<ObjectDiff>& diffs) {
  Json arr = Json::array();
  for (const auto& d : diffs) {
    if (d.op == Op::kUnchanged) continue;
    Json entry = Json::object();
    entry["object"] = object_json(d);
    entry["op"] = op_name(d.op);
    Json changes = Json::array();
    for (const auto& c : d.changes)
      changes.push_back(Json{{"path", c.path}, {"old", c.old_value}, {"new", c.new_value}});
    entry["changes"] = std::move(changes);
    arr.push_back(std::move(entry));
  }
  return arr.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace grovectl::diff
