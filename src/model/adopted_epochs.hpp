#pragma once
// Epochs a live cluster already uses, per PodCliqueSet replica. The operator reuses the epochs of the live
// PodGangs when it rebuilds a PodGangMap (ai-dynamo/grove PR #778, podgangmap bootstrap); `grovectl diff`
// does the same, so that a rendered PodGang, PodGangMap entry and backend PodGroup carry the name of the
// live object with their identity (docs/grove-diff.md).
#include <cstdint>
#include <map>
#include <string>

#include "model/grove_names.hpp"

namespace grovectl {

struct EpochOwner {
  std::string ns;
  std::string pcs;
  int32_t replica = 0;
  auto operator<=>(const EpochOwner&) const = default;
};

using AdoptedEpochs = std::map<EpochOwner, ReplicaEpochs>;

}  // namespace grovectl
