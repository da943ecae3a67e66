#include "model/options.hpp"

#include <fmt/format.h>

#include <sstream>

namespace grovectl {

std::string backend_name(Backend b) {
  switch (b) {
    case Backend::kDefaultScheduler:
      return "default-scheduler";
    case Backend::kKaiScheduler:
      return "kai-scheduler";
    case Backend::kVolcano:
      return "volcano";
    case Backend::kKoordScheduler:
      return "koord-scheduler";
    case Backend::kLpxScheduler:
      return "lpx-scheduler";
  }
  return "";
}

std::optional<Backend> parse_backend(const std::string& name) {
  if (name == "default-scheduler") return Backend::kDefaultScheduler;
  if (name == "kai-scheduler") return Backend::kKaiScheduler;
  if (name == "volcano") return Backend::kVolcano;
  if (name == "koord-scheduler" || name == "koordinator") return Backend::kKoordScheduler;
  if (name == "lpx-scheduler") return Backend::kLpxScheduler;
  return std::nullopt;
}

std::vector<std::string> backend_names() {
  return {"default-scheduler", "kai-scheduler", "volcano", "koord-scheduler", "koordinator", "lpx-scheduler"};
}

std::optional<Hierarchy> parse_hierarchy(const std::string& s) {
  if (s == "flat") return Hierarchy::kFlat;
  if (s == "composite") return Hierarchy::kComposite;
  return std::nullopt;
}

std::optional<JobSetGangMode> parse_jobset_gang(const std::string& s) {
  if (s == "jobset") return JobSetGangMode::kJobSet;
  if (s == "replicated-job") return JobSetGangMode::kReplicatedJob;
  return std::nullopt;
}

std::string include_kind_name(IncludeKind kind) {
  switch (kind) {
    case IncludeKind::kPodGang:
      return "podgang";
    case IncludeKind::kScheduler:
      return "scheduler";
    case IncludeKind::kJobSet:
      return "jobset";
    case IncludeKind::kPods:
      return "pods";
  }
  return "";
}

std::optional<std::set<IncludeKind>> parse_include(const std::string& s, Diagnostics& diags) {
  std::set<IncludeKind> out;
  std::stringstream in(s);
  std::string item;
  bool ok = true;
  while (std::getline(in, item, ',')) {
    if (item == "podgang") {
      out.insert(IncludeKind::kPodGang);
    } else if (item == "scheduler") {
      out.insert(IncludeKind::kScheduler);
    } else if (item == "jobset") {
      out.insert(IncludeKind::kJobSet);
    } else if (item == "pods") {
      out.insert(IncludeKind::kPods);
    } else {
      diags.error(
          "usage/include",
          fmt::format("unknown --include kind \"{}\"; valid kinds: podgang, scheduler, jobset, pods", item));
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace grovectl
