#pragma once
// Layer 2, rule family meta/: the API server's ObjectMeta rules (k8s.io/apimachinery
// pkg/api/validation/objectmeta.go ValidateObjectMetaAccessor, pkg/apis/meta/v1/validation ValidateLabels)
// on an input object and on the pod/job template metadata it carries into the objects the operator creates.
#include <string>

#include "core/json.hpp"
#include "validate/field_error.hpp"

namespace grovectl {

// A labels or annotations map at `pointer` (field path `path`, e.g. "metadata.labels").
void check_labels(const Json& labels, const std::string& pointer, const std::string& path, FieldErrors& fe);
void check_annotations(const Json& annotations, const std::string& pointer, const std::string& path,
                       FieldErrors& fe);

struct ObjectMetaRules {
  bool namespaced = true;
  // The name's rules; false where a later layer reports the same rule (Grove's webhook for PodCliqueSets).
  bool check_name = true;
};

// The input object's own metadata (at /metadata).
void check_object_meta(const Json& object, const ObjectMetaRules& rules, FieldErrors& fe);

}  // namespace grovectl
