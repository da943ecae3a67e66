#include "model/grove_names.hpp"

#include <fmt/format.h>

#include "core/sha256.hpp"

namespace grovectl {
namespace {

// namegen.go keeps up to 29 bytes of the name, so that "-h" and 32 hex digits fit in 63.
constexpr size_t kShortenedPrefix = 29;
constexpr size_t kShortenedHashBytes = 16;

std::string with_long_names(std::string name, LongPodGangNames long_names) {
  return long_names == LongPodGangNames::kShortened ? shortened_podgang_name(name) : name;
}

}  // namespace

const char* gang_role_label(GangRole role) {
  switch (role) {
    case GangRole::kAnchor:
      return "Anchor";
    case GangRole::kTail:
      return "Tail";
    case GangRole::kScaleOut:
      return "ScaleOut";
    case GangRole::kNone:
    case GangRole::kLegacyBase:
    case GangRole::kLegacyScaled:
      break;
  }
  return "";
}

std::string legacy_base_podgang_name(const std::string& pcs, int32_t replica) {
  return fmt::format("{}-{}", pcs, replica);
}

std::string legacy_scaled_podgang_name(const std::string& pcs, int32_t replica, const std::string& group,
                                       int32_t scaled_index) {
  return fmt::format("{}-{}-{}-{}", pcs, replica, group, scaled_index);
}

std::string anchor_podgang_name(const std::string& pcs, int32_t replica, const std::string& epoch,
                                LongPodGangNames long_names) {
  return with_long_names(fmt::format("{}-{}-{}", pcs, replica, epoch), long_names);
}

std::string non_anchor_podgang_name(const std::string& pcs, int32_t replica, const std::string& epoch,
                                    const std::string& group, int32_t index, LongPodGangNames long_names) {
  return with_long_names(fmt::format("{}-{}-{}-{}-{}", pcs, replica, epoch, group, index), long_names);
}

std::string podgang_map_name(const std::string& pcs, int32_t replica) {
  return fmt::format("{}-{}", pcs, replica);
}

std::string shortened_podgang_name(const std::string& name) {
  if (name.size() <= kLabelValueMax) return name;
  std::string prefix = name.substr(0, kShortenedPrefix);
  while (!prefix.empty() && (prefix.back() == '-' || prefix.back() == '.')) prefix.pop_back();
  const auto digest = sha256(name);
  std::string out = prefix + "-h";
  for (size_t i = 0; i < kShortenedHashBytes; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

std::string podgang_name(const GangIdentity& id, const std::string& epoch, LongPodGangNames long_names) {
  switch (id.role) {
    case GangRole::kAnchor:
      return anchor_podgang_name(id.pcs, id.replica, epoch, long_names);
    case GangRole::kTail:
    case GangRole::kScaleOut:
      return non_anchor_podgang_name(id.pcs, id.replica, epoch, id.scaling_group, id.group_index, long_names);
    case GangRole::kNone:
    case GangRole::kLegacyBase:
    case GangRole::kLegacyScaled:
      break;  // no runtime value in these names: the rendered gang's name is the live one's
  }
  return "";
}

ReplicaEpochs replica_epochs(int64_t anchor_epoch_of_replica_0, int32_t replica) {
  const int64_t anchor = anchor_epoch_of_replica_0 + kReplicaEpochStep * replica;
  return {.anchor = anchor, .tail = anchor + 1, .scale_out = anchor + 2};
}

}  // namespace grovectl
