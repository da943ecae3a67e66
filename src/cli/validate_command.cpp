// grovectl validate (see DESIGN §6).
#include <iostream>

#include "cli/commands.hpp"
#include "cli/selectors.hpp"
#include "core/exit_codes.hpp"
#include "core/out_of_memory.hpp"
#include "validate/report.hpp"
#include "validate/validate.hpp"

namespace grovectl {
namespace {

struct ValidateFlags {
  SelectorFlags selectors;
  std::string output = "text";
  bool strict = false;
};

int run_validate(const ValidateFlags& flags) {
  Diagnostics usage;
  auto options = make_render_options(flags.selectors, usage);
  if (usage.has_errors() || !options) {
    print_diagnostics(usage);
    return kExitUsage;
  }
  Diagnostics load;
  TemplateSet templates = load_templates(flags.selectors, load);
  std::vector<SourceDocument> docs = load_inputs(flags.selectors, load);
  if (has_rule_prefix(load, "input/io") || has_rule_prefix(load, "templates/")) {
    print_diagnostics(load);
    return kExitFailure;
  }
  Activity validating("validating");
  ValidateSettings settings;
  settings.strict = flags.strict;
  settings.unknown_fields = unknown_field_policy(flags.selectors);
  ValidateReport report = validate_documents(docs, load, *options, templates, settings);
  std::string text;
  if (flags.output == "json")
    text = format_json(report);
  else if (flags.output == "junit")
    text = format_junit(report);
  else if (flags.output == "github")
    text = format_github(report);
  else
    text = format_text(report);
  std::cout << text;
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "grovectl: error: cannot write to standard output\n";
    return kExitFailure;
  }
  // Zero documents is never a pass (load_inputs reports input/empty as an error finding).
  return report.error_count() > 0 || report.documents.empty() ? kExitFindings : kExitOk;
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
      "Exit codes: 0 valid, 1 findings at error level (or no documents), 2 usage error, 3 I/O error.\n"
      "Examples:\n"
      "  grovectl validate -f manifests/\n"
      "  grovectl validate -f pcs.yaml --backend kai-scheduler --strict -o github");
  return [flags] { return run_validate(*flags); };
}

}  // namespace grovectl
