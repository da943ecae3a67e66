#include "input/loader.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include "core/out_of_memory.hpp"
#include "input/directory_walk.hpp"
#include "input/file_reading.hpp"

namespace grovectl {
namespace {

// kind: List (and *List kinds such as PodCliqueSetList) become their items, keeping source positions.
void flatten_lists(SourceDocument doc, const DocumentSink& out, Diagnostics& diags) {
  const Json& v = doc.value;
  bool is_list = v.is_object() && v.contains("kind") && v["kind"].is_string() &&
                 v["kind"].get<std::string>().size() >= 4 && v["kind"].get<std::string>().ends_with("List") &&
                 v.contains("items");
  if (!is_list) {
    out(std::move(doc));
    return;
  }
  if (!v["items"].is_array()) {
    diags.error("input/list", "items of a List must be a sequence", doc.locate("/items"), "items");
    return;
  }
  for (size_t i = 0; i < v["items"].size(); ++i) {
    if (v["items"][i].is_null()) continue;  // an empty item, skipped like an empty document
    SourceDocument item{doc.file, doc.index, v["items"][i], doc.positions,
                        doc.base_pointer + pointer_append("/items", i)};
    flatten_lists(std::move(item), out, diags);
  }
}

// Helm's and other Go templates put {{ }} where YAML expects a key, a value or an item (`{{- if .Values.x
// }}`, `name: {{ .Release.Name }}`, `- {{ toYaml . }}`), which no YAML parser reads. The line of the first,
// or 0.
int go_template_line(std::string_view text) {
  int line = 1;
  for (size_t start = 0; start < text.size(); ++line) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(start, end - start);
    start = end + 1;
    const size_t open = l.find("{{");
    if (open == std::string_view::npos || l.find("}}", open) == std::string_view::npos) continue;
    const std::string_view before = l.substr(0, open);
    const size_t last = before.find_last_not_of(" \t");
    if (last == std::string_view::npos || before[last] == ':' || before[last] == '-') return line;
  }
  return 0;
}

// A YAML error in a file that looks like a Go template says so, and what to do.
void add_go_template_hint(Diagnostics& found, int template_line, Diagnostics& diags) {
  for (Diagnostic d : found.items()) {
    if (d.rule == "yaml/syntax" || d.rule == "json/syntax")
      d.message += fmt::format(
          " (line {} holds a Go template directive, {{{{ ... }}}}: this looks like a Helm template, which is "
          "not "
          "YAML until helm renders it; validate what `helm template` prints, or leave such files out with "
          "--ignore-filename-pattern)",
          template_line);
    diags.add(std::move(d));
  }
}

bool is_directory(const std::string& path) {
  struct stat st {};
  return path != "-" && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

}  // namespace

InputLoader::InputLoader(Diagnostics& diags, LoadOptions options)
    : diags_(diags),
      options_(options),
      bytes_left_(options.limits.max_bytes),
      nodes_left_(options.limits.max_nodes),
      flow_levels_left_(options.limits.max_flow_levels) {}

void InputLoader::load_stream(const std::string& path, const DocumentSink& out) {
  InputText input;
  if (options_.budget == InputBudget::kEachFile) restart();
  const bool cached_stdin = path == "-" && stdin_text_;
  if (!cached_stdin) {
    Activity reading("reading " + path);
    if (!read_or_map_input(ReadRequest{.path = path,
                                       .max_bytes = bytes_left_,
                                       .budget = options_.budget,
                                       .allow_tty = options_.allow_stdin_tty},
                           input, diags_))
      return;
    if (path == "-" && options_.keep_stdin) stdin_text_ = std::move(input.read);
  }
  const std::string_view text = path == "-" && stdin_text_ ? std::string_view(*stdin_text_) : input.view();
  bytes_left_ -= text.size();
  Activity parsing("parsing " + path);
  ReadLimits limits = options_.limits;
  limits.max_bytes = text.size();
  limits.max_nodes = nodes_left_;
  limits.max_flow_levels = flow_levels_left_;
  ReadStats stats;
  const std::string name = path == "-" && !options_.stdin_name.empty() ? options_.stdin_name : path;
  const size_t findings_before = diags_.items().size();
  size_t documents = 0;
  const DocumentSink counted = [&](SourceDocument&& doc) {
    ++documents;
    out(std::move(doc));
  };
  // A template's YAML error comes with a hint; a template stops parsing at its first directive, so its
  // findings are held until the end of the file.
  const int template_line = go_template_line(text);
  Diagnostics held;
  Diagnostics& found = template_line > 0 ? held : diags_;
  parse_yaml_stream_each(text, name, found, limits, &stats,
                         [&](SourceDocument&& doc) { flatten_lists(std::move(doc), counted, found); });
  if (template_line > 0) add_go_template_hint(held, template_line, diags_);
  nodes_left_ -= std::min(nodes_left_, stats.nodes);
  flow_levels_left_ -= std::min(flow_levels_left_, stats.flow_levels);
  if (documents == 0 && diags_.items().size() == findings_before)
    skipped_.push_back(
        {name, "empty file", "it holds no document (it is empty, or only comments, \"---\" or null)"});
  // What was parsed after the loss came from zero bytes (and any finding about it with it).
  if (input.shrank())
    diags_.error("input/io",
                 "the file shrank while it was read (another process truncated or rewrote it); nothing read "
                 "from it can be trusted: run again once it is complete",
                 Location{path});
}

size_t InputLoader::load(const std::string& path, std::vector<SourceDocument>& out) {
  const size_t before = out.size();
  load_each(path, [&](SourceDocument&& doc) { out.push_back(std::move(doc)); });
  return out.size() - before;
}

size_t InputLoader::load_each(const std::string& path, const DocumentSink& out) {
  size_t count = 0;
  const DocumentSink counted = [&](SourceDocument&& doc) {
    ++count;
    out(std::move(doc));
  };
  if (!is_directory(path)) {
    load_stream(path, counted);
    return count;
  }
  std::vector<std::string> files;
  {
    Activity walking("listing " + path);
    files = manifest_files_under(path, options_.ignore, diags_, {options_.leave_out, &skipped_});
  }
  for (const auto& f : files) load_stream(f, counted);
  return count;
}

void InputLoader::restart() {
  bytes_left_ = options_.limits.max_bytes;
  nodes_left_ = options_.limits.max_nodes;
  flow_levels_left_ = options_.limits.max_flow_levels;
}

std::vector<SourceDocument> load_documents(const std::vector<std::string>& paths, Diagnostics& diags,
                                           const LoadOptions& options) {
  std::vector<SourceDocument> out;
  InputLoader loader(diags, options);
  for (const auto& p : paths) loader.load(p, out);
  return out;
}

std::vector<SourceDocument> load_text(const std::string& text, const std::string& name, Diagnostics& diags,
                                      const LoadOptions& options) {
  std::vector<SourceDocument> out;
  load_text_each(text, name, diags, options, [&](SourceDocument&& doc) { out.push_back(std::move(doc)); });
  return out;
}

void load_text_each(const std::string& text, const std::string& name, Diagnostics& diags,
                    const LoadOptions& options, const DocumentSink& sink) {
  parse_yaml_stream_each(text, name, diags, options.limits, nullptr,
                         [&](SourceDocument&& doc) { flatten_lists(std::move(doc), sink, diags); });
}

}  // namespace grovectl
