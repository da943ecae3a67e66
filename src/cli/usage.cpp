#include "cli/usage.hpp"

#include <iostream>

namespace grovectl {
namespace {

void visit_apps(CLI::App& app, const std::function<void(CLI::App&)>& visit) {
  visit(app);
  for (CLI::App* sub : app.get_subcommands({})) visit_apps(*sub, visit);
}

const CLI::App* parsed_subcommand(const CLI::App& root) {
  for (const CLI::App* sub : root.get_subcommands({})) {
    if (sub->parsed() > 0) return sub;
  }
  return nullptr;
}

std::string see_help(const CLI::App& root) {
  return "Run '" + command_path(root) + " --help' for usage.\n";
}

std::string lower_first(std::string text) {
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z' &&
      (text.size() < 2 || text[1] < 'A' || text[1] > 'Z'))
    text[0] = static_cast<char>(text[0] - 'A' + 'a');
  return text;
}

}  // namespace

void show_defaults_in_help(CLI::App& app) {
  visit_apps(app, [](CLI::App& a) {
    for (CLI::Option* opt : a.get_options({})) {
      if (opt->get_type_size() == 0 || opt->get_positional()) continue;  // flags: their default is "off"
      opt->capture_default_str();
      const std::string& shown = opt->get_default_str();
      if (shown == "[]" || shown == "{}") opt->default_str("");  // an empty list has no default to show
    }
  });
}

void use_grovectl_error_format(CLI::App& app) {
  app.failure_message([](const CLI::App* root, const CLI::Error& e) {
    return "grovectl: error: " + lower_first(e.what()) + "\n" + see_help(*root);
  });
}

std::string command_path(const CLI::App& root) {
  const CLI::App* sub = parsed_subcommand(root);
  return sub ? root.get_name() + " " + sub->get_name() : root.get_name();
}

bool report_unknown_arguments(CLI::App& root) {
  const CLI::App* sub = parsed_subcommand(root);
  std::string message;
  for (const std::string& arg : root.remaining()) {
    if (arg.starts_with("-")) {
      message = "unknown flag: " + arg.substr(0, arg.find('='));
    } else {
      message = "unknown command \"" + arg + "\" for \"" + root.get_name() + "\"";
    }
    break;
  }
  if (message.empty() && sub) {
    for (const std::string& arg : sub->remaining()) {
      message = arg.starts_with("-") && arg != "-"
                    ? "unknown flag: " + arg.substr(0, arg.find('='))
                    : "unexpected argument \"" + arg + "\" for \"" + command_path(root) + "\"";
      break;
    }
  }
  if (message.empty()) return false;
  std::cerr << "grovectl: error: " << message << "\n" << see_help(root);
  return true;
}

}  // namespace grovectl
