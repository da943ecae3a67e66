#include "cli/completion/model.hpp"

#include <algorithm>

namespace grovectl {
namespace {

// CLI::IsMember shows its set in the type name, e.g. "TEXT:{flat,composite}".
std::vector<std::string> member_choices(const CLI::Option& opt) {
  std::string type = opt.get_type_name();
  auto open = type.find(":{");
  auto close = type.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return {};
  std::vector<std::string> out;
  std::string item;
  for (char c : type.substr(open + 2, close - open - 2)) {
    if (c == ',') {
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else if (c != ' ') {
      item += c;
    }
  }
  if (!item.empty()) out.push_back(item);
  return out;
}

bool takes_value(const CLI::Option& opt) {
  return opt.get_items_expected_max() > 0;
}

CompletionFlag flag_of(const std::string& command, const CLI::Option& opt) {
  CompletionFlag f;
  for (const auto& s : opt.get_snames()) f.names.push_back("-" + s);
  for (const auto& l : opt.get_lnames()) f.names.push_back("--" + l);
  f.description = short_description(opt.get_description());
  if (!takes_value(opt)) return f;
  f.repeatable = opt.get_expected_max() > 1;
  // The table names flags by their long name, positionals by their own name.
  std::string key = !opt.get_lnames().empty()   ? "--" + opt.get_lnames().front()
                    : !opt.get_snames().empty() ? "-" + opt.get_snames().front()
                                                : opt.get_name();
  CompletionFlag hint = value_hint(command, key);
  f.kind = hint.kind;
  f.choices = hint.choices;
  if (f.kind == ValueKind::kFree) {
    f.choices = member_choices(opt);
    if (!f.choices.empty()) f.kind = ValueKind::kChoices;
  }
  return f;
}

bool visible(const CLI::Option* opt) {
  return !opt->get_group().empty();
}

CompletionCommand command_of(CLI::App& app, const std::string& command) {
  CompletionCommand c;
  c.name = app.get_name();
  c.description = short_description(app.get_description());
  const CLI::Option* help = app.get_help_ptr();
  const CLI::Option* version = app.get_version_ptr();
  for (const CLI::Option* opt : app.get_options()) {
    if (!visible(opt)) continue;
    if (opt->nonpositional()) {
      CompletionFlag flag = flag_of(command, *opt);
      flag.exits = opt == help || opt == version;
      c.flags.push_back(std::move(flag));
    } else if (c.positional_kind == ValueKind::kNone) {
      CompletionFlag hint = flag_of(command, *opt);
      c.positional_kind = hint.kind;
      c.positional_choices = hint.choices;
    }
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App* s) { return !s->get_group().empty(); })) {
    c.subcommands.push_back(command_of(*sub, sub->get_name()));
  }
  return c;
}

}  // namespace

std::string short_description(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  int depth = 0;
  for (size_t at = 0; at + 1 < line.size(); ++at) {
    if (line[at] == '(') ++depth;
    if (line[at] == ')' && depth > 0) --depth;
    if (line[at] != '.' || line[at + 1] != ' ' || depth > 0 || at == 0 || line[at - 1] == '.') continue;
    bool abbreviation =
        at >= 3 && (line.compare(at - 3, 3, "e.g") == 0 || line.compare(at - 3, 3, "i.e") == 0);
    if (!abbreviation) {
      line = line.substr(0, at);
      break;
    }
  }
  if (!line.empty() && line.back() == '.') line.pop_back();
  return line;
}

CompletionCommand completion_model(CLI::App& app) {
  return command_of(app, "");
}

}  // namespace grovectl
