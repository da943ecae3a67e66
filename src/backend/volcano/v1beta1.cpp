// Volcano PodGroup, scheduling.volcano.sh/v1beta1 with subGroupPolicy, as Grove's Volcano backend builds it
// (operator/internal/scheduler/volcano/backend.go, ai-dynamo/grove fcc3b3bb); its admission rules are in
// admission.cpp.
#include <fmt/format.h>

#include "backend/builders.hpp"
#include "backend/checks.hpp"
#include "backend/mappings.hpp"
#include "backend/volcano/admission.hpp"

namespace grovectl {
namespace {

// The PodGang annotation (mirrored from the PCS), trimmed; missing or empty is "default".
std::string volcano_queue(const Gang& gang) {
  std::string q = volcano_queue_annotation(gang.annotations);
  return q.empty() ? "default" : q;
}

// The pod label that tells the pod groups of a gang apart: grove.io/podclique, as Grove's backend selects
// (operator/internal/scheduler/volcano/backend.go), for a PodCliqueSet; the label the input's controller sets
// otherwise, since the pods of a JobSet carry no Grove labels.
std::string group_label_key(const Gang& gang) {
  return gang.source && !gang.source->group_label_key.empty() ? gang.source->group_label_key
                                                              : "grove.io/podclique";
}

bool from_podcliqueset(const Gang& gang) {
  return !gang.source || gang.source->kind == "PodCliqueSet";
}

Json sub_group_policy(const Gang& gang) {
  const std::string key = group_label_key(gang);
  Json out = Json::array();
  for (const auto& pg : gang.groups) {
    Json p = Json::object();
    p["name"] = pg.name;
    p["labelSelector"] = Json{{"matchLabels", Json{{key, pg.name}}}};
    p["matchLabelKeys"] = Json::array({key});
    p["subGroupSize"] = pg.min_count > 0 ? pg.min_count : 1;
    p["minSubGroups"] = 1;
    out.push_back(std::move(p));
  }
  return out;
}

class VolcanoMapping final : public Mapping {
 public:
  MappingInfo info() const override {
    return {.backend = "volcano",
            .kube_minors = KubeVersion::supported_minors(),
            .hierarchy = "flat",
            .kinds = {"scheduling.volcano.sh/v1beta1 PodGroup"},
            .gates = {}};
  }

  void check(const Gang& gang, const MappingContext&, Diagnostics& diags) const override {
    require_dns_subdomain(gang, "Volcano PodGroup name", gang.name, shorten_source_name(gang), diags);
    for (const auto& pg : gang.groups) {
      require_group_name_label(
          gang, pg,
          fmt::format("value of pod label {} in subGroupPolicy.labelSelector", group_label_key(gang)), diags);
    }
  }

  std::vector<Json> objects(const Gang& gang, const MappingContext& ctx, Diagnostics&) const override {
    Json computed = Json::object();
    computed["metadata"] = object_metadata(gang.name, gang.ns, gang.labels);  // labels only, as Grove does
    Json spec = Json::object();
    int64_t sum = total_min_count(gang);
    spec["minMember"] = sum > 0 ? sum : 1;
    spec["queue"] = volcano_queue(gang);
    if (!gang.priority_class_name.empty()) spec["priorityClassName"] = gang.priority_class_name;
    spec["subGroupPolicy"] = sub_group_policy(gang);
    computed["spec"] = std::move(spec);
    return {ctx.templates.instantiate("volcano/v1beta1/PodGroup.yaml", std::move(computed))};
  }

  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    PodMembership m;
    m.scheduler_name = "volcano";
    m.annotations["scheduling.k8s.io/group-name"] = gang.name;
    m.annotations["scheduling.volcano.sh/group-name"] = gang.name;
    // A JobSet's pod template does not show the label its controller adds at runtime; written into the
    // template (the same value the controller sets), the subGroupPolicy selector visibly matches its pods.
    if (!from_podcliqueset(gang)) m.labels[group_label_key(gang)] = group.name;
    return m;
  }
};

}  // namespace

const Mapping& volcano_v1beta1_mapping() {
  static const VolcanoMapping mapping;
  return mapping;
}

}  // namespace grovectl
