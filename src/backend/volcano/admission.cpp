// Volcano's admission rules (ValidatePodCliqueSet and validateTopologyConstraints in
// operator/internal/scheduler/volcano/backend.go, validateQueueAnnotations in queue.go; ai-dynamo/grove
// fcc3b3bb), except the queue's existence and state, which only the cluster knows.
#include "backend/volcano/admission.hpp"

#include <fmt/format.h>

#include "backend/grove_admission.hpp"
#include "core/go_values.hpp"
#include "core/strings.hpp"
#include "model/k8s_names.hpp"
#include "yaml/document.hpp"

namespace grovectl {
namespace {

constexpr const char* kQueueRule = "grove/volcano-queue";

// "<field>: <message>": the operator writes the field into the message itself.
void queue_error(const GangSource& source, const std::string& pointer, const std::string& field,
                 const std::string& message, Diagnostics& diags) {
  admission_error(source, kQueueRule, pointer, field, fmt::format("{}: {}", field, message), diags);
}

// The Kubernetes DNS-subdomain messages of an invalid queue name, joined as the operator joins them; "" when
// the name is valid.
std::string queue_name_problems(const std::string& queue) {
  std::string joined;
  for (const auto& e : dns1123_subdomain_errors(queue)) joined += (joined.empty() ? "" : "; ") + e;
  return joined;
}

// The PodCliqueSet's annotation must be a valid name (the operator returns on it); then each clique's must
// be, must agree with the PodCliqueSet's, and every clique must resolve (its own, else the PodCliqueSet's,
// else "default") to the queue of the first.
void check_queues(const GangSource& source, Diagnostics& diags) {
  const std::string pcs_queue = volcano_queue_annotation(source.annotations);
  if (!pcs_queue.empty()) {
    if (std::string problems = queue_name_problems(pcs_queue); !problems.empty()) {
      const std::string map = "/metadata/annotations";
      return queue_error(source, pointer_append(map, kVolcanoQueueKey),
                         map_key_field("metadata.annotations", kVolcanoQueueKey), problems, diags);
    }
  }
  // Grove's rule is about a PodCliqueSet's cliques; a JobSet's pod templates do not choose its queue.
  if (source.kind != "PodCliqueSet") return;
  std::string first_resolved;
  for (const auto& t : source.templates) {
    const std::string map = t.metadata_pointer + "/annotations";
    const std::string pointer = pointer_append(map, kVolcanoQueueKey);
    const std::string field = map_key_field(pointer_to_field_path(map), kVolcanoQueueKey);
    const std::string own = volcano_queue_annotation(t.annotations);
    if (!own.empty()) {
      if (std::string problems = queue_name_problems(own); !problems.empty())
        queue_error(source, pointer, field, problems, diags);
    }
    if (!own.empty() && !pcs_queue.empty() && own != pcs_queue) {
      queue_error(source, pointer, field,
                  fmt::format("conflicting volcano queue annotations: PodCliqueSet has {}, PodClique has {}",
                              go_quote(pcs_queue), go_quote(own)),
                  diags);
      continue;
    }
    const std::string resolved = !own.empty() ? own : !pcs_queue.empty() ? pcs_queue : "default";
    if (first_resolved.empty()) {
      first_resolved = resolved;
    } else if (resolved != first_resolved) {
      queue_error(source, pointer, field,
                  "all PodCliques in a PodCliqueSet using volcano scheduler must resolve to the same queue",
                  diags);
    }
  }
}

std::string topology_refusal(const TopologyPlace& place) {
  const std::string on = place.owner_name.empty()
                             ? place.owner_kind
                             : fmt::format("{} {}", place.owner_kind, go_quote(place.owner_name));
  return "volcano scheduler backend does not support topologyConstraint on " + on;
}

}  // namespace

std::string volcano_queue_annotation(const StringMap& annotations) {
  auto it = annotations.find(kVolcanoQueueKey);
  return it == annotations.end() ? "" : trim(it->second);
}

// The topology check returns first, before any queue is looked at.
void volcano_admission(const GangSource& source, Diagnostics& diags) {
  if (refuse_first_topology_constraint(source, "grove/volcano-topology", topology_refusal, diags)) return;
  check_queues(source, diags);
}

}  // namespace grovectl
