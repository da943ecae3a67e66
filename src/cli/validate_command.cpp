// grovectl validate: the command line, the configuration file and the report targets around
// validate/stream.hpp.
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "cli/selectors.hpp"
#include "cli/validate_config.hpp"
#include "cli/validate_outputs.hpp"
#include "workflow/validate_passes.hpp"
#include "core/exit_codes.hpp"
#include "core/out_of_memory.hpp"
#include "validate/report/formats.hpp"
#include "validate/rule_groups.hpp"
#include "validate/validate.hpp"

namespace grovectl {
namespace {

struct ValidateFlags {
  SelectorFlags selectors;
  std::vector<std::string> outputs;
  bool strict = false;
  bool verbose = false;
  std::vector<std::string> skip_rules;
  std::vector<std::string> enable_rules;
  std::string config;
};

// Documents checked together: enough to keep both cores busy, few enough that memory does not grow with
// the input (findings are written as each chunk is checked).
constexpr size_t kDocumentsPerChunk = 128;

// Rule entries of the flags and the configuration file name known rule groups (usage/rules otherwise).
bool check_rule_entries(const RuleSelection& rules, Diagnostics& diags) {
  const size_t before = diags.error_count();
  auto check = [&](const std::vector<std::string>& entries, const char* where) {
    for (const auto& e : entries) {
      if (auto problem = rule_entry_problem(e))
        diags.error("usage/rules", fmt::format("{} \"{}\" {}", where, e, *problem));
    }
  };
  check(rules.skip, "--skip-rules");
  check(rules.enable, "--enable-rules");
  check(rules.config_skip, "skipRules");
  return diags.error_count() == before;
}

std::vector<std::string> non_empty(const std::vector<std::string>& entries) {
  std::vector<std::string> out;
  for (const auto& e : entries) {
    if (!e.empty()) out.push_back(e);
  }
  return out;
}

// .grovectl.yaml: --config, else the nearest one from the current directory up; its flags set what the
// command line left unset.
std::optional<ValidateConfig> read_config(CLI::App& command, const ValidateFlags& flags, Diagnostics& diags) {
  const std::string file = flags.config.empty() ? find_config_file(".") : flags.config;
  if (file.empty()) return ValidateConfig{};
  auto config = load_validate_config(file, diags);
  if (config) apply_config_flags(command, *config, diags);
  return config;
}

// github and sarif name files relative to the checkout: GITHUB_WORKSPACE, else the current directory.
ReportHeader report_header(const RenderOptions& options) {
  std::error_code ec;
  const std::string cwd = std::filesystem::current_path(ec).string();
  const char* workspace = std::getenv("GITHUB_WORKSPACE");
  return {.tool_version = build::kVersion,
          .kube_version = options.kube_version.text(),
          .backend = options.backend ? backend_name(*options.backend) : "",
          .workspace = workspace && *workspace ? workspace : cwd,
          .current_directory = cwd};
}

int run_validate(CLI::App& command, ValidateFlags& flags) {
  Diagnostics usage;
  const std::optional<ValidateConfig> config = read_config(command, flags, usage);
  const RuleSelection rules{.skip = non_empty(flags.skip_rules),
                            .config_skip = config ? config->skip_rules : std::vector<std::string>{},
                            .enable = non_empty(flags.enable_rules)};
  auto options = usage.has_errors() ? std::nullopt : make_render_options(flags.selectors, usage);
  auto targets = parse_report_targets(flags.outputs, usage);
  if (!check_rule_entries(rules, usage) || usage.has_errors() || !options || !targets) {
    print_diagnostics(usage);
    return kExitUsage;
  }
  const auto crds = load_crd_overrides(flags.selectors, usage);
  if (usage.has_errors()) {
    print_diagnostics(usage);
    return exit_code_for_errors(usage);
  }
  ReportFiles files;
  Diagnostics output;
  if (!files.open(*targets, output)) {
    print_diagnostics(output);
    return kExitFailure;
  }
  // Whatever cannot be read is a failed case of a whole report (and exit 3), never a missing report.
  Diagnostics load;
  TemplateSet templates = load_templates(flags.selectors, load);
  const bool templates_unusable = has_rule_prefix(load, "templates/");
  Activity validating("validating");
  const ValidateSettings settings{.strict = flags.strict,
                                  .unknown_fields = unknown_field_policy(flags.selectors),
                                  .kinds = kind_selection(flags.selectors),
                                  .duplicates = duplicate_scope(flags.selectors),
                                  .rules = rules,
                                  .crd_overrides = crds};
  std::vector<std::unique_ptr<ReportWriter>> writers;
  for (size_t i = 0; i < targets->size(); ++i)
    writers.push_back(
        make_report_writer((*targets)[i].format, files.stream(i, std::cout), {.verbose = flags.verbose}));
  auto writer = make_fanout_writer(std::move(writers));
  ValidationStream stream(*options, templates, settings, *writer, kDocumentsPerChunk);
  LoadOptions load_options = input_load_options(flags.selectors);
  if (config && !config->file.empty())
    load_options.leave_out = [&c = *config](const std::string& path) { return config_ignores(c, path); };
  const ReportSummary summary =
      run_validation_passes(flags.selectors, load_options, report_header(*options),
                            templates_unusable ? Templates::kUnusable : Templates::kUsable, load, stream);
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "grovectl: error: cannot write to standard output\n";
    return kExitFailure;
  }
  if (!files.commit(output)) {
    print_diagnostics(output);
    return kExitFailure;
  }
  if (stream.io_errors()) return kExitFailure;
  // Zero documents or gang sources is never a pass (reported as an error finding).
  return summary.errors > 0 || summary.documents == 0 ? kExitFindings : kExitOk;
}

}  // namespace

CommandRunner add_validate_command(CLI::App& app) {
  auto flags = std::make_shared<ValidateFlags>();
  CLI::App* cmd = app.add_subcommand("validate",
                                     "Check PodCliqueSets and JobSets offline, as Grove's and JobSet's "
                                     "admission would, plus backend capabilities");
  add_selector_flags(*cmd, flags->selectors);
  cmd->add_option("-o,--output", flags->outputs,
                  "Report format: text (default), json, junit, github, sarif or tap; FORMAT=FILE writes that "
                  "report to FILE. Repeatable, one run for all: -o text -o sarif=grovectl.sarif");
  cmd->add_flag("--strict", flags->strict,
                "Treat warnings as errors: an ignored restartPolicy, topology constraints without a "
                "ClusterTopologyBinding, unknown fields under --unknown-fields=warn");
  cmd->add_flag("-v,--verbose", flags->verbose,
                "text: also list every skipped file and document and every ignored finding, with the reason");
  cmd->add_option(
         "--skip-rules", flags->skip_rules,
         "Rules to switch off, comma-separated: rule ids (input/duplicate-object) or GROUP/* (pod/*). "
         "Their findings are ignored: counted, listed with -v, never failing the run")
      ->delimiter(',');
  cmd->add_option("--enable-rules", flags->enable_rules,
                  "Rules to switch back on, comma-separated, whichever --skip-rules or skipRules of "
                  ".grovectl.yaml switched them off")
      ->delimiter(',');
  cmd->add_option(
      "--config", flags->config,
      "Configuration file (flags, skipRules, ignorePaths). Default: .grovectl.yaml in the current "
      "directory or the nearest one above it");
  cmd->footer(
      "Layers: 1 YAML and kinds, 2 input schema (the official CRD schema of the kind, PodSpec included,\n"
      "as the API server checks it on kubectl apply; metadata rules; core Pod validation of the pod\n"
      "templates), 3 Grove/JobSet admission rules, 4 backend x version capabilities, 5 rendered objects\n"
      "against their schemas.\n"
      "Unknown fields are errors, as with kubectl's default --validate=strict; --unknown-fields=warn or\n"
      "ignore relaxes that (kubectl's --validate=warn and ignore).\n"
      "Without a ClusterTopologyBinding (input or --topology), topology constraints are reported as a\n"
      "warning (Grove with TAS disabled rejects them; render drops them); --strict makes it an error.\n"
      "Documents that are not PodCliqueSets, JobSets or their companions (ClusterTopologyBinding, live\n"
      "PodCliqueScalingGroup and PodClique) are skipped and counted (Skipped: N), as are files without\n"
      "apiVersion and kind (values.yaml, workflows); zero PodCliqueSets and JobSets fails the run.\n"
      "A Helm chart's templates (templates/ beside a Chart.yaml) are Go templates, not YAML: a directory\n"
      "walk skips and counts them (Files skipped: N); validate what helm template prints instead.\n"
      "Findings are ignored by rule (--skip-rules, skipRules in .grovectl.yaml) or by object (annotation\n"
      "grovectl.io/ignore: \"RULE[=REASON],...\"); ignored findings are counted (Ignored: N).\n"
      "Every format is written whole even when an input cannot be read: the failure is a failed case.\n"
      "Exit codes: 0 valid, 1 findings at error level (or no gang source), 2 usage error, 3 I/O error\n"
      "(the report is still written).\n"
      "Examples:\n"
      "  grovectl validate -f manifests/\n"
      "  grovectl validate -f pcs.yaml --backend kai-scheduler --strict -o github\n"
      "  grovectl validate -f . -o github -o sarif=grovectl.sarif -o junit=grovectl.xml\n"
      "  helm template charts/serving | grovectl validate -f - --stdin-filename charts/serving -o github");
  return [flags, cmd] { return run_validate(*cmd, *flags); };
}

}  // namespace grovectl
