// KAI's admission rule: a PodCliqueSet must resolve to one KAI queue (ValidatePodCliqueSet and
// resolveQueueNameForPodCliqueSet in operator/internal/scheduler/kai/backend.go, ai-dynamo/grove fcc3b3bb).
// A JobSet's KAI PodGroup needs one too, resolved the same way over its replicated jobs' pod templates.
#include "backend/kai/admission.hpp"

#include <fmt/format.h>

#include <optional>
#include <set>

#include "backend/grove_admission.hpp"
#include "core/go_values.hpp"
#include "yaml/document.hpp"

namespace grovectl {
namespace {

// A queue and the label or annotation that sets it.
struct QueueSetting {
  std::string queue;
  std::string pointer;
  std::string field;
};

// resolveQueueNameFromMetadata: the label when it is set, else the annotation. `metadata_pointer` is where
// the object's labels and annotations are written.
std::optional<QueueSetting> queue_of(const StringMap& labels, const StringMap& annotations,
                                     const std::string& metadata_pointer) {
  for (const auto& [map, values] : {std::pair{"labels", &labels}, std::pair{"annotations", &annotations}}) {
    auto it = values->find(kKaiQueueKey);
    if (it == values->end() || it->second.empty()) continue;
    const std::string map_pointer = metadata_pointer + "/" + map;
    return QueueSetting{it->second, pointer_append(map_pointer, kKaiQueueKey),
                        map_key_field(pointer_to_field_path(map_pointer), kKaiQueueKey)};
  }
  return std::nullopt;
}

// What the source calls its pod templates.
std::string template_noun(const GangSource& source) {
  return source.kind == "JobSet" ? "replicated job template" : "PodClique template";
}

KaiQueue resolved(const std::string& queue) {
  KaiQueue q;
  q.queue = queue;
  return q;
}

KaiQueue refusal(std::string error, const QueueSetting& at) {
  return {.queue = "", .error = std::move(error), .pointer = at.pointer, .field = at.field};
}

}  // namespace

KaiQueue resolve_kai_queue(const GangSource& source) {
  const std::string subject = fmt::format("{} {}/{}", source.kind, source.ns, source.name);
  if (auto top = queue_of(source.labels, source.annotations, "/metadata")) {
    // Every template that sets a queue must set this one; the operator returns on the first that differs.
    for (const auto& t : source.templates) {
      auto own = queue_of(t.labels, t.annotations, t.metadata_pointer);
      if (!own || own->queue == top->queue) continue;
      return refusal(
          fmt::format("KAI queue on {} is {} but {} {} resolves to {}", subject, go_quote(top->queue),
                      template_noun(source), go_quote(t.name), go_quote(own->queue)),
          *own);
    }
    return resolved(top->queue);
  }
  std::set<std::string> queues;
  std::optional<QueueSetting> first, differing;
  for (const auto& t : source.templates) {
    auto own = queue_of(t.labels, t.annotations, t.metadata_pointer);
    if (!own) continue;
    queues.insert(own->queue);
    if (!first) first = own;
    if (!differing && own->queue != first->queue) differing = own;
  }
  if (queues.size() == 1) return resolved(*queues.begin());
  if (queues.empty()) {
    return refusal(fmt::format("no KAI queue is configured on {} or its {}s (set the label {} on the {})",
                               subject, template_noun(source), kKaiQueueKey, source.kind),
                   {"", "/metadata/labels", "metadata.labels"});
  }
  // Go's %v of the sorted names: "[a b]". At the first template that differs from the first one set.
  std::string list;
  for (const auto& q : queues) list += (list.empty() ? "" : " ") + q;
  return refusal(fmt::format("conflicting KAI queues on {} {}s: [{}]", subject, template_noun(source), list),
                 *differing);
}

void kai_admission(const GangSource& source, Diagnostics& diags) {
  const KaiQueue q = resolve_kai_queue(source);
  if (!q.error.empty()) admission_error(source, "grove/kai-queue", q.pointer, q.field, q.error, diags);
}

}  // namespace grovectl
