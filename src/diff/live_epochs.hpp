#pragma once
// The epochs a live cluster's Grove objects use, so that diff renders with them (model/adopted_epochs.hpp):
// a PodGang, PodGangMap entry or backend PodGroup then has the name of the live object with its identity
// (PodCliqueSet, replica index, role, scaling group and index), whatever epochs the operator took from its
// clock, and differs from it only where the input does.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/json.hpp"
#include "model/adopted_epochs.hpp"
#include "model/gang_identity.hpp"
#include "model/options.hpp"

namespace grovectl::diff {

// Gathered one live object at a time, as the live side is read.
class LiveEpochs {
 public:
  // Reads the epochs of `object` when it is one of a PodCliqueSet's epoch-named objects: a PodGangMap
  // (grove.io; spec.podCliqueSetReplicaIndex, spec.entries[].epoch and role), or any object carrying
  // the PodGang labels app.kubernetes.io/part-of, grove.io/podcliqueset-replica-index, grove.io/epoch and
  // grove.io/podgang-role (PodGangs, and the KAI and Volcano PodGroups that copy their labels:
  // ai-dynamo/grove PR #778 podgang.go buildLabels, operator/internal/scheduler/{kai,volcano}/backend.go).
  void add(const Json& object);

  // Per replica, the live epoch of each role. A role the live side does not show (a Tail the template did
  // not need until now) is placed from the others as the operator's bootstrap places them: Tail one
  // after the Anchor, ScaleOut two after. Two live epochs for one role: the smaller (deterministic).
  AdoptedEpochs adopted() const;
  bool empty() const { return seen_.empty(); }

 private:
  struct Roles {
    std::optional<int64_t> anchor, tail, scale_out;
  };
  void record(const EpochOwner& owner, GangRole role, const std::string& epoch);
  std::map<EpochOwner, Roles> seen_;
};

// The epochs a render with `options` must adopt from `live`: null when its Grove version does not name
// PodGangs by epoch, or when the live side shows no epoch that `options` would not render anyway.
std::shared_ptr<const AdoptedEpochs> epochs_to_adopt(const LiveEpochs& live, const RenderOptions& options);

// "Anchor", "Tail", "ScaleOut" -> the role; anything else -> kNone.
GangRole gang_role_from_label(const std::string& value);

}  // namespace grovectl::diff
