// grovectl diff (DESIGN §7): rendered objects against live ones (--live PATH | --kubectl), or a migration
// preview between two renders of the same inputs (--to-backend / --to-kube-version / --to-hierarchy).
#include <fmt/format.h>

#include <iostream>
#include <map>
#include <set>

#include "cli/color.hpp"
#include "cli/commands.hpp"
#include "cli/selectors.hpp"
#include "core/budgets.hpp"
#include "core/exit_codes.hpp"
#include "core/out_of_memory.hpp"
#include "core/text_excerpt.hpp"
#include "diff/compare.hpp"
#include "diff/kubectl_source.hpp"
#include "diff/object_key.hpp"
#include "diff/print.hpp"
#include "input/loader.hpp"
#include "render/pipeline.hpp"

namespace grovectl {
namespace {

struct DiffFlags {
  SelectorFlags selectors;
  std::vector<std::string> live;
  bool kubectl = false;
  std::string context;
  std::string kubectl_program = "kubectl";
  std::string to_backend;
  std::string to_kube_version;
  std::string to_hierarchy;
  std::string include;
  std::string output = "text";
  std::string color = "auto";
  std::string context_lines = "3";
  std::vector<std::string> ignore;
};

int fail(const Diagnostics& diags, int code) {
  print_diagnostics(diags);
  return code;
}

bool migration(const DiffFlags& f) {
  return !f.to_backend.empty() || !f.to_kube_version.empty() || !f.to_hierarchy.empty();
}

// Usage problems that the flag parser cannot see.
bool check_modes(const DiffFlags& f, Diagnostics& diags) {
  int modes = (f.live.empty() ? 0 : 1) + (f.kubectl ? 1 : 0) + (migration(f) ? 1 : 0);
  if (!f.context.empty() && !f.kubectl) {
    diags.error("usage/diff-context", "--context is a kubectl context and needs --kubectl");
    return false;
  }
  if (modes == 1) return true;
  diags.error(
      "usage/diff-mode",
      modes == 0
          ? "diff needs something to compare with: --live PATH, --kubectl, or --to-backend/--to-kube-version"
          : "use only one of --live, --kubectl and --to-backend/--to-kube-version/--to-hierarchy");
  return false;
}

std::optional<RenderOptions> target_options(const DiffFlags& f, Diagnostics& diags) {
  SelectorFlags to = f.selectors;
  if (!f.to_backend.empty()) to.backend = f.to_backend;
  if (!f.to_kube_version.empty()) to.kube_version = f.to_kube_version;
  if (!f.to_hierarchy.empty()) to.hierarchy = f.to_hierarchy;
  return make_render_options(to, diags);
}

std::string options_label(const RenderOptions& o) {
  std::string backend = o.backend ? backend_name(*o.backend) : "(from input)";
  std::string label = fmt::format("{}@{}", backend, o.kube_version.text());
  if (o.hierarchy == Hierarchy::kComposite) label += "/composite";
  return label;
}

// Live objects of other kinds (a namespace dump, the PodCliqueSet itself) are not ours to compare; a note
// on stderr says what was skipped, so objects of another backend are never silently ignored.
std::vector<Json> live_of_rendered_kinds(const std::vector<SourceDocument>& docs,
                                         const std::vector<Json>& rendered) {
  std::set<std::pair<std::string, std::string>> kinds;
  for (const auto& o : rendered) kinds.insert({diff::api_group(o), diff::object_key(o).kind});
  std::vector<Json> live;
  std::map<std::string, size_t> skipped;
  std::map<diff::ObjectKey, size_t> seen;
  for (const auto& d : docs) {
    std::string kind = diff::object_key(d.value).kind;
    if (kinds.count({diff::api_group(d.value), kind})) {
      diff::ObjectKey key = diff::object_key(d.value);
      auto [it, inserted] = seen.try_emplace(key, live.size());
      if (inserted) {
        live.push_back(d.value);
      } else {
        std::cerr << "grovectl: " << format_location(d.locate()) << ": warning: live " << diff::display(key)
                  << " appears more than once; the last copy is compared\n";
        live[it->second] = d.value;
      }
    } else {
      ++skipped[kind + (diff::api_group(d.value).empty() ? "" : "." + diff::api_group(d.value))];
    }
  }
  if (!skipped.empty()) {
    std::string list;
    for (const auto& [k, n] : skipped) list += fmt::format("{}{} ({})", list.empty() ? "" : ", ", k, n);
    std::cerr << "grovectl: note: not compared, the render produces no objects of these kinds: " << list
              << "\n";
  }
  return live;
}

// --context-lines as a number from 0 to 10000; anything else (-1, 18446744073709551615) is a usage error.
std::optional<size_t> parse_context_lines(const std::string& text) {
  constexpr size_t kMaxContextLines = 10000;
  if (text.empty() || text.size() > 5 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  size_t n = std::stoul(text);
  if (n > kMaxContextLines) return std::nullopt;
  return n;
}

// A live document (or List item) that is not an object with apiVersion and kind is a broken live input
// (exit 3), not a difference.
void check_live_objects(const std::vector<SourceDocument>& docs, Diagnostics& diags) {
  for (const auto& d : docs) {
    const Json& v = d.value;
    const bool is_object = v.is_object() && v.contains("apiVersion") && v["apiVersion"].is_string() &&
                           v.contains("kind") && v["kind"].is_string();
    if (!is_object) {
      diags.error("input/live-object",
                  fmt::format("a live {} is not a Kubernetes object (a mapping with apiVersion and kind)",
                              d.base_pointer.empty() ? "document" : "List item"),
                  d.locate(), pointer_to_field_path(d.base_pointer));
    }
  }
}

// Renders like render_documents, refusing more than kMaxDiffObjects objects (diff keeps both sides as trees).
std::vector<Json> render_for_diff(const std::vector<SourceDocument>& docs, const RenderOptions& options,
                                  const TemplateSet& templates, Diagnostics& diags) {
  std::vector<Json> objects;
  render_documents_each(docs, options, templates, diags, [&](Json&& o) {
    if (objects.size() < kMaxDiffObjects) {
      objects.push_back(std::move(o));
    } else if (!diags.has_errors()) {
      diags.error(
          "render/too-large",
          fmt::format("the render has more than {} objects; diff compares at most {} objects per side",
                      kMaxDiffObjects, kMaxDiffObjects),
          docs.empty() ? Location{} : Location{docs.front().file});
    }
  });
  if (diags.has_errors()) return {};
  return objects;
}

int run_diff(const DiffFlags& flags) {
  const std::optional<size_t> context_lines = parse_context_lines(flags.context_lines);
  if (!context_lines) {
    std::cerr << "grovectl: --context-lines must be between 0 and 10000 (got " << excerpt(flags.context_lines)
              << ")\n";
    return kExitUsage;
  }
  Diagnostics diags;
  auto options = make_render_options(flags.selectors, diags);
  if (options && !flags.include.empty()) options->include = parse_include(flags.include, diags);
  std::vector<diff::IgnoreRule> ignore;
  for (const auto& text : flags.ignore) {
    std::string error;
    if (auto rule = diff::parse_ignore_rule(text, error)) {
      ignore.push_back(*rule);
    } else {
      diags.error("usage/ignore", error);
    }
  }
  auto color_mode = parse_color_mode(flags.color);
  check_modes(flags, diags);
  std::optional<RenderOptions> to;
  if (options && migration(flags)) {
    to = target_options(flags, diags);
    if (to) to->include = options->include;
  }
  if (diags.has_errors()) return fail(diags, kExitUsage);

  TemplateSet templates = load_templates(flags.selectors, diags);
  std::vector<SourceDocument> docs = load_inputs(flags.selectors, diags);
  if (diags.has_errors()) return fail(diags, kExitFailure);
  Activity rendering("rendering");
  std::vector<Json> rendered = render_for_diff(docs, *options, templates, diags);
  if (diags.has_errors()) return fail(diags, kExitFailure);

  std::vector<Json> old_side;
  std::vector<Json> new_side = rendered;
  diff::TextOptions text;
  text.context = *context_lines;
  if (to) {
    old_side = rendered;
    new_side = render_for_diff(docs, *to, templates, diags);
    if (diags.has_errors()) return fail(diags, kExitFailure);
    text.old_label = options_label(*options);
    text.new_label = options_label(*to);
  } else {
    std::vector<SourceDocument> live_docs;
    if (flags.kubectl) {
      diff::KubectlOptions k{flags.kubectl_program, flags.context};
      live_docs = diff::fetch_live_objects(rendered, k, diags);
    } else {
      live_docs = load_documents(flags.live, diags);
      check_live_objects(live_docs, diags);
    }
    if (diags.has_errors()) return fail(diags, kExitFailure);
    old_side = live_of_rendered_kinds(live_docs, rendered);
    if (old_side.size() > kMaxDiffObjects) {
      diags.error("input/too-large",
                  fmt::format("{} live objects to compare; diff compares at most {} objects per side",
                              old_side.size(), kMaxDiffObjects),
                  live_docs.front().locate());
      return fail(diags, kExitFailure);
    }
  }
  print_diagnostics(diags);  // warnings

  Activity comparing("comparing");
  auto diffs = diff::diff_object_sets(old_side, new_side, diff::CompareOptions{ignore});
  if (flags.output == "json") {
    std::cout << diff::format_json(diffs);
  } else {
    text.color = use_color_for_stdout(*color_mode);
    std::cout << diff::format_text(diffs, text);
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "grovectl: error: cannot write to standard output\n";
    return kExitFailure;
  }
  return diff::summarize(diffs).any() ? kExitFindings : kExitOk;
}

}  // namespace

CommandRunner add_diff_command(CLI::App& app) {
  auto flags = std::make_shared<DiffFlags>();
  CLI::App* cmd =
      app.add_subcommand("diff", "Diff rendered objects against live ones, or preview a migration");
  add_selector_flags(*cmd, flags->selectors);
  cmd->add_option(
      "--live", flags->live,
      "Live objects: file, directory or - for stdin (kubectl get -o yaml output, List or multi-doc); "
      "repeatable");
  cmd->add_flag(
      "--kubectl", flags->kubectl,
      "Fetch live objects read-only: kubectl [--context C] get KIND.VERSION.GROUP NAME... -n NS -o yaml "
      "--ignore-not-found, for exactly the rendered objects");
  cmd->add_option("--context", flags->context, "kubectl context for --kubectl");
  cmd->add_option("--kubectl-path", flags->kubectl_program,
                  "kubectl program for --kubectl (default: kubectl on PATH)");
  cmd->add_option("--to-backend", flags->to_backend,
                  "Migration preview: render again for this backend and diff");
  cmd->add_option("--to-kube-version", flags->to_kube_version,
                  "Migration preview: render again for this Kubernetes version and diff");
  cmd->add_option("--to-hierarchy", flags->to_hierarchy,
                  "Migration preview: render again with this hierarchy")
      ->check(CLI::IsMember({"flat", "composite"}));
  cmd->add_option("--include", flags->include,
                  "Objects to compare, as for render: podgang, scheduler, jobset, pods");
  cmd->add_option("-o,--output", flags->output, "Output format: text (unified diff + summary) or json")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--color", flags->color,
                  "Color the text diff: auto (terminal, no NO_COLOR, TERM not dumb), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_option("--context-lines", flags->context_lines, "Unchanged lines around each change (default 3)")
      ->type_name("UINT");
  cmd->add_option(
      "--ignore", flags->ignore,
      "Leave a field out of the comparison and the exit code: [Kind[.group][/name]:]/json/pointer; "
      "tokens may be * or name=X; repeatable");
  cmd->footer(
      "Sides: '-' is live (or the current backend/version), '+' is what grovectl renders (or the target).\n"
      "Before comparing, both sides drop status and server metadata, get server defaults filled in, and\n"
      "lose fields only the cluster can know (PodGang podReferences, Priority admission's priority).\n"
      "--kubectl asks only for the rendered names, so it cannot see leftover objects; to find those, pipe\n"
      "  kubectl get podgangs,<backend kinds> -n NS -l app.kubernetes.io/part-of=PCS -o yaml | grovectl diff "
      "... --live -\n"
      "Exit codes: 0 no differences, 1 differences, 2 usage error, 3 input, I/O, kubectl or internal error.\n"
      "Examples:\n"
      "  kubectl get podgangs -n team -o yaml | grovectl diff -f pcs.yaml --live -\n"
      "  grovectl diff -f pcs.yaml --kubectl --context prod\n"
      "  grovectl diff -f pcs.yaml --backend kai-scheduler --to-backend default-scheduler --to-kube-version "
      "1.37\n"
      "  grovectl diff -f pcs.yaml --live dump/ --ignore PodGang:/metadata/labels/team -o json");
  return [flags] { return run_diff(*flags); };
}

}  // namespace grovectl
