#include "render/pod_stubs.hpp"

#include "backend/builders.hpp"

namespace grovectl {

std::vector<Json> pod_stubs(const Gang& gang, const Mapping& mapping, const MappingContext& ctx) {
  std::vector<Json> pods;
  for (const auto& group : gang.groups) {
    PodMembership m = mapping.membership(gang, group, ctx);
    for (size_t i = 0; i < group.pod_names.size(); ++i) {
      StringMap labels = group.pod_labels;
      if (gang.source && gang.source->kind == "PodCliqueSet") {
        labels["grove.io/podclique-pod-index"] = std::to_string(i);
      }
      if (i < group.per_pod_labels.size()) {
        for (const auto& [k, v] : group.per_pod_labels[i]) labels[k] = v;
      }
      for (const auto& [k, v] : m.labels) labels[k] = v;
      StringMap annotations;
      if (gang.source) {
        for (const auto& t : gang.source->templates) {
          if (t.name == group.template_name) annotations = t.annotations;
        }
      }
      if (i < group.per_pod_annotations.size()) {
        for (const auto& [k, v] : group.per_pod_annotations[i]) annotations[k] = v;
      }
      for (const auto& [k, v] : m.annotations) annotations[k] = v;
      Json computed = Json::object();
      computed["metadata"] = object_metadata(group.pod_names[i], gang.ns, labels, annotations);
      Json spec = Json::object();
      spec["schedulerName"] = m.scheduler_name;
      for (auto it = m.spec_fields.begin(); it != m.spec_fields.end(); ++it) spec[it.key()] = it.value();
      computed["spec"] = std::move(spec);
      pods.push_back(ctx.templates.instantiate("pod/v1/Pod.yaml", computed));
    }
  }
  return pods;
}

}  // namespace grovectl
