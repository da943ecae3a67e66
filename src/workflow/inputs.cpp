#include "workflow/inputs.hpp"

#include <fmt/format.h>

#include <algorithm>

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
