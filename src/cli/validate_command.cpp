// grovectl validate (see DESIGN §6).
#include <iostream>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "cli/selectors.hpp"
#include "cli/validate_passes.hpp"
#include "core/exit_codes.hpp"
#include "core/out_of_memory.hpp"
#include "validate/report/formats.hpp"
#include "validate/validate.hpp"

namespace grovectl {
namespace {

struct ValidateFlags {
  SelectorFlags selectors;
  std::string output = "text";
  bool strict = false;
};

ReportFormat report_format(const std::string& output) {
  if (output == "json") return ReportFormat::kJson;
  if (output == "junit") return ReportFormat::kJunit;
  if (output == "github") return ReportFormat::kGithub;
  return ReportFormat::kText;
}

// Documents checked together: enough to keep both cores busy, few enough that memory does not grow with
// the input (findings are written as each chunk is checked).
constexpr size_t kDocumentsPerChunk = 128;

int run_validate(const ValidateFlags& flags) {
  Diagnostics usage;
  auto options = make_render_options(flags.selectors, usage);
  if (usage.has_errors() || !options) {
    print_diagnostics(usage);
    return kExitUsage;
  }
  // Whatever cannot be read is a failed case of a whole report (and exit 3), never a missing report.
  Diagnostics load;
  TemplateSet templates = load_templates(flags.selectors, load);
  const bool templates_unusable = has_rule_prefix(load, "templates/");
  Activity validating("validating");
  const ValidateSettings settings{.strict = flags.strict,
                                  .unknown_fields = unknown_field_policy(flags.selectors),
                                  .kinds = kind_selection(flags.selectors)};
  const ReportHeader header{.tool_version = build::kVersion,
                            .kube_version = options->kube_version.text(),
                            .backend = options->backend ? backend_name(*options->backend) : ""};
  auto writer = make_report_writer(report_format(flags.output), std::cout);
  ValidationStream stream(*options, templates, settings, *writer, kDocumentsPerChunk);
  const ReportSummary summary = run_validation_passes(
      flags.selectors, header, templates_unusable ? Templates::kUnusable : Templates::kUsable, load, stream);
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "grovectl: error: cannot write to standard output\n";
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
  cmd->add_option("-o,--output", flags->output, "Output format: text, json, junit or github")
      ->check(CLI::IsMember({"text", "json", "junit", "github"}));
  cmd->add_flag("--strict", flags->strict,
                "Treat warnings as errors: an ignored restartPolicy, topology constraints without a "
                "ClusterTopologyBinding, unknown fields under --unknown-fields=warn");
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
      "apiVersion and kind (values.yaml, workflows); zero PodCliqueSets and JobSets is an error.\n"
      "Every format is written whole even when an input cannot be read: the failure is a failed case.\n"
      "Exit codes: 0 valid, 1 findings at error level (or no gang source), 2 usage error, 3 I/O error\n"
      "(the report is still written).\n"
      "Examples:\n"
      "  grovectl validate -f manifests/\n"
      "  grovectl validate -f pcs.yaml --backend kai-scheduler --strict -o github\n"
      "  helm template charts/serving | grovectl validate -f - -o junit > report.xml");
  return [flags] { return run_validate(*flags); };
}

}  // namespace grovectl
