#include "cli/selectors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "backend/checks.hpp"
#include "core/exit_codes.hpp"
#include "core/parallel.hpp"
#include "core/regex.hpp"
#include "core/strings.hpp"
#include "core/text_excerpt.hpp"
#include "input/loader.hpp"
#include "validate/input_verdict.hpp"
#include "yaml/prescan.hpp"

namespace grovectl {

namespace {

// "v0.1.0-alpha.11 (legacy PodGang names) or v0.1.0-alpha.13 (PodGangMaps and epoch names)"
std::string grove_versions_help() {
  std::vector<std::string> items;
  for (const auto& v : GroveVersion::supported()) {
    items.push_back(v.name + (v.naming == GangNaming::kEpoch ? " (PodGangMaps and epoch names)"
                                                             : " (legacy PodGang names)"));
  }
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  return out;
}

}  // namespace

void add_selector_flags(CLI::App& cmd, SelectorFlags& flags, bool files_required) {
  auto* f =
      cmd.add_option("-f,--filename", flags.files,
                     "Input file, directory or - for stdin; repeatable. A directory is read at every "
                     "level below it (*.yaml, *.yml, *.json, sorted): hidden directories are not entered, "
                     "links are followed (a directory reached twice is read once), a dangling link is an I/O "
                     "error, a Helm chart's templates/ beside its Chart.yaml are skipped and counted");
  if (files_required) f->required();
  cmd.add_option(
      "--backend", flags.backend,
      "Scheduler backend: default-scheduler, kai-scheduler, volcano, koord-scheduler (alias koordinator). "
      "Default: the pod templates' schedulerName, else default-scheduler");
  cmd.add_option(
      "--kube-version", flags.kube_version,
      "Target Kubernetes version: 1.35, 1.36 or 1.37 (v1.37 and 1.37.2 are accepted). Default: 1.37");
  cmd.add_option("--grove-version", flags.grove_version,
                 "Grove operator release whose behaviour is rendered and whose CRDs check the inputs: " +
                     grove_versions_help() + ". Default: " + GroveVersion::newest().name);
  cmd.add_option("--epoch", flags.epoch,
                 "Anchor epoch of PodCliqueSet replica 0 with epoch names (Grove's clock reading in Unix "
                 "nanoseconds; replica r gets N+1000*r, Tail and ScaleOut entries +1 and +2). "
                 "Default: 1767225600000000000");
  cmd.add_option(
      "--crd", flags.crds,
      "CustomResourceDefinition file or directory (e.g. kubectl get crd -o yaml) that replaces the "
      "embedded CRD of its kind when inputs are checked; repeatable");
  cmd.add_option("--feature-gates", flags.feature_gates,
                 "Feature gates enabled on the target cluster, e.g. TopologyAwareWorkloadScheduling=true");
  cmd.add_option("--topology", flags.topology,
                 "ClusterTopologyBinding file (turns on topology-aware scheduling)");
  cmd.add_option("--hierarchy", flags.hierarchy, "Workload API shape on 1.37: flat or composite")
      ->check(CLI::IsMember({"flat", "composite"}));
  cmd.add_option("--jobset-gang", flags.jobset_gang, "JobSet gang granularity: jobset or replicated-job")
      ->check(CLI::IsMember({"jobset", "replicated-job"}));
  cmd.add_option("-n,--namespace", flags.ns, "Namespace for inputs that set none");
  cmd.add_option("--templates", flags.templates_dir,
                 "Directory of object templates that override the built-in ones");
  cmd.add_option("--koord-layer-map", flags.koord_layer_map,
                 "koord-scheduler topology key to layer, KEY=LAYER; repeatable (adds to the built-in map)");
  cmd.add_option("--unknown-fields", flags.unknown_fields,
                 "A field the CRD schema does not declare (the API server would drop it): error (default, as "
                 "kubectl's --validate=strict), warn or ignore")
      ->check(CLI::IsMember({"error", "warn", "ignore"}));
  cmd.add_option("--skip-kinds", flags.skip_kinds,
                 "Kinds to skip and count, comma-separated, as KIND or APIVERSION/KIND (e.g. v1/ConfigMap). "
                 "Kinds grovectl does not read are always skipped")
      ->delimiter(',');
  cmd.add_option("--reject-kinds", flags.reject_kinds,
                 "Kinds that are an error wherever they appear, comma-separated, as KIND or APIVERSION/KIND")
      ->delimiter(',');
  cmd.add_option("--ignore-filename-pattern", flags.ignore_filename_patterns,
                 "Regular expression (RE2 syntax, as Go's regexp) for paths a directory walk leaves out, e.g. "
                 "'(^|/)templates/'; repeatable");
  cmd.add_option("--stdin-filename", flags.stdin_filename,
                 "The name of standard input (-f -) in messages and reports, e.g. the chart that helm "
                 "template rendered, so that annotations attach to it");
  cmd.add_option("--duplicate-scope", flags.duplicate_scope,
                 "Where one object (kind, namespace, name) may be defined once: inputs (all of them "
                 "together, as one kubectl apply) or file (each file on its own: folders of independent "
                 "examples)")
      ->check(CLI::IsMember({"inputs", "file"}));
  cmd.add_option("-j,--jobs", flags.jobs,
                 "Threads to work on. Default: the CPUs this process may use (its affinity mask and cgroup "
                 "CPU quota, not the host's core count)")
      ->check(CLI::Range(1, 4096));
}

DuplicateScope duplicate_scope(const SelectorFlags& flags) {
  return flags.duplicate_scope == "file" ? DuplicateScope::kPerFile : DuplicateScope::kAcrossInputs;
}

KindSelection kind_selection(const SelectorFlags& flags) {
  KindSelection kinds;
  for (const auto& k : flags.skip_kinds) {
    if (!k.empty()) kinds.skip.push_back(k);
  }
  for (const auto& k : flags.reject_kinds) {
    if (!k.empty()) kinds.reject.push_back(k);
  }
  return kinds;
}

namespace {

std::vector<Regex> compile_patterns(const std::vector<std::string>& patterns, Diagnostics& diags) {
  std::vector<Regex> out;
  for (const auto& p : patterns) {
    std::string error;
    if (auto re = Regex::compile(p, error)) {
      out.push_back(std::move(*re));
    } else {
      diags.error("usage/ignore-filename-pattern",
                  fmt::format("--ignore-filename-pattern \"{}\" is not a regular expression: {}", p, error));
    }
  }
  return out;
}

bool check_kind_flags(const SelectorFlags& flags, Diagnostics& diags) {
  const KindSelection kinds = kind_selection(flags);
  bool ok = true;
  for (const auto& k : kinds.skip) {
    if (std::find(kinds.reject.begin(), kinds.reject.end(), k) == kinds.reject.end()) continue;
    diags.error("usage/kinds", fmt::format("\"{}\" is named by both --skip-kinds and --reject-kinds", k));
    ok = false;
  }
  Diagnostics patterns;
  compile_patterns(flags.ignore_filename_patterns, patterns);
  diags.append(patterns);
  return ok && !patterns.has_errors();
}

}  // namespace

UnknownFieldPolicy unknown_field_policy(const SelectorFlags& flags) {
  if (flags.unknown_fields == "warn") return UnknownFieldPolicy::kWarn;
  if (flags.unknown_fields == "ignore") return UnknownFieldPolicy::kIgnore;
  return UnknownFieldPolicy::kError;
}

namespace {

// A flag value as a message can show it: invalid UTF-8 bytes as \xNN, cut when long.
std::string printable(const std::string& value) {
  if (is_valid_utf8(value)) return excerpt(value);
  std::string out;
  for (unsigned char c : value)
    out += c < 0x80 ? std::string(1, static_cast<char>(c)) : fmt::format("\\x{:02X}", c);
  return excerpt(out);
}

// A decimal int64 of at most kMaxAnchorEpoch.
std::optional<int64_t> parse_epoch(const std::string& text) {
  auto value = parse_decimal<int64_t>(text);
  if (!value || *value > kMaxAnchorEpoch) return std::nullopt;
  return value;
}

}  // namespace

std::optional<RenderOptions> make_render_options(const SelectorFlags& flags, Diagnostics& diags) {
  RenderOptions o;
  bool ok = true;
  if (!flags.backend.empty()) {
    o.backend = parse_backend(flags.backend);
    if (!o.backend) {
      std::string valid;
      for (const auto& n : backend_names()) valid += (valid.empty() ? "" : ", ") + n;
      diags.error("usage/backend",
                  fmt::format("unknown backend \"{}\"; valid backends: {}", flags.backend, valid));
      ok = false;
    }
  }
  if (!flags.kube_version.empty()) {
    std::string error;
    auto v = parse_kube_version(flags.kube_version, error);
    if (!v) {
      diags.error("usage/kube-version", error);
      ok = false;
    } else {
      o.kube_version = *v;
    }
  }
  if (!flags.grove_version.empty()) {
    std::string error;
    if (const GroveVersion* v = parse_grove_version(flags.grove_version, error)) {
      o.grove_version = v;
    } else {
      diags.error("usage/grove-version", error);
      ok = false;
    }
  }
  if (!flags.epoch.empty()) {
    if (auto epoch = parse_epoch(flags.epoch)) {
      o.anchor_epoch = *epoch;
    } else {
      diags.error(
          "usage/epoch",
          fmt::format("--epoch \"{}\" is not an epoch: a decimal number of Unix nanoseconds from 0 to {}",
                      printable(flags.epoch), kMaxAnchorEpoch));
      ok = false;
    }
    if (o.grove_version->naming != GangNaming::kEpoch) {
      diags.error("usage/epoch", fmt::format("--epoch applies to Grove versions that name PodGangs by epoch; "
                                             "Grove {} names them without one",
                                             o.grove_version->name));
      ok = false;
    }
  }
  if (auto gates = FeatureGates::parse(flags.feature_gates, o.kube_version, diags)) {
    o.gates = *gates;
  } else {
    ok = false;
  }
  o.hierarchy = parse_hierarchy(flags.hierarchy).value_or(Hierarchy::kFlat);
  o.jobset_gang = parse_jobset_gang(flags.jobset_gang).value_or(JobSetGangMode::kJobSet);
  if (!flags.ns.empty()) {
    if (is_dns_label(flags.ns)) {
      o.namespace_override = flags.ns;
    } else {
      // It becomes metadata.namespace of every object (found by fuzz_flags: a non-UTF-8 value reached the
      // schema checks of the rendered objects).
      diags.error(
          "usage/namespace",
          fmt::format("--namespace \"{}\" is not a namespace name (a DNS label: at most 63 lower-case "
                      "letters, digits and '-', starting and ending with a letter or digit)",
                      printable(flags.ns)));
      ok = false;
    }
  }
  o.topology_files = flags.topology;
  o.templates_dir = flags.templates_dir;
  for (const auto& entry : flags.koord_layer_map) {
    auto eq = entry.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == entry.size() || !is_valid_utf8(entry)) {
      diags.error("usage/koord-layer-map",
                  fmt::format("--koord-layer-map \"{}\" must be KEY=LAYER (UTF-8 text)", printable(entry)));
      ok = false;
      continue;
    }
    o.koord_layer_map[entry.substr(0, eq)] = entry.substr(eq + 1);
  }
  if (!check_kind_flags(flags, diags)) ok = false;
  if (!ok) return std::nullopt;
  set_parallel_jobs(flags.jobs);
  return o;
}

LoadOptions input_load_options(const SelectorFlags& flags) {
  LoadOptions load_options;
  Diagnostics unused;  // make_render_options reported bad patterns
  load_options.ignore = compile_patterns(flags.ignore_filename_patterns, unused);
  load_options.stdin_name = flags.stdin_filename;
  return load_options;
}

std::vector<std::string> read_inputs(const SelectorFlags& flags, InputLoader& loader,
                                     const DocumentSink& sink) {
  std::vector<std::string> paths = flags.files;
  paths.insert(paths.end(), flags.topology.begin(), flags.topology.end());
  std::vector<std::string> empty;
  for (const auto& p : paths) {
    if (loader.load_each(p, sink) == 0)
      empty.push_back(p == "-" && !flags.stdin_filename.empty() ? flags.stdin_filename : p);
  }
  return empty;
}

void report_empty_inputs(const std::vector<std::string>& empty, Diagnostics& diags) {
  for (const auto& p : empty) {
    diags.error("input/empty",
                fmt::format("no input documents in {} (it is empty, or holds only comments, \"---\" or null; "
                            "zero documents is never a pass)",
                            p == "-" ? "standard input" : p),
                Location{p});
  }
}

std::vector<SourceDocument> load_inputs(const SelectorFlags& flags, Diagnostics& diags) {
  std::vector<SourceDocument> docs;
  InputLoader loader(diags, input_load_options(flags));
  const std::vector<std::string> empty =
      read_inputs(flags, loader, [&](SourceDocument&& doc) { docs.push_back(std::move(doc)); });
  if (docs.empty() && !diags.has_errors()) report_empty_inputs(empty, diags);
  return docs;
}

DocumentRefs checked_inputs(const SelectorFlags& flags, const std::vector<SourceDocument>& docs,
                            const RenderOptions& options, const std::shared_ptr<const CrdOverrides>& crds,
                            Diagnostics& diags) {
  const InputVerdict verdict = check_inputs(docs, options,
                                            {.admission = AdmissionRules::kRefuse,
                                             .unknown_fields = unknown_field_policy(flags),
                                             .kinds = kind_selection(flags),
                                             .duplicates = duplicate_scope(flags),
                                             .crd_overrides = crds},
                                            diags);
  return diags.has_errors() ? DocumentRefs{} : verdict.renderable();
}

std::shared_ptr<const CrdOverrides> load_crd_overrides(const SelectorFlags& flags, Diagnostics& diags) {
  if (flags.crds.empty()) return nullptr;
  auto crds = std::make_shared<CrdOverrides>();
  InputLoader loader(diags, input_load_options(flags));
  size_t documents = 0;
  for (const auto& path : flags.crds)
    loader.load_each(path, [&](SourceDocument&& doc) {
      ++documents;
      crds->add(doc, diags);
    });
  if (crds->empty() && !diags.has_errors()) {
    diags.error(
        "usage/crd",
        fmt::format("--crd: no CustomResourceDefinition of a kind grovectl reads (PodCliqueSet, "
                    "ClusterTopologyBinding, PodCliqueScalingGroup and PodClique of grove.io/v1alpha1, "
                    "JobSet of jobset.x-k8s.io/v1alpha2) among the {} document{} of {}",
                    documents, documents == 1 ? "" : "s", fmt::join(flags.crds, ", ")));
  }
  return crds;
}

TemplateSet load_templates(const SelectorFlags& flags, Diagnostics& diags) {
  if (flags.templates_dir.empty()) return TemplateSet();
  return TemplateSet::load(flags.templates_dir, diags);
}

void print_diagnostics(const Diagnostics& diags) {
  for (const auto& d : diags.items()) std::cerr << "grovectl: " << format_diagnostic(d) << "\n";
}

bool has_rule_prefix(const Diagnostics& diags, const std::string& prefix) {
  for (const auto& d : diags.items()) {
    if (d.severity == Severity::kError && d.rule.starts_with(prefix)) return true;
  }
  return false;
}

int exit_code_for_errors(const Diagnostics& diags) {
  if (has_rule_prefix(diags, "usage/")) return kExitUsage;
  if (has_rule_prefix(diags, "input/io") || has_rule_prefix(diags, "output/") ||
      has_rule_prefix(diags, "live/kubectl"))
    return kExitFailure;
  return kExitFindings;
}

}  // namespace grovectl
