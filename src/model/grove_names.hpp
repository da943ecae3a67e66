#pragma once
// The names Grove's operator gives the objects of a PodCliqueSet (ai-dynamo/grove
// operator/api/common/namegen.go), and the epochs grovectl uses where the operator reads a clock.
#include <cstdint>
#include <string>

#include "model/gang_identity.hpp"
#include "model/grove_version.hpp"

namespace grovectl {

// A label value's limit, which the PodGang name must fit: pods and PodCliques carry it in grove.io/podgang.
inline constexpr size_t kLabelValueMax = 63;

// Legacy naming (Grove before PR #778).
std::string legacy_base_podgang_name(const std::string& pcs, int32_t replica);
std::string legacy_scaled_podgang_name(const std::string& pcs, int32_t replica, const std::string& group,
                                       int32_t scaled_index);

// Epoch naming (PR #778): GenerateAnchorPodGangName, GenerateNonAnchorPodGangName, GeneratePodGangMapName.
// With LongPodGangNames::kShortened a name over 63 bytes is shortened as the operator does.
std::string anchor_podgang_name(const std::string& pcs, int32_t replica, const std::string& epoch,
                                LongPodGangNames long_names);
std::string non_anchor_podgang_name(const std::string& pcs, int32_t replica, const std::string& epoch,
                                    const std::string& group, int32_t index, LongPodGangNames long_names);
std::string podgang_map_name(const std::string& pcs, int32_t replica);

// shortenPodGangName (issue #874): a name of at most 63 bytes as it is; a longer one becomes its first 29
// bytes without trailing '-' and '.', then "-h" and the hex of the first 16 bytes of the SHA-256 of the
// whole name.
std::string shortened_podgang_name(const std::string& name);

// The PodGang name of an epoch-named `identity` (Anchor, Tail, ScaleOut) with `epoch`; "" for other roles,
// whose names hold no runtime value. A diff that adopts a live object's epoch renders its name with this.
std::string podgang_name(const GangIdentity& identity, const std::string& epoch, LongPodGangNames long_names);

// Epochs. The operator reads its clock (Unix nanoseconds) when it first builds a replica's PodGangMap:
// Anchor = now, Tail = now + 1, ScaleOut = now + 2, each replica at its own reading. grovectl cannot know
// the reading: --epoch N sets replica 0's anchor and replica r's is N + 1000·r (docs/grove-versions.md).
// 2026-01-01T00:00:00Z in Unix nanoseconds: 19 digits, as every epoch the operator makes until 2286, so
// names have their real length, and round, so nobody takes it for a clock reading.
inline constexpr int64_t kDefaultAnchorEpoch = 1767225600000000000;
inline constexpr int64_t kReplicaEpochStep = 1000;
// The largest --epoch: room for the steps of any replica count a PodCliqueSet can have below int64's end.
inline constexpr int64_t kMaxAnchorEpoch = 9000000000000000000;

struct ReplicaEpochs {
  int64_t anchor = 0;
  int64_t tail = 0;
  int64_t scale_out = 0;
};
ReplicaEpochs replica_epochs(int64_t anchor_epoch_of_replica_0, int32_t replica);

}  // namespace grovectl
