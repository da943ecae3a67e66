// grove.md §3.5 (scheduler backends' ValidatePodCliqueSet, the offline-checkable part) and §3.6 (MNNVL
// annotation values), then the whole PodCliqueSet check in the webhook's order (§3.1).
#include <fmt/format.h>

#include <set>

#include "core/strings.hpp"
#include "validate/field_error.hpp"
#include "validate/grove_rules.hpp"
#include "validate/k8s_names.hpp"

namespace grovectl {
namespace {

constexpr const char* kKaiQueue = "kai.scheduler/queue";
constexpr const char* kVolcanoQueue = "scheduling.grove.io/volcano-queue";
constexpr const char* kMnnvlGroup = "grove.io/mnnvl-group";

// Label first, then annotation; returns the value and the pointer of the node that set it.
std::optional<std::pair<std::string, std::string>> queue_of(const StringMap& labels,
                                                            const StringMap& annotations,
                                                            const std::string& labels_pointer,
                                                            const std::string& annotations_pointer) {
  if (auto it = labels.find(kKaiQueue); it != labels.end() && !it->second.empty()) {
    return std::make_pair(it->second, pointer_append(labels_pointer, kKaiQueue));
  }
  if (auto it = annotations.find(kKaiQueue); it != annotations.end() && !it->second.empty()) {
    return std::make_pair(it->second, pointer_append(annotations_pointer, kKaiQueue));
  }
  return std::nullopt;
}

// Backend errors are wrapped by Grove as `spec: Invalid value: <the whole spec>: <msg>`; grovectl prints
// the message alone and points at the node that decides it.
void check_kai(const PodCliqueSet& pcs, FieldErrors& fe) {
  auto pcs_queue = queue_of(pcs.labels, pcs.annotations, "/metadata/labels", "/metadata/annotations");
  std::set<std::string> clique_queues;
  for (const auto& c : pcs.cliques) {
    auto q = queue_of(c.labels, c.annotations, c.pointer + "/labels", c.pointer + "/annotations");
    if (!q) continue;
    if (pcs_queue && q->first != pcs_queue->first) {
      fe.plain(
          "grove/kai-queue", q->second, "spec",
          fmt::format("KAI queue on PodCliqueSet {}/{} is {} but PodClique template {} resolves to {}",
                      pcs.ns, pcs.name, go_quote(pcs_queue->first), go_quote(c.name), go_quote(q->first)));
    }
    clique_queues.insert(q->first);
  }
  if (pcs_queue) return;
  if (clique_queues.empty()) {
    fe.plain("grove/kai-queue", "/metadata", "metadata.labels",
             fmt::format(
                 "no KAI queue is configured on PodCliqueSet {}/{} or its PodClique templates (set the label "
                 "{} on the PodCliqueSet)",
                 pcs.ns, pcs.name, kKaiQueue));
  } else if (clique_queues.size() > 1) {
    std::string list;
    for (const auto& q : clique_queues) list += (list.empty() ? "" : " ") + q;
    fe.plain("grove/kai-queue", "/spec/template/cliques", "spec.template.cliques",
             fmt::format("conflicting KAI queues on PodCliqueSet {}/{} PodClique templates: [{}]", pcs.ns,
                         pcs.name, list));
  }
}

// The first level that has a constraint, PCS then scaling groups then cliques: the operator returns on the
// first (grove.md §10).
void check_volcano_topology(const PodCliqueSet& pcs, FieldErrors& fe) {
  const std::string rule = "grove/volcano-topology";
  if (pcs.topology) {
    fe.plain(rule, pcs.topology->pointer, "spec.template.topologyConstraint",
             "volcano scheduler backend does not support topologyConstraint on PodCliqueSet");
    return;
  }
  for (const auto& g : pcs.scaling_groups) {
    if (!g.topology) continue;
    fe.plain(rule, g.topology->pointer, g.pointer.substr(1),
             fmt::format(
                 "volcano scheduler backend does not support topologyConstraint on PodCliqueScalingGroup {}",
                 go_quote(g.name)));
    return;
  }
  for (const auto& c : pcs.cliques) {
    if (!c.topology) continue;
    fe.plain(rule, c.topology->pointer, c.pointer.substr(1),
             fmt::format("volcano scheduler backend does not support topologyConstraint on PodClique {}",
                         go_quote(c.name)));
    return;
  }
}

// A queue annotation that is not a DNS subdomain: "<path>: <the Kubernetes DNS-subdomain messages>".
bool check_queue_name(const std::string& queue, const std::string& pointer, const std::string& path,
                      FieldErrors& fe) {
  std::vector<std::string> errors = dns1123_subdomain_errors(queue);
  if (errors.empty()) return true;
  std::string joined;
  for (const auto& e : errors) joined += (joined.empty() ? "" : "; ") + e;
  fe.plain("grove/volcano-queue", pointer, path, fmt::format("{}: {}", path, joined));
  return false;
}

// grove.md §3.5, §10: the PodCliqueSet's annotation and each clique's must be DNS subdomains; a clique's
// must equal the PodCliqueSet's; and every clique resolves (its own, else the PodCliqueSet's, else
// "default") to one queue.
void check_volcano(const PodCliqueSet& pcs, FieldErrors& fe) {
  check_volcano_topology(pcs, fe);
  std::string pcs_queue;
  bool names_ok = true;
  if (auto it = pcs.annotations.find(kVolcanoQueue); it != pcs.annotations.end()) {
    pcs_queue = trim(it->second);
    names_ok = check_queue_name(pcs_queue, pointer_append("/metadata/annotations", kVolcanoQueue),
                                fmt::format("metadata.annotations[{}]", kVolcanoQueue), fe);
  }
  std::string first_resolved;
  for (size_t i = 0; i < pcs.cliques.size(); ++i) {
    const auto& c = pcs.cliques[i];
    auto it = c.annotations.find(kVolcanoQueue);
    std::string q = it == c.annotations.end() ? "" : trim(it->second);
    std::string pointer = pointer_append(c.pointer + "/annotations", kVolcanoQueue);
    std::string path = fmt::format("spec.template.cliques[{}].annotations[{}]", i, kVolcanoQueue);
    if (!q.empty() && !check_queue_name(q, pointer, path, fe)) {
      names_ok = false;
      continue;
    }
    if (!q.empty() && !pcs_queue.empty() && q != pcs_queue) {
      fe.plain("grove/volcano-queue", pointer, path,
               fmt::format("conflicting volcano queue annotations: PodCliqueSet has {}, PodClique has {}",
                           go_quote(pcs_queue), go_quote(q)));
      names_ok = false;
      continue;
    }
    std::string resolved = !q.empty() ? q : (!pcs_queue.empty() ? pcs_queue : "default");
    if (first_resolved.empty()) {
      first_resolved = resolved;
    } else if (resolved != first_resolved && names_ok) {
      fe.plain("grove/volcano-queue", it == c.annotations.end() ? c.pointer : pointer,
               "spec.template.cliques",
               "all PodCliques in a PodCliqueSet using volcano scheduler must resolve to the same queue");
      return;
    }
  }
}

// Path built with field.Path.Child, so the key follows a dot; the usual Invalid-value prefix (grove.md §3.6,
// §10).
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

void check_backend_rules(const PodCliqueSet& pcs, const GroveCheckContext& ctx, Diagnostics& diags) {
  if (!ctx.backend) return;
  FieldErrors fe(*pcs.doc, diags);
  if (*ctx.backend == Backend::kKaiScheduler) check_kai(pcs, fe);
  if (*ctx.backend == Backend::kVolcano) check_volcano(pcs, fe);
}

void check_podcliqueset(const PodCliqueSet& raw, const PodCliqueSet& pcs, const GroveCheckContext& ctx,
                        Diagnostics& diags) {
  check_topology_cel(pcs, diags);
  check_topology_on_create(pcs, ctx, diags);
  check_pcs_spec(raw, pcs, ctx, diags);
  check_mnnvl(pcs, diags);
  if (!pcs.cliques.empty()) check_backend_rules(pcs, ctx, diags);
}

}  // namespace grovectl
