#pragma once
// What a backend's PreparePod puts on a pod of a pod group. Backends say it (Mapping::membership); the
// pipeline writes it into pod stubs and a frontend into the pod templates of its input (a JobSet).
#include <functional>
#include <string>

#include "core/json.hpp"
#include "model/gang.hpp"

namespace grovectl {

struct PodMembership {
  std::string scheduler_name;
  StringMap labels;
  StringMap annotations;
  Json spec_fields = Json::object();  // merged into pod.spec, e.g. {"schedulingGroup": {"podGroupName": ...}}
};

// The membership of the pods of `group` in `gang`, for the backend the pipeline resolved.
using MembershipOf = std::function<PodMembership(const Gang& gang, const PodGroup& group)>;

}  // namespace grovectl
