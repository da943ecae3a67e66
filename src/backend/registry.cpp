// The list of scheduler mappings. A new backend or Kubernetes version adds one line here.
#include <fmt/format.h>

#include <algorithm>

#include "backend/mapping.hpp"
#include "backend/mappings.hpp"

namespace grovectl {

std::vector<const Mapping*> all_scheduler_mappings() {
  static const std::vector<const Mapping*> mappings = {
      &kai_v2alpha2_mapping(),
      &volcano_v1beta1_mapping(),
      &koord_v1alpha1_mapping(),
      &lpx_v1alpha1_mapping(),
      &workload_v1alpha1_mapping(),
      &workload_v1alpha2_mapping(),
      &workload_v1beta1_mapping(),
      &workload_v1alpha3_composite_mapping(),
  };
  return mappings;
}

namespace {

struct DescribedMapping {
  const Mapping* mapping;
  MappingInfo info;
};

// Each mapping's info, built once: every source of a render looks its mapping up.
const std::vector<DescribedMapping>& described_mappings() {
  static const std::vector<DescribedMapping> described = [] {
    std::vector<DescribedMapping> out;
    for (const Mapping* m : all_scheduler_mappings()) out.push_back({m, m->info()});
    return out;
  }();
  return described;
}

}  // namespace

const Mapping* find_scheduler_mapping(Backend backend, const RenderOptions& options, Diagnostics& diags) {
  const std::string name = backend_name(backend);
  const char* hierarchy = options.hierarchy == Hierarchy::kComposite ? "composite" : "flat";
  for (const auto& [mapping, info] : described_mappings()) {
    const bool version_ok = std::find(info.kube_minors.begin(), info.kube_minors.end(),
                                      options.kube_version.minor) != info.kube_minors.end();
    if (info.backend == name && version_ok && info.hierarchy == hierarchy) return mapping;
  }
  // None: what the backend offers, for the message (built only now; every source of a render looks up).
  std::vector<std::string> offered;
  for (const auto& [mapping, info] : described_mappings()) {
    if (info.backend != name) continue;
    for (int minor : info.kube_minors) offered.push_back(fmt::format("1.{} {}", minor, info.hierarchy));
  }
  std::sort(offered.begin(), offered.end());
  std::string list;
  for (const auto& o : offered) list += (list.empty() ? "" : ", ") + o;
  diags.error("capability/no-mapping",
              fmt::format("backend {} has no mapping for Kubernetes {} with --hierarchy {}{}", name,
                          options.kube_version.text(), hierarchy,
                          list.empty() ? "" : fmt::format(" (available: {})", list)));
  return nullptr;
}

}  // namespace grovectl
