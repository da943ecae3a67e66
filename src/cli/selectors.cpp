#include "cli/selectors.hpp"

#include <iostream>

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
  cmd.add_option(
      "--ignore-filename-pattern", flags.ignore_filename_patterns,
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

void print_diagnostics(const Diagnostics& diags) {
  for (const auto& d : diags.items()) std::cerr << "grovectl: " << format_diagnostic(d) << "\n";
}

}  // namespace grovectl
