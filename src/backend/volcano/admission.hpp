#pragma once
// The Volcano queue annotation as Grove's Volcano backend reads it (operator/internal/scheduler/volcano/
// queue.go, ai-dynamo/grove fcc3b3bb): by the PodGroup's spec.queue and by volcano_admission.
#include <string>

#include "model/gang.hpp"

namespace grovectl {

inline constexpr const char* kVolcanoQueueKey = "scheduling.grove.io/volcano-queue";

// The annotation's value with surrounding blanks trimmed (strings.TrimSpace); "" when absent.
std::string volcano_queue_annotation(const StringMap& annotations);

}  // namespace grovectl
