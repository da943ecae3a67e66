#include "diff/live_epochs.hpp"

#include <algorithm>

#include "core/json_member.hpp"
#include "core/strings.hpp"
#include "diff/object_key.hpp"

namespace grovectl::diff {
namespace {

void keep_smaller(std::optional<int64_t>& slot, int64_t epoch) {
  if (!slot || epoch < *slot) slot = epoch;
}

}  // namespace

GangRole gang_role_from_label(const std::string& value) {
  if (value == "Anchor") return GangRole::kAnchor;
  if (value == "Tail") return GangRole::kTail;
  if (value == "ScaleOut") return GangRole::kScaleOut;
  return GangRole::kNone;
}

void LiveEpochs::record(const EpochOwner& owner, GangRole role, const std::string& epoch) {
  // An epoch is the decimal string of a Unix-nanosecond reading (PR #778 namegen.go); anything else is not
  // adopted (it shows as a difference instead).
  auto value = parse_decimal<int64_t>(epoch);
  if (!value || owner.pcs.empty()) return;
  Roles& roles = seen_[owner];
  switch (role) {
    case GangRole::kAnchor:
      keep_smaller(roles.anchor, *value);
      break;
    case GangRole::kTail:
      keep_smaller(roles.tail, *value);
      break;
    case GangRole::kScaleOut:
      keep_smaller(roles.scale_out, *value);
      break;
    default:
      break;
  }
}

void LiveEpochs::add(const Json& object) {
  const ObjectKey key = object_key(object);
  const std::string pcs = label_at(object, "app.kubernetes.io/part-of");
  if (pcs.empty()) return;
  if (key.group == "grove.io" && key.kind == "PodGangMap") {
    // PR #778 operator/api/core/v1alpha1/podgangmap.go: the replica index is in the spec (required).
    const Json* replica = member_at(object, {"spec", "podCliqueSetReplicaIndex"});
    const Json* entries = member_at(object, {"spec", "entries"});
    if (!replica || !replica->is_number_integer() || !entries || !entries->is_array()) return;
    const int64_t r = replica->get<int64_t>();
    if (r < 0 || r > INT32_MAX) return;
    const EpochOwner owner{key.ns, pcs, static_cast<int32_t>(r)};
    for (const auto& e : *entries) {
      record(owner, gang_role_from_label(string_member_at(e, {"role"})), string_member_at(e, {"epoch"}));
    }
    return;
  }
  const std::string epoch = label_at(object, "grove.io/epoch");
  if (epoch.empty()) return;
  auto replica = parse_decimal<int32_t>(label_at(object, "grove.io/podcliqueset-replica-index"));
  if (!replica) return;
  record(EpochOwner{key.ns, pcs, *replica}, gang_role_from_label(label_at(object, "grove.io/podgang-role")),
         epoch);
}

AdoptedEpochs LiveEpochs::adopted() const {
  AdoptedEpochs out;
  for (const auto& [owner, roles] : seen_) {
    // The anchor the others are placed from: the live one, else the one the bootstrap would have taken.
    int64_t anchor = 0;
    if (roles.anchor) {
      anchor = *roles.anchor;
    } else if (roles.tail) {
      anchor = *roles.tail - 1;
    } else if (roles.scale_out) {
      anchor = *roles.scale_out - 2;
    } else {
      continue;
    }
    out[owner] = ReplicaEpochs{.anchor = anchor,
                               .tail = roles.tail.value_or(anchor + 1),
                               .scale_out = roles.scale_out.value_or(anchor + 2)};
  }
  return out;
}

std::shared_ptr<const AdoptedEpochs> epochs_to_adopt(const LiveEpochs& live, const RenderOptions& options) {
  if (options.grove_version->naming != GangNaming::kEpoch || live.empty()) return nullptr;
  AdoptedEpochs adopted = live.adopted();
  const bool same_as_rendered = std::all_of(adopted.begin(), adopted.end(), [&](const auto& entry) {
    const ReplicaEpochs rendered = replica_epochs(options.anchor_epoch, entry.first.replica);
    const ReplicaEpochs& l = entry.second;
    return l.anchor == rendered.anchor && l.tail == rendered.tail && l.scale_out == rendered.scale_out;
  });
  if (same_as_rendered) return nullptr;
  return std::make_shared<const AdoptedEpochs>(std::move(adopted));
}

}  // namespace grovectl::diff
