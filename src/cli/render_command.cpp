// grovectl render: inputs -> gang objects as YAML, JSON or one file per object.
#include <fmt/format.h>

#include <iostream>
#include <optional>

#include "cli/commands.hpp"
#include "cli/render_output.hpp"
#include "workflow/render_passes.hpp"
#include "cli/selectors.hpp"
#include "core/budgets.hpp"
#include "core/exit_codes.hpp"
#include "core/json_release.hpp"
#include "core/out_of_memory.hpp"
#include "core/text_excerpt.hpp"
#include "output/object_files.hpp"
#include "render/pipeline.hpp"
#include "yaml/emitter.hpp"

namespace grovectl {
namespace {

struct RenderFlags {
  SelectorFlags selectors;
  std::string output = "yaml";
  std::string output_dir;
  std::string include;
};

// --output-dir: each object's text and what the file-name layout reads of it (kind, apiVersion,
// metadata.name and namespace), not the object itself.
struct OutputFiles {
  std::vector<Json> identities;
  std::vector<std::string> contents;
  size_t bytes = 0;
};

Json identity_of(const Json& o) {
  Json id = Json::object();
  for (const char* k : {"apiVersion", "kind"}) {
    if (o.contains(k)) id[k] = o[k];
  }
  if (o.contains("metadata") && o["metadata"].is_object()) {
    id["metadata"] = Json::object();
    for (const char* k : {"name", "namespace"}) {
      if (o["metadata"].contains(k)) id["metadata"][k] = o["metadata"][k];
    }
  }
  return id;
}

bool output_within_budget(size_t objects, size_t bytes) {
  return objects <= kMaxRenderedObjects && bytes <= kMaxRenderedBytes;
}

// The render budget counted on what is really produced (the estimate before expanding should refuse
// first; this bounds memory whatever the estimate missed).
bool output_fits(size_t objects, size_t bytes, const Json& o, Diagnostics& diags) {
  if (output_within_budget(objects, bytes)) return true;
  if (!diags.has_errors()) {
    const Json id = identity_of(o);
    const Json& name = id.contains("metadata") ? id["metadata"].value("name", Json()) : Json();
    diags.error(
        "render/too-large",
        fmt::format("the output grows past {} at {} {}; {}",
                    objects > kMaxRenderedObjects ? fmt::format("{} objects", kMaxRenderedObjects)
                                                  : fmt::format("{} bytes", kMaxRenderedBytes),
                    id.contains("kind") ? id["kind"].dump() : "object",
                    name.is_string() ? excerpt(name.get<std::string>()) : "", RenderLimits::command().text));
  }
  return false;
}

// Inputs of up to 1 MiB of text are held whole (about 12 MiB as trees); a longer input is checked and
// rendered 128 documents at a time as it is read (workflow/render_passes.hpp).
constexpr Chunking kChunking{.hold_bytes = size_t{1} << 20, .documents_per_chunk = 128};

int print_text(OutputText& text) {
  text.finish();
  text.print(std::cout);
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "grovectl: error: cannot write to standard output\n";
    return kExitFailure;
  }
  return kExitOk;
}

// render's TextOutput: `text`, and the objects it holds (counted against the render budget).
TextOutput text_output(TextFormat format, std::optional<OutputText>& text, size_t& objects) {
  return TextOutput{
      .format = [format](const Json& o) { return object_text(format, o); },
      .append =
          [&text, &objects](std::string&& object) {
            text->append(std::move(object));
            return output_within_budget(++objects, text->bytes());
          },
      .discard =
          [format, &text, &objects] {
            text.emplace(format);
            objects = 0;
          },
  };
}

// The render of an input that the checks passed, its sources side by side: true when nothing was found.
bool render_clean(const DocumentRefs& renderable, const RenderOptions& options, const TemplateSet& templates,
                  const TextOutput& output) {
  RenderSession session(options, templates);
  if (!render_side_by_side(session, renderable, output)) return false;
  Diagnostics found;
  session.finish(found);
  return found.empty();
}

int run_render(const RenderFlags& flags) {
  Diagnostics diags;
  auto options = make_render_options(flags.selectors, diags);
  if (options && !flags.include.empty()) options->include = parse_include(flags.include, diags);
  if (flags.output == "name" && !flags.output_dir.empty())
    diags.error("usage/output",
                "-o name prints names to standard output; it cannot be combined with --output-dir");
  if (diags.has_errors()) {
    print_diagnostics(diags);
    return kExitUsage;
  }
  TemplateSet templates = load_templates(flags.selectors, diags);
  const std::shared_ptr<const CrdOverrides> crds = load_crd_overrides(flags.selectors, diags);
  const bool to_files = !flags.output_dir.empty();
  // What a killed render into the same directory left goes first, whatever this render's verdict.
  if (to_files) remove_interrupted_writes(flags.output_dir, diags);
  const bool json = flags.output == "json";
  const TextFormat format = text_format(flags.output);
  std::optional<OutputText> text(std::in_place, format);
  size_t objects = 0;
  const TextOutput output = text_output(format, text, objects);
  std::vector<SourceDocument> docs;
  if (!to_files && diags.empty()) {
    Activity rendering("rendering");
    std::optional<WholeInput> whole =
        render_in_chunks(flags.selectors, *options, crds, templates, kChunking, output);
    if (!whole) return print_text(*text);
    docs = std::move(whole->documents);
    diags.append(whole->load);
  } else {
    docs = load_inputs(flags.selectors, diags);
  }
  // One verdict: what validate reports as an error (layers 1-3) is never rendered, and documents that are
  // not grovectl's never reach the output.
  DocumentRefs renderable;
  if (!diags.has_errors()) renderable = checked_inputs(flags.selectors, docs, *options, crds, diags);
  OutputFiles files;
  if (!to_files && diags.empty()) {
    Activity rendering("rendering");
    if (render_clean(renderable, *options, templates, output)) return print_text(*text);
    output.discard();  // something was found: rendered again below, to report it
  }
  if (!diags.has_errors()) {
    Activity rendering("rendering");
    render_documents_each(renderable, *options, templates, diags, [&](Json&& o) {
      if (diags.has_errors()) return;
      ++objects;
      if (!to_files) {
        text->append(object_text(format, o));
        output_fits(objects, text->bytes(), o, diags);
        return release_tree(o);
      }
      files.contents.push_back(json ? o.dump(2) + "\n" : to_yaml(o));
      files.bytes += files.contents.back().size();
      files.identities.push_back(identity_of(o));
      output_fits(objects, files.bytes, o, diags);
      release_tree(o);
    });
  }
  if (diags.has_errors()) {
    print_diagnostics(diags);
    return exit_code_for_errors(diags);
  }
  print_diagnostics(diags);  // warnings
  if (to_files) {
    Activity writing("writing " + flags.output_dir);
    if (!write_object_files(flags.output_dir, object_file_names(files.identities, json ? "json" : "yaml"),
                            files.contents, diags)) {
      print_diagnostics(diags);
      return kExitFailure;
    }
    return kExitOk;
  }
  return print_text(*text);
}

}  // namespace

CommandRunner add_render_command(CLI::App& app) {
  auto flags = std::make_shared<RenderFlags>();
  CLI::App* cmd = app.add_subcommand("render", "Expand PodCliqueSets and JobSets into gang objects");
  add_selector_flags(*cmd, flags->selectors);
  cmd->add_option(
         "-o,--output", flags->output,
         "Output format: yaml (multi-document), json, or name (kubectl's kind.group/name, one per line)")
      ->check(CLI::IsMember({"yaml", "json", "name"}));
  cmd->add_option("--output-dir", flags->output_dir,
                  "Write one file per object into DIR (all or nothing) instead of standard output");
  cmd->add_option(
      "--include", flags->include,
      "Objects to emit, comma-separated: podgang, scheduler, jobset, pods. Default: podgang,scheduler "
      "for a PodCliqueSet, scheduler,jobset for a JobSet");
  cmd->footer(
      "Examples:\n"
      "  grovectl render -f pcs.yaml\n"
      "  grovectl render -f pcs.yaml --backend kai-scheduler -o json\n"
      "  grovectl render -f manifests/ --kube-version 1.36 --output-dir out/\n"
      "  grovectl render -f pcs.yaml -o name\n"
      "  kubectl get pcs my-pcs -o yaml | grovectl render -f - --include podgang");
  return [flags] { return run_render(*flags); };
}

}  // namespace grovectl
