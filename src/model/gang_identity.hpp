#pragma once
// Which PodGang of a PodCliqueSet a gang is, apart from the runtime values in its name (the epoch), so that
// a rendered gang and a live one can be matched: PodCliqueSet, replica index, role and, for a gang of one
// scaling-group replica, the group and its index. On a live object the operator's labels carry it:
// app.kubernetes.io/part-of (PodCliqueSet), grove.io/podcliqueset-replica-index, grove.io/podgang-role and
// grove.io/epoch; a non-anchor PodGang's group and index are those of its PodCliques
// (<pcs>-<r>-<group>-<index>-<clique>), and its name is podgang_name() of them with its epoch.
#include <cstdint>
#include <string>

namespace grovectl {

enum class GangRole {
  kNone,          // not a Grove PodCliqueSet's gang (a JobSet's)
  kLegacyBase,    // <pcs>-<r>: standalone cliques and scaling-group replicas below minAvailable
  kLegacyScaled,  // <pcs>-<r>-<group>-<j>: scaling-group replica minAvailable + j
  kAnchor,        // <pcs>-<r>-<epoch>
  kTail,          // <pcs>-<r>-<epoch>-<group>-<index>, replicas the template asks for above minAvailable
  kScaleOut,      // the same shape, replicas added since (a live PodCliqueScalingGroup scaled out)
};

// The value of the grove.io/podgang-role label ("Anchor", "Tail", "ScaleOut"); "" for legacy roles.
const char* gang_role_label(GangRole role);

struct GangIdentity {
  std::string pcs;       // PodCliqueSet name
  int32_t replica = -1;  // PodCliqueSet replica index
  GangRole role = GangRole::kNone;
  std::string epoch;          // the epoch its name is built from (epoch naming only)
  std::string scaling_group;  // the scaling group's config name (Tail, ScaleOut, legacy scaled)
  int32_t group_index = -1;   // the scaling-group replica index (legacy scaled too: minAvailable + j)
};

}  // namespace grovectl
