// grovectl diff: rendered objects against live ones (--live PATH | --kubectl), or a migration
// preview between two renders of the same inputs (--to-backend / --to-kube-version / --to-hierarchy /
// --to-feature-gates), which prints a plan before the object diff.
#include <fmt/format.h>

#include <functional>
#include <iostream>

#include "backend/checks.hpp"
#include "cli/color.hpp"
#include "cli/commands.hpp"
#include "cli/selectors.hpp"
#include "core/budgets.hpp"
#include "core/exit_codes.hpp"
#include "core/out_of_memory.hpp"
#include "core/text_excerpt.hpp"
#include "diff/brief.hpp"
#include "diff/compare.hpp"
#include "diff/grove_migration.hpp"
#include "diff/kubectl_source.hpp"
#include "diff/live_epochs.hpp"
#include "diff/live_objects.hpp"
#include "diff/plan.hpp"
#include "diff/plan_print.hpp"
#include "diff/pod_identity.hpp"
#include "diff/print.hpp"
#include "input/loader.hpp"
#include "render/pipeline.hpp"

namespace grovectl {
namespace {

constexpr size_t kMaxContextLines = 10000;

struct DiffFlags {
  SelectorFlags selectors;
  std::vector<std::string> live;
  bool kubectl = false;
  std::string context;
  std::string kubeconfig;
  std::string kubectl_program = "kubectl";
  std::string to_backend;
  std::string to_kube_version;
  std::string to_grove_version;
  std::string to_hierarchy;
  std::string to_feature_gates;
  bool to_feature_gates_given = false;
  std::string include;
  std::string output = "text";
  std::string color = "auto";
  std::string context_lines = "3";
  std::vector<std::string> ignore;
  bool show_unrelated = false;
  bool quiet = false;
};

// Everything the flags decide before any input is read.
struct DiffSetup {
  RenderOptions options;
  std::optional<RenderOptions> target;  // migration preview
  std::vector<diff::IgnoreRule> ignore;
  ColorMode color = ColorMode::kAuto;
  size_t context_lines = 3;
};

bool migration(const DiffFlags& f) {
  return !f.to_backend.empty() || !f.to_kube_version.empty() || !f.to_grove_version.empty() ||
         !f.to_hierarchy.empty() || f.to_feature_gates_given;
}

void check_modes(const DiffFlags& f, Diagnostics& diags) {
  int modes = (f.live.empty() ? 0 : 1) + (f.kubectl ? 1 : 0) + (migration(f) ? 1 : 0);
  if (!f.context.empty() && !f.kubectl) {
    diags.error("usage/diff-context", "--context is a kubectl context and needs --kubectl");
  }
  if (!f.kubeconfig.empty() && !f.kubectl) {
    diags.error("usage/diff-kubeconfig", "--kubeconfig is kubectl's and needs --kubectl");
  }
  if (modes == 0) {
    diags.error(
        "usage/diff-mode",
        "diff needs something to compare with: --live PATH, --kubectl, or --to-backend/--to-kube-version/"
        "--to-grove-version/--to-hierarchy/--to-feature-gates");
  } else if (modes > 1) {
    diags.error("usage/diff-mode",
                "use only one of --live, --kubectl and --to-backend/--to-kube-version/--to-grove-version/"
                "--to-hierarchy/--to-feature-gates");
  }
  if (f.show_unrelated && migration(f)) {
    diags.error("usage/diff-mode", "--show-unrelated is about live objects; a migration preview has none");
  }
}

// Standard input can be read once: `-f - --live -` would give the second reader nothing.
void check_stdin_once(const DiffFlags& f, Diagnostics& diags) {
  std::vector<std::string> readers;
  auto count = [&](const std::vector<std::string>& paths, const char* flag) {
    for (const auto& p : paths) {
      if (p == "-") readers.push_back(flag);
    }
  };
  count(f.selectors.files, "-f");
  count(f.selectors.topology, "--topology");
  count(f.live, "--live");
  if (readers.size() < 2) return;
  std::string list;
  for (size_t i = 0; i < readers.size(); ++i)
    list += (i == 0 ? "" : i + 1 == readers.size() ? " and " : ", ") + readers[i];
  diags.error("usage/stdin-twice",
              fmt::format("standard input ('-') can be read only once, but {} both name it; save one of the "
                          "streams to a file",
                          list));
}

std::optional<size_t> parse_context_lines(const std::string& text) {
  if (text.empty() || text.size() > 5) return std::nullopt;
  size_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<size_t>(c - '0');
  }
  if (value > kMaxContextLines) return std::nullopt;
  return value;
}

bool names_by_epoch(const std::string& grove_version) {
  std::string error;
  const GroveVersion* v =
      grove_version.empty() ? &GroveVersion::newest() : parse_grove_version(grove_version, error);
  return v && v->naming == GangNaming::kEpoch;
}

// The flags of one side of a migration preview. Across the change to epoch names (--grove-version to
// --to-grove-version), --epoch is for the side that names PodGangs by epoch.
SelectorFlags side_flags(const DiffFlags& f, const std::string& grove_version) {
  SelectorFlags side = f.selectors;
  side.grove_version = grove_version;
  const bool across = !f.to_grove_version.empty() &&
                      names_by_epoch(f.selectors.grove_version) != names_by_epoch(f.to_grove_version);
  if (across && !names_by_epoch(grove_version)) side.epoch.clear();
  return side;
}

std::optional<RenderOptions> target_options(const DiffFlags& f, const RenderOptions& from,
                                            Diagnostics& diags) {
  SelectorFlags to =
      side_flags(f, f.to_grove_version.empty() ? f.selectors.grove_version : f.to_grove_version);
  if (!f.to_backend.empty()) to.backend = f.to_backend;
  if (!f.to_kube_version.empty()) to.kube_version = f.to_kube_version;
  if (!f.to_hierarchy.empty()) {
    to.hierarchy = f.to_hierarchy;
  } else if (!f.to_backend.empty() && parse_backend(f.to_backend) != Backend::kDefaultScheduler) {
    to.hierarchy = "flat";  // the hierarchy is the Workload API's; other backends have only their own shape
  }
  // The target's gates are --to-feature-gates, parsed for the target version; without it, the current
  // gates that the target version still has carry over (the plan names the ones it lost).
  to.feature_gates = f.to_feature_gates;
  auto o = make_render_options(to, diags);
  if (!o || f.to_feature_gates_given) return o;
  for (const auto& [gate, on] : from.gates.values()) {
    if (gate_exists(gate, o->kube_version)) o->gates.set(gate, on);
  }
  return o;
}

// Usage problems: every one is reported, then the exit is 2.
std::optional<DiffSetup> setup(const DiffFlags& f) {
  Diagnostics diags;
  DiffSetup s;
  auto options = make_render_options(side_flags(f, f.selectors.grove_version), diags);
  if (options && !f.include.empty()) options->include = parse_include(f.include, diags);
  for (const auto& text : f.ignore) {
    std::string error;
    if (auto rule = diff::parse_ignore_rule(text, error))
      s.ignore.push_back(*rule);
    else
      diags.error("usage/ignore", error);
  }
  if (auto c = parse_color_mode(f.color)) s.color = *c;
  check_modes(f, diags);
  check_stdin_once(f, diags);
  if (options && migration(f)) {
    s.target = target_options(f, *options, diags);
    if (s.target) s.target->include = options->include;
  }
  print_diagnostics(diags);
  auto lines = parse_context_lines(f.context_lines);
  if (!lines) {
    std::cerr << "grovectl: --context-lines must be between 0 and " << kMaxContextLines << " (got "
              << excerpt(f.context_lines) << ")\n";
  }
  if (diags.has_errors() || !lines || !options) return std::nullopt;
  s.context_lines = *lines;
  s.options = *options;
  return s;
}

// A live document (or List item) that is not an object with apiVersion and kind is a broken live input
// (exit 4), not a difference. Returns whether it is an object.
bool check_live_object(const SourceDocument& d, Diagnostics& diags) {
  const Json& v = d.value;
  const bool is_object = v.is_object() && v.contains("apiVersion") && v["apiVersion"].is_string() &&
                         v.contains("kind") && v["kind"].is_string();
  if (!is_object) {
    diags.error("input/live-object",
                fmt::format("a live {} is not a Kubernetes object (a mapping with apiVersion and kind)",
                            d.base_pointer.empty() ? "document" : "List item"),
                d.locate(), pointer_to_field_path(d.base_pointer));
  }
  return is_object;
}

// Renders like render_documents_each, refusing more than kMaxDiffObjects objects (diff holds both sides):
// by the estimate of each source before it is expanded, as render refuses sources over its limits, and
// again by the count of what comes out.
void render_for_diff(const DocumentRefs& docs, const RenderOptions& options, const TemplateSet& templates,
                     Diagnostics& diags, const std::function<void(Json&&)>& keep) {
  size_t count = 0;
  render_documents_each(
      docs, options, templates, diags,
      [&](Json&& o) {
        if (count++ < kMaxDiffObjects) {
          keep(std::move(o));
        } else if (!diags.has_errors()) {
          diags.error(
              "render/too-large",
              fmt::format("the render has more than {} objects; diff compares at most {} objects per side",
                          kMaxDiffObjects, kMaxDiffObjects),
              docs.empty() ? Location{} : Location{docs.front()->file});
        }
      },
      RenderLimits::diff_side());
}

// A migration preview's side: trees, which its plan reads after the comparison.
std::vector<Json> render_trees(const DocumentRefs& docs, const RenderOptions& options,
                               const TemplateSet& templates, Diagnostics& diags) {
  std::vector<Json> objects;
  render_for_diff(docs, options, templates, diags, [&](Json&& o) { objects.push_back(std::move(o)); });
  if (diags.has_errors()) return {};
  return objects;
}

// A live diff's rendered side: each object packed as it comes out of the render, with what the selection
// of the live side needs of it.
struct PackedRender {
  std::vector<diff::PackedObject> objects;
  diff::ScopeAnchors index;
};

PackedRender render_packed(const DocumentRefs& docs, const std::vector<SourceDocument>& inputs,
                           const RenderOptions& options, const TemplateSet& templates, Diagnostics& diags) {
  PackedRender rendered;
  render_for_diff(docs, options, templates, diags, [&](Json&& o) {
    diff::ObjectKey match = diff::match_key(o);
    rendered.index.add_rendered(o, match);
    rendered.objects.push_back(diff::pack_object(std::move(o), std::move(match)));
  });
  rendered.index.add_sources(diff::source_refs(inputs));
  return rendered;
}

struct Sides {
  std::vector<Json> old_side;  // a migration preview's
  std::vector<Json> new_side;
  std::vector<diff::PackedObject> live_side;  // a live diff's
  std::vector<diff::PackedObject> rendered_side;
  std::vector<size_t> live_of_rendered;  // LiveSet::rendered_matches: the pairs the selection found
  size_t out_of_scope = 0;
  std::optional<diff::MigrationPlan> plan;
};

void note(const DiffFlags& f, const std::string& text) {
  if (!f.quiet) std::cerr << "grovectl: note: " << text << "\n";
}

void note_other_kinds(const DiffFlags& f, const std::map<std::string, size_t>& kinds) {
  if (kinds.empty()) return;
  std::string list;
  for (const auto& [k, n] : kinds) list += fmt::format("{}{} ({})", list.empty() ? "" : ", ", k, n);
  note(f, "not compared, the render produces no objects of these kinds: " + list);
}

diff::KubectlOptions kubectl_options(const DiffFlags& f) {
  return diff::KubectlOptions{.program = f.kubectl_program, .kubeconfig = f.kubeconfig, .context = f.context};
}

bool any_without_namespace(const std::vector<SourceDocument>& docs) {
  for (const auto& d : docs) {
    const Json& v = d.value;
    if (!v.is_object() || v.value("kind", Json()) == "ClusterTopologyBinding") continue;  // cluster-scoped
    const Json* metadata = v.contains("metadata") ? &v["metadata"] : nullptr;
    if (!metadata || !metadata->is_object() || !metadata->contains("namespace")) return true;
  }
  return false;
}

// With --kubectl and no -n, objects whose inputs set no namespace go to the namespace of the kubeconfig
// context, as kubectl apply would put them (kubectl is asked only when an input sets none).
bool use_context_namespace(const DiffFlags& f, const std::vector<SourceDocument>& docs,
                           RenderOptions& options, Diagnostics& diags) {
  if (!f.kubectl || !f.selectors.ns.empty() || !any_without_namespace(docs)) return true;
  auto ns = diff::current_namespace(kubectl_options(f), diags);
  if (!ns) return false;
  if (!is_dns_label(*ns)) {
    diags.error("live/kubectl",
                fmt::format("the kubeconfig context's namespace \"{}\" is not a namespace name; pass -n",
                            excerpt(*ns)));
    return false;
  }
  options.namespace_override = *ns;
  return true;
}

// Reads the live side one document at a time into `selection`: the reader's findings go to `diags`, the
// checks' after them and the selection's warnings last (none when the live side is broken).
void read_live(const DiffFlags& f, const std::vector<diff::PackedObject>& rendered,
               diff::LiveSelection& selection, Diagnostics& diags) {
  Diagnostics checks, selecting;
  if (f.kubectl) {
    std::vector<Json> asked;  // kubectl lists the rendered kinds by their labels (kubectl_source.hpp)
    for (const auto& o : rendered) asked.push_back(diff::unpack_object(o));
    std::vector<SourceDocument> fetched = diff::fetch_live_objects(asked, kubectl_options(f), diags);
    asked.clear();
    if (!diags.has_errors()) {
      for (auto& d : fetched) selection.add(std::move(d), selecting);
    }
  } else {
    LoadOptions options;
    options.limits.sink_threads = SinkThreads::kOneThread;  // the selection keys and packs on one thread
    InputLoader loader(diags, options);
    for (const auto& path : f.live) {
      loader.load_each(path, [&](SourceDocument&& d) {
        if (check_live_object(d, checks)) selection.add(std::move(d), selecting);
      });
    }
  }
  diags.append(checks);
  if (!diags.has_errors()) diags.append(selecting);
}

// The render again with the epochs a live cluster uses (live_epochs.hpp).
using RenderAdopting = std::function<PackedRender(std::shared_ptr<const AdoptedEpochs>)>;

bool live_sides(const DiffFlags& f, PackedRender rendered, const RenderOptions& options,
                const RenderAdopting& render_adopting, Sides& sides, Diagnostics& diags) {
  diff::LiveSelection selection(rendered.index);
  read_live(f, rendered.objects, selection, diags);
  if (diags.has_errors()) return false;
  diff::LiveSet live = std::move(selection).finish();
  if (auto adopted = diff::epochs_to_adopt(live.epochs, options)) {
    rendered = render_adopting(std::move(adopted));
    if (diags.has_errors()) return false;
    diff::rematch(live, rendered.index);
  }
  note_other_kinds(f, live.other_kinds);
  if (live.in_scope.size() + live.out_of_scope.size() > kMaxDiffObjects) {
    diags.error("input/too-large",
                fmt::format("{} live objects to compare; diff compares at most {} objects per side",
                            live.in_scope.size() + live.out_of_scope.size(), kMaxDiffObjects),
                Location{f.live.empty() ? std::string("-") : f.live.front()});
    return false;
  }
  sides.live_side = std::move(live.in_scope);
  if (f.show_unrelated) {
    if (!live.out_of_scope.empty())
      note(f, fmt::format("{} live objects not from these inputs are listed as removed (--show-unrelated)",
                          live.out_of_scope.size()));
    for (auto& o : live.out_of_scope) sides.live_side.push_back(std::move(o));
  } else if (!live.out_of_scope.empty()) {
    sides.out_of_scope = live.out_of_scope.size();
    note(f, fmt::format("{} live objects not from these inputs, not compared (--show-unrelated lists them "
                        "as removed)",
                        sides.out_of_scope));
  }
  sides.rendered_side = std::move(rendered.objects);
  sides.live_of_rendered = std::move(live.rendered_matches);
  return true;
}

// A live diff hands its sides over, paired already unless two rendered objects share a key.
diff::DiffSet compare_live(Sides& sides, const diff::CompareOptions& compare) {
  if (!sides.live_of_rendered.empty())
    return diff::compare_matched_sets(std::move(sides.live_side), std::move(sides.rendered_side),
                                      sides.live_of_rendered, compare);
  return diff::compare_object_sets(std::move(sides.live_side), std::move(sides.rendered_side), compare);
}

// diff's code for errors: as render's (exit_code_for_errors), except that an input it cannot use, on
// either side, is kExitInvalidInput: 1 means differences and nothing else.
int diff_exit_code(const Diagnostics& diags) {
  const int code = exit_code_for_errors(diags);
  return code == kExitFindings ? kExitInvalidInput : code;
}

diff::PlanSide plan_side(const RenderOptions& o) {
  return {o.backend.value_or(Backend::kDefaultScheduler), o.kube_version, o.hierarchy, o.gates,
          o.grove_version->name};
}

int run_diff(const DiffFlags& flags) {
  auto s = setup(flags);
  if (!s) return kExitUsage;
  Diagnostics diags;
  TemplateSet templates = load_templates(flags.selectors, diags);
  const std::shared_ptr<const CrdOverrides> crds = load_crd_overrides(flags.selectors, diags);
  std::vector<SourceDocument> docs = load_inputs(flags.selectors, diags);
  if (!diags.has_errors() && !use_context_namespace(flags, docs, s->options, diags)) {
    print_diagnostics(diags);
    return kExitFailure;
  }
  // One verdict: inputs validate reports as errors (layers 1-3) have no objects to compare; documents
  // that are not grovectl's are left out.
  DocumentRefs renderable;
  if (!diags.has_errors()) renderable = checked_inputs(flags.selectors, docs, s->options, crds, diags);
  Activity rendering("rendering");
  Sides sides;
  if (!diags.has_errors() && s->target) {
    sides.old_side = render_trees(renderable, s->options, templates, diags);
    if (!diags.has_errors()) sides.new_side = render_trees(renderable, *s->target, templates, diags);
  } else if (!diags.has_errors()) {
    PackedRender rendered = render_packed(renderable, docs, s->options, templates, diags);
    // The second render finds what the first did, under other names: only its errors are new.
    auto render_adopting = [&](std::shared_ptr<const AdoptedEpochs> adopted) {
      RenderOptions adopting = s->options;
      adopting.adopted_epochs = std::move(adopted);
      Diagnostics again;
      PackedRender out = render_packed(renderable, docs, adopting, templates, again);
      if (again.has_errors()) diags.append(again);
      return out;
    };
    if (!diags.has_errors())
      live_sides(flags, std::move(rendered), s->options, render_adopting, sides, diags);
  }
  if (diags.has_errors()) {
    print_diagnostics(diags);
    return diff_exit_code(diags);
  }
  if (!flags.quiet) print_diagnostics(diags);  // warnings

  Activity comparing("comparing");
  diff::CompareOptions compare{s->ignore, s->target ? diff::Origin::kRendered : diff::Origin::kLive};
  // A migration plan reads both sides after the comparison.
  diff::DiffSet result = s->target ? diff::compare_object_sets(sides.old_side, sides.new_side, compare)
                                   : compare_live(sides, compare);
  for (size_t i = 0; i < s->ignore.size(); ++i) {
    if (result.ignore_hits[i] == 0 && !flags.quiet)
      std::cerr << "grovectl: warning: --ignore \"" << s->ignore[i].text
                << "\" matched nothing in the compared objects\n";
  }
  if (s->target) {
    Diagnostics scratch;  // the renders above already reported every problem
    auto from_gangs = expand_gangs(renderable, s->options, scratch);
    auto to_gangs = expand_gangs(renderable, *s->target, scratch);
    diff::PlanInputs in{plan_side(s->options),
                        plan_side(*s->target),
                        s->options.backend.has_value(),
                        s->target->backend.has_value(),
                        &from_gangs,
                        &to_gangs,
                        &sides.old_side,
                        &sides.new_side,
                        &result.objects};
    sides.plan = diff::build_plan(in);
  }
  const std::vector<diff::GroveMigration> grove_migrations = diff::find_grove_migrations(result.objects);
  if (sides.plan) diff::leave_to_operator(*sides.plan, grove_migrations);
  diff::Summary summary = diff::summarize(result.objects);
  summary.out_of_scope = sides.out_of_scope;
  const int code = summary.any() ? kExitFindings : kExitOk;
  if (flags.quiet) return code;

  diff::TextOptions text;
  text.context = s->context_lines;
  if (s->target) {
    text.old_label = diff::side_label(sides.plan->from);
    text.new_label = diff::side_label(sides.plan->to);
  }
  if (flags.output == "json") {
    Json out{{"summary", diff::summary_json(summary)}, {"diffs", diff::diffs_json(result.objects)}};
    if (sides.plan) out["plan"] = diff::plan_json(*sides.plan);
    if (!grove_migrations.empty()) out["groveMigration"] = diff::grove_migrations_json(grove_migrations);
    std::cout << out.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  } else {
    if (sides.plan) std::cout << diff::format_plan_text(*sides.plan);
    std::cout << diff::format_grove_migrations_text(grove_migrations);
    text.color = flags.output == "text" && use_color_for_stdout(s->color);
    std::cout << (flags.output == "brief" ? diff::format_brief(result.objects, text)
                                          : diff::format_text(result.objects, text));
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "grovectl: error: cannot write to standard output\n";
    return kExitFailure;
  }
  return code;
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
      "Fetch live objects read-only: kubectl [--kubeconfig K] [--context C] get KIND.VERSION.GROUP -l "
      "SELECTOR -n NS -o yaml --ignore-not-found for each rendered kind, listed by the label the "
      "controller puts on them (app.kubernetes.io/part-of=<PodCliqueSet>, jobset.sigs.k8s.io/jobset-name), "
      "a kind without one whole in the namespace; without -n, inputs that set no namespace use the "
      "context's namespace, as kubectl does");
  cmd->add_option("--context", flags->context,
                  "kubectl context for --kubectl (default: the current context)");
  cmd->add_option("--kubeconfig", flags->kubeconfig,
                  "kubeconfig file for --kubectl, passed to kubectl (default: kubectl's own, $KUBECONFIG or "
                  "~/.kube/config)");
  cmd->add_option("--kubectl-path", flags->kubectl_program,
                  "kubectl program for --kubectl, looked up on PATH unless it contains a '/'");
  cmd->add_flag("--show-unrelated", flags->show_unrelated,
                "Also list the live objects that do not come from these inputs (another PodCliqueSet's or "
                "JobSet's) as removed, as kubectl apply --prune would delete them; without it they are only "
                "counted");
  cmd->add_option("--to-backend", flags->to_backend,
                  "Migration preview: render again for this backend; print a plan, then the diff");
  cmd->add_option("--to-kube-version", flags->to_kube_version,
                  "Migration preview: render again for this Kubernetes version");
  cmd->add_option(
      "--to-grove-version", flags->to_grove_version,
      "Migration preview: render again for this Grove release; from legacy PodGang names to epoch "
      "names, the plan says how the operator migrates");
  cmd->add_option("--to-hierarchy", flags->to_hierarchy,
                  "Migration preview: render again with this hierarchy")
      ->check(CLI::IsMember({"flat", "composite"}));
  auto* to_gates = cmd->add_option(
      "--to-feature-gates", flags->to_feature_gates,
      "Migration preview: the target cluster's feature gates, K=V,... (default: the --feature-gates that "
      "exist on the target version)");
  cmd->add_option("--include", flags->include,
                  "Objects to compare, as for render: podgang, scheduler, jobset, pods");
  cmd->add_option("-o,--output", flags->output,
                  "Output format: text (unified diff per object), brief (one line per changed field: "
                  "spec.minMember: 3 → 2) or json ({summary, diffs, plan})")
      ->check(CLI::IsMember({"text", "brief", "json"}));
  cmd->add_flag("-q,--quiet", flags->quiet,
                "Print nothing; the exit code says whether there are differences");
  cmd->add_option("--color", flags->color,
                  "Color the text diff: auto (terminal, no NO_COLOR, TERM not dumb), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_option("--context-lines", flags->context_lines,
                  "Unchanged lines around each change, 0 to 10000 (default 3)")
      ->type_name("UINT");
  cmd->add_option(
      "--ignore", flags->ignore,
      "Leave objects or fields out of the comparison and the exit code: KIND[.GROUP][/NAME] (globs * and ?) "
      "for whole objects, [KIND[.GROUP][/NAME]:]/json/pointer for fields (tokens * and name=X); "
      "repeatable");
  cmd->footer(
      "Sides: '-' is live (or the current backend/version), '+' is what grovectl renders (or the target).\n"
      "Before comparing, both sides drop what only the cluster writes: status, server metadata, finalizers,\n"
      "nulls, server and admission defaults (priority, preemptionPolicy, disruptionMode), scheduler runtime\n"
      "fields (KAI markUnschedulable), PodGang podReferences; a live pod keeps only what its stub declares.\n"
      "Only live objects of these inputs are compared (operator labels, owner references, then names); the\n"
      "others are counted, and listed as removed with --show-unrelated. Pods match by clique and pod index.\n"
      "Epoch-named Grove objects match by identity: grovectl renders with the epochs the live PodGangs and\n"
      "PodGangMaps carry (per PodCliqueSet replica and role), so only real differences show, under live "
      "names.\n"
      "Live legacy-named PodGangs against an epoch render (or --to-grove-version across the change) print "
      "the\n"
      "steps of Grove's own migration first.\n"
      "A migration preview prints a plan first: scheduling changes (gang atomicity, topology, priority),\n"
      "prerequisites on the target, edits the inputs need, and the objects to delete, create and update.\n"
      "Exit codes: 0 no differences, 1 differences (nothing else), 2 usage error, 3 I/O, kubectl or "
      "internal\n"
      "error, 4 an input that cannot be parsed, is invalid or is over a budget (-f or --live, --kubectl "
      "too).\n"
      "Examples:\n"
      "  kubectl get podgangs,podgroups.scheduling.run.ai -n team -o yaml | grovectl diff -f pcs.yaml --live "
      "-\n"
      "  grovectl diff -f pcs.yaml --kubectl --context prod --include podgang,scheduler,pods\n"
      "  grovectl diff -f pcs.yaml --backend kai-scheduler --to-backend default-scheduler --to-hierarchy "
      "composite \\\n"
      "    --to-feature-gates CompositePodGroup=true,TopologyAwareWorkloadScheduling=true\n"
      "  grovectl diff -f pcs.yaml --live dump/ --ignore 'PodGang:/metadata/labels/team' -o brief");
  return [flags, to_gates] {
    flags->to_feature_gates_given = to_gates->count() > 0;
    return run_diff(*flags);
  };
}

}  // namespace grovectl
