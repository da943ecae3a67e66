#pragma once
// Shared by the fuzz targets: turn fuzzer bytes into source documents and render options.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "input/loader.hpp"
#include "model/options.hpp"

namespace grovectl::fuzz {

// The first byte picks the options (backend, Kubernetes version, hierarchy, include set); the rest is YAML.
inline RenderOptions options_from(uint8_t selector) {
  RenderOptions o;
  switch (selector & 7) {
    case 0:
      break;
    case 1:
      o.backend = Backend::kDefaultScheduler;
      break;
    case 2:
      o.backend = Backend::kKaiScheduler;
      break;
    case 3:
      o.backend = Backend::kVolcano;
      break;
    case 4:
      o.backend = Backend::kKoordScheduler;
      break;
    default:
      break;
  }
  static const int kMinors[] = {35, 36, 37, 37};
  o.kube_version = KubeVersion{1, kMinors[(selector >> 3) & 3]};
  if (selector & 0x20) o.hierarchy = Hierarchy::kComposite;
  if (selector & 0x40) o.include = std::set<IncludeKind>{IncludeKind::kPodGang};
  if (selector & 0x80) o.namespace_override = "fuzz";
  return o;
}

// Small limits so the fuzzer explores the limit paths quickly.
inline LoadOptions fuzz_load_options() {
  LoadOptions lo;
  lo.limits.max_alias_bytes = 1 << 20;
  lo.limits.max_bytes = 1 << 20;
  return lo;
}

}  // namespace grovectl::fuzz
