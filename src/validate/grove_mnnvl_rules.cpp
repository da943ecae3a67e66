// Grove's MNNVL annotation values on CREATE (ValidatePCSOnCreate in operator/internal/mnnvl/webhook.go,
// ai-dynamo/grove fcc3b3bb), less the operator's configuration, which only the cluster knows.
#include <fmt/format.h>

#include "model/k8s_names.hpp"
#include "validate/field_error.hpp"
#include "validate/grove_rules.hpp"

namespace grovectl {
namespace {

constexpr const char* kMnnvlGroup = "grove.io/mnnvl-group";

// The path is built with field.Path.Child, so the key follows a dot, with the usual Invalid-value prefix.
void check_mnnvl_value(const StringMap& annotations, const std::string& pointer, const std::string& path,
                       FieldErrors& fe) {
  auto it = annotations.find(kMnnvlGroup);
  if (it == annotations.end()) return;
  std::string p = pointer_append(pointer, kMnnvlGroup);
  std::string fp = fmt::format("{}.{}", path, kMnnvlGroup);
  if (it->second.empty()) {
    fe.invalid("grove/mnnvl-group", p, fp, go_quote(it->second), "mnnvl-group value must not be empty");
  } else if (it->second != "none") {
    std::vector<std::string> errors = dns1123_label_errors(it->second);
    if (errors.empty()) return;
    std::string joined;
    for (const auto& e : errors) joined += (joined.empty() ? "" : "; ") + e;
    fe.invalid(
        "grove/mnnvl-group", p, fp, go_quote(it->second),
        fmt::format("mnnvl-group value {} is not a valid DNS-1123 label: {}", go_quote(it->second), joined));
  }
}

}  // namespace

void check_mnnvl(const PodCliqueSet& pcs, Diagnostics& diags) {
  FieldErrors fe(*pcs.doc, diags);
  check_mnnvl_value(pcs.annotations, "/metadata/annotations", "metadata.annotations", fe);
  for (size_t i = 0; i < pcs.cliques.size(); ++i) {
    check_mnnvl_value(pcs.cliques[i].annotations, pcs.cliques[i].pointer + "/annotations",
                      fmt::format("spec.template.cliques[{}].annotations", i), fe);
  }
  for (size_t i = 0; i < pcs.scaling_groups.size(); ++i) {
    check_mnnvl_value(pcs.scaling_groups[i].annotations, pcs.scaling_groups[i].pointer + "/annotations",
                      fmt::format("spec.template.podCliqueScalingGroups[{}].annotations", i), fe);
  }
}

}  // namespace grovectl
