// grovectl render: inputs -> gang objects as YAML, JSON or one file per object.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/selectors.hpp"
#include "core/exit_codes.hpp"
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

int run_render(const RenderFlags& flags) {
  Diagnostics diags;
  auto options = make_render_options(flags.selectors, diags);
  if (options && !flags.include.empty()) options->include = parse_include(flags.include, diags);
  if (diags.has_errors()) {
    print_diagnostics(diags);
    return kExitUsage;
  }
  TemplateSet templates = load_templates(flags.selectors, diags);
  std::vector<SourceDocument> docs = load_inputs(flags.selectors, diags);
  // One verdict: what validate reports as an error (layers 1-3) is never rendered, and documents that are
  // not grovectl's never reach the output.
  DocumentRefs renderable;
  if (!diags.has_errors()) renderable = checked_inputs(flags.selectors, docs, *options, diags);
  std::vector<Json> objects;
  // YAML to stdout is built as text object by object (peak memory: the text, not every object's tree);
  // it is printed only when the whole render succeeded, so errors never leave partial output. The text
  // is kept in chunks so it never needs a doubling reallocation of one huge string.
  const bool stream_yaml = flags.output_dir.empty() && flags.output != "json";
  std::vector<std::string> yaml_chunks;
  if (!diags.has_errors()) {
    if (stream_yaml) {
      constexpr size_t kChunk = 1 << 20;
      bool first = true;
      render_documents_each(renderable, *options, templates, diags, [&](Json&& o) {
        if (yaml_chunks.empty() || yaml_chunks.back().size() >= kChunk) {
          yaml_chunks.emplace_back();
          yaml_chunks.back().reserve(kChunk + (kChunk >> 2));
        }
        std::string& out = yaml_chunks.back();
        if (!first) out += "---\n";
        first = false;
        append_yaml(out, o);
      });
    } else {
      render_documents_each(renderable, *options, templates, diags,
                            [&](Json&& o) { objects.push_back(std::move(o)); });
    }
  }
  if (diags.has_errors()) {
    print_diagnostics(diags);
    return exit_code_for_errors(diags);
  }
  print_diagnostics(diags);  // warnings
  if (!flags.output_dir.empty()) {
    std::string ext = flags.output == "json" ? "json" : "yaml";
    std::vector<std::string> contents;
    for (const auto& o : objects) contents.push_back(flags.output == "json" ? o.dump(2) + "\n" : to_yaml(o));
    if (!write_object_files(flags.output_dir, object_file_names(objects, ext), contents, diags)) {
      print_diagnostics(diags);
      return kExitFailure;
    }
    return kExitOk;
  }
  if (stream_yaml) {
    for (const auto& chunk : yaml_chunks) std::cout << chunk;
  } else {
    std::cout << to_json_text(objects);
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "grovectl: error: cannot write to standard output\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

CommandRunner add_render_command(CLI::App& app) {
  auto flags = std::make_shared<RenderFlags>();
  CLI::App* cmd = app.add_subcommand("render", "Expand PodCliqueSets and JobSets into gang objects");
  add_selector_flags(*cmd, flags->selectors);
  cmd->add_option("-o,--output", flags->output, "Output format: yaml (multi-document) or json")
      ->check(CLI::IsMember({"yaml", "json"}));
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
      "  kubectl get pcs my-pcs -o yaml | grovectl render -f - --include podgang");
  return [flags] { return run_render(*flags); };
}

}  // namespace grovectl
