#include "diff/print.hpp"

#include <fmt/format.h>

#include "core/parallel.hpp"
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
  std::string title = fmt::format("diff {} ({}", id, op_name(d.op));
  if (!d.old_name.empty()) title += fmt::format("; {} name {}", opt.old_label, d.old_name);
  out += paint(title + ")", kBold, opt.color) + "\n";
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
  if (!d.old_name.empty()) j["liveName"] = d.old_name;
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
  std::vector<const ObjectDiff*> shown;
  for (const auto& d : diffs) {
    if (d.op != Op::kUnchanged) shown.push_back(&d);
  }
  // Each object's text depends on that object alone: they are formatted on every core, joined in order.
  std::vector<std::string> texts(shown.size());
  for_each_index_parallel(shown.size(), [&](size_t i) { append_object(texts[i], *shown[i], options); });
  std::string out;
  for (const std::string& text : texts) out += text;
  out += format_summary(summarize(diffs)) + "\n";
  return out;
}

Json diffs_json(const std::vector<ObjectDiff>& diffs) {
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
  return arr;
}

Json summary_json(const Summary& s) {
  return Json{{"added", s.added},
              {"removed", s.removed},
              {"changed", s.changed},
              {"unchanged", s.unchanged},
              {"outOfScope", s.out_of_scope}};
}

}  // namespace grovectl::diff
