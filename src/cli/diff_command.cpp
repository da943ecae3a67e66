// grovectl diff: rendered objects against live ones (--live PATH | --kubectl), or a migration
// preview between two renders of the same inputs (--to-backend / --to-kube-version / --to-hierarchy /
// --to-feature-gates), which prints a plan before the object diff.
#include <fmt/format.h>

#include <iostream>

#include "cli/color.hpp"
#include "cli/commands.hpp"
#include "cli/selectors.hpp"
#include "core/exit_codes.hpp"
#include "core/text_excerpt.hpp"
#include "diff/brief.hpp"
#include "diff/plan_print.hpp"
#include "workflow/diff.hpp"

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

// The outcome on standard output in the --output format; kExitFailure when it cannot be written.
int print_outcome(const DiffFlags& flags, const DiffSetup& s, const DiffOutcome& out) {
  diff::TextOptions text;
  text.context = s.context_lines;
  if (out.plan) {
    text.old_label = diff::side_label(out.plan->from);
    text.new_label = diff::side_label(out.plan->to);
  }
  if (flags.output == "json") {
    Json json{{"summary", diff::summary_json(out.summary)}, {"diffs", diff::diffs_json(out.result.objects)}};
    if (out.plan) json["plan"] = diff::plan_json(*out.plan);
    if (!out.grove_migrations.empty())
      json["groveMigration"] = diff::grove_migrations_json(out.grove_migrations);
    std::cout << json.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  } else {
    if (out.plan) std::cout << diff::format_plan_text(*out.plan);
    std::cout << diff::format_grove_migrations_text(out.grove_migrations);
    text.color = flags.output == "text" && use_color_for_stdout(s.color);
    std::cout << (flags.output == "brief" ? diff::format_brief(out.result.objects, text)
                                          : diff::format_text(out.result.objects, text));
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "grovectl: error: cannot write to standard output\n";
    return kExitFailure;
  }
  return out.exit_code;
}

int run_diff(const DiffFlags& flags) {
  auto s = setup(flags);
  if (!s) return kExitUsage;
  DiffRequest request{flags.selectors, s->options, s->target,           flags.live,
                      std::nullopt,    s->ignore,  flags.show_unrelated};
  if (flags.kubectl) {
    request.kubectl = diff::KubectlOptions{
        .program = flags.kubectl_program, .kubeconfig = flags.kubeconfig, .context = flags.context};
  }
  const DiffOutcome out = diff_inputs(request);
  if (!flags.quiet) {
    for (const auto& note : out.notes) std::cerr << "grovectl: note: " << note << "\n";
  }
  if (!out.compared) {
    print_diagnostics(out.diags);
    return out.exit_code;
  }
  if (!flags.quiet) print_diagnostics(out.diags);  // warnings
  for (size_t i = 0; i < s->ignore.size(); ++i) {
    if (out.result.ignore_hits[i] == 0 && !flags.quiet)
      std::cerr << "grovectl: warning: --ignore \"" << s->ignore[i].text
                << "\" matched nothing in the compared objects\n";
  }
  if (flags.quiet) return out.exit_code;
  return print_outcome(flags, *s, out);
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
