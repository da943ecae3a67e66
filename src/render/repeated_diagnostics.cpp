#include "render/repeated_diagnostics.hpp"

#include <fmt/format.h>

#include "backend/checks.hpp"

namespace grovectl {
namespace {

std::string without_gang_tag(std::string message, const std::string& gang_name) {
  const std::string tag = gang_tag(gang_name);
  if (size_t at = message.find(tag); at != std::string::npos) message.erase(at, tag.size());
  return message;
}

std::string key_of(const Diagnostic& d, const std::string& gang_name) {
  return fmt::format("{}\n{}\n{}\n{}:{}:{}\n{}", d.severity == Severity::kError ? "E" : "W", d.rule,
                     without_gang_tag(d.message, gang_name), d.location.file, d.location.line,
                     d.location.column, d.field);
}

}  // namespace

RepeatedGangDiagnostics::RepeatedGangDiagnostics(std::string source_kind)
    : source_kind_(std::move(source_kind)) {}

void RepeatedGangDiagnostics::add(const std::string& gang_name, const Diagnostics& gang_diags) {
  for (const auto& d : gang_diags.items()) {
    auto [it, inserted] = index_by_key_.try_emplace(key_of(d, gang_name), entries_.size());
    if (inserted) {
      entries_.push_back({d, 0});
    } else {
      ++entries_[it->second].more_gangs;
    }
  }
}

void RepeatedGangDiagnostics::report_into(Diagnostics& out) const {
  for (const auto& e : entries_) {
    Diagnostic d = e.first;
    if (e.more_gangs > 0) {
      d.message += fmt::format(" (the same for {} more gang{} of this {})", e.more_gangs,
                               e.more_gangs == 1 ? "" : "s", source_kind_);
    }
    out.add(std::move(d));
  }
}

}  // namespace grovectl
