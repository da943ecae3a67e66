#include "backend/checks.hpp"

#include <fmt/format.h>

#include "yaml/document.hpp"

namespace grovectl {
namespace {

bool is_alnum_lower(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

bool label_syntax(const std::string& s, size_t max) {
  if (s.empty() || s.size() > max) return false;
  if (!is_alnum_lower(s.front()) || !is_alnum_lower(s.back())) return false;
  for (char c : s) {
    if (!is_alnum_lower(c) && c != '-') return false;
  }
  return true;
}

// A name that must be a DNS label or subdomain (`max`), refused at `pointer` of the gang's source.
struct NameRule {
  size_t max = kDnsLabelMax;
  const char* kind = "DNS label";
  std::string pointer = "/metadata/name";
};

void require_name(const Gang& gang, const std::string& what, const std::string& name, const NameRule& rule,
                  const std::string& way_out, Diagnostics& diags) {
  bool ok = rule.max == kDnsLabelMax ? is_dns_label(name) : is_dns_subdomain(name);
  if (ok) return;
  std::string why = name.size() > rule.max ? fmt::format("is {} characters, over the {} limit of {}",
                                                         name.size(), rule.kind, rule.max)
                                           : fmt::format("is not a valid {}", rule.kind);
  refuse_at(gang, "capability/name-too-long",
            fmt::format("{}: {} \"{}\" {}; {}", gang_subject(gang), what, name, why, way_out), rule.pointer,
            diags);
}

}  // namespace

Location gang_location(const Gang& gang) {
  return gang.source ? gang.source->location : Location{};
}

std::string gang_subject(const Gang& gang) {
  if (!gang.source) return fmt::format("gang {}", gang.name);
  return fmt::format("{} {}/{}{}", gang.source->kind, gang.source->ns, gang.source->name,
                     gang_tag(gang.name));
}

std::string gang_tag(const std::string& gang_name) {
  return fmt::format(" (gang {})", gang_name);
}

std::string source_kind(const Gang& gang) {
  return gang.source ? gang.source->kind : "PodCliqueSet";
}

std::string shorten_source_name(const Gang& gang) {
  return "shorten the " + source_kind(gang) + " name";
}

std::string shorten_group_names(const Gang& gang) {
  if (source_kind(gang) == "JobSet") return "shorten the JobSet or replicated job names";
  return "shorten the PodCliqueSet, scaling group or clique names";
}

bool has_pack(const std::optional<PackConstraint>& pack) {
  return pack && !pack->empty();
}

bool gang_has_topology(const Gang& gang) {
  if (has_pack(gang.topology)) return true;
  for (const auto& cfg : gang.group_configs) {
    if (has_pack(cfg.topology)) return true;
  }
  for (const auto& pg : gang.groups) {
    if (has_pack(pg.topology)) return true;
  }
  return false;
}

bool is_dns_label(const std::string& s) {
  return label_syntax(s, kDnsLabelMax);
}

bool is_dns_subdomain(const std::string& s) {
  if (s.empty() || s.size() > kDnsSubdomainMax) return false;
  size_t start = 0;
  while (true) {
    size_t dot = s.find('.', start);
    std::string part = s.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!label_syntax(part, kDnsSubdomainMax)) return false;
    if (dot == std::string::npos) return true;
    start = dot + 1;
  }
}

void require_dns_label(const Gang& gang, const std::string& what, const std::string& name,
                       const std::string& way_out, Diagnostics& diags) {
  require_name(gang, what, name, NameRule{}, way_out, diags);
}

void require_dns_subdomain(const Gang& gang, const std::string& what, const std::string& name,
                           const std::string& way_out, Diagnostics& diags) {
  require_name(gang, what, name, NameRule{.max = kDnsSubdomainMax, .kind = "DNS subdomain"}, way_out, diags);
}

void require_group_name_label(const Gang& gang, const PodGroup& group, const std::string& what,
                              Diagnostics& diags) {
  // The name joins the source's name and the template's (and a scaling group's): the refusal points at
  // whichever of the two is longer, the template's on a tie.
  NameRule rule;
  const TemplateMeta* t = gang.source ? gang.source->template_named(group.template_name) : nullptr;
  if (t && t->name_place.doc == gang.source->doc && !t->name_place.pointer.empty() &&
      t->name.size() >= gang.source->name.size())
    rule.pointer = t->name_place.pointer;
  require_name(gang, what, group.name, rule, shorten_group_names(gang), diags);
}

void require_positive_min_counts(const Gang& gang, const std::string& target, Diagnostics& diags) {
  for (const auto& pg : gang.groups) {
    if (pg.min_count >= 1) continue;
    refuse(
        gang, "capability/min-count",
        fmt::format("{}: pod group {} has minCount {}, but {} requires minCount >= 1; set minAvailable >= 1 "
                    "on the clique, or use kai-scheduler or volcano",
                    gang_subject(gang), pg.name, pg.min_count, target),
        diags);
  }
}

std::string group_object_name(const Gang& gang, const PodGroup& group) {
  return gang.name + "-" + group.name;
}

void refuse(const Gang& gang, const std::string& rule, const std::string& message, Diagnostics& diags) {
  diags.error(rule, message, gang_location(gang));
}

void refuse_at(const Gang& gang, const std::string& rule, const std::string& message,
               const std::string& pointer, Diagnostics& diags) {
  if (!gang.source || !gang.source->doc || pointer.empty()) return refuse(gang, rule, message, diags);
  diags.error(rule, message, gang.source->doc->locate(pointer), pointer_to_field_path(pointer));
}

}  // namespace grovectl
