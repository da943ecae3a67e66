#pragma once
// The KAI queue of a gang source as Grove's KAI backend resolves it (resolveQueueNameForPodCliqueSet in
// operator/internal/scheduler/kai/backend.go, ai-dynamo/grove fcc3b3bb): the PodGroup's spec.queue, and
// kai_admission's refusal of a source where none resolves.
#include <string>

#include "model/gang.hpp"

namespace grovectl {

inline constexpr const char* kKaiQueueKey = "kai.scheduler/queue";

struct KaiQueue {
  std::string queue;  // "" when none resolves
  // Otherwise Grove's message, and the label or annotation (pointer and field path) it is about.
  std::string error;
  std::string pointer;
  std::string field;
};

KaiQueue resolve_kai_queue(const GangSource& source);

}  // namespace grovectl
