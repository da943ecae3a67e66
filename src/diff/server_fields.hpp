#pragma once
// What the API server, admission plugins, schedulers and controllers write into a live object but
// grovectl never renders, per kind and API version, as one table of rules that each name their source
// (server_fields.cpp). Applied before comparing, so a field the cluster wrote is never a difference while a
// field the user changed still is.
#include <string>
#include <vector>

#include "core/json.hpp"

namespace grovectl::diff {

// Where an object of a comparison comes from: only a live object carries what the cluster wrote.
enum class Origin { kLive, kRendered };

enum class FieldRuleKind {
  kServerWritten,    // removed from every object: written by the API server or controllers only
  kNullIsAbsent,     // a null member is the same as no member
  kEmptyIsAbsent,    // a value-typed struct or map printed as {} when unset
  kDefault,          // filled in when absent (structural-schema or type defaults), on both sides
  kRuntime,          // removed from both sides: a value only the running cluster knows
  kFilledWhenUnset,  // admission or a controller fills it when the request leaves it out: removed from
                     // a live object when the rendered one leaves it out
};

struct FieldRule {
  const char* group;                  // API group; nullptr: every object
  std::vector<std::string> versions;  // empty: every version
  const char* kind;                   // unused when group is nullptr
  const char* path;                   // pattern (json_path.hpp); "/**" with kNullIsAbsent: everywhere
  FieldRuleKind rule;
  const char* value_json;  // kDefault: the default value
  const char* source;      // the public fact behind the rule (KEP, PR, upstream type or project docs)
};

// The table, in the order the rules are applied within each kind of rule.
const std::vector<FieldRule>& server_field_rules();

// An object that only one side has, normalized on its own to be shown as it is: every rule but
// kDefault (nothing to compare against) and kFilledWhenUnset.
void normalize_alone(Json& object);

// A matched pair. A live Pod is first reduced to what its stub declares (project_live_pod); then both
// sides get every rule but kFilledWhenUnset; then kFilledWhenUnset fields are removed from a live old
// side where the new side leaves them out.
void normalize_pair(Json& old_side, Origin old_origin, Json& new_side);

// A live Pod reduced to the fields a pod stub carries (render --include pods: name, labels,
// annotations, schedulerName and the membership field): labels and annotations only with the stub's
// keys and the membership keys of every backend, so a stale membership label of another backend shows.
void project_live_pod(Json& live_pod, const Json& stub);

}  // namespace grovectl::diff
