#pragma once
// Layer 2, rule family pod/: what the API server's core Pod validation would refuse when the operator
// creates the pods of a template (k8s.io/kubernetes pkg/apis/core/validation/validation.go, ValidatePodSpec
// and the container, port and resource checks it calls). The CRD schema passes these templates (it has
// no such rules), so only the pods fail, at run time, after `kubectl apply` succeeded.
// Not checked: unique env names (allowed), anything that needs the cluster (volumes' claims, classes).
#include <string>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "validate/field_error.hpp"
#include "validate/field_place.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct PodSpecSite {
  FieldPlace place;  // the pod spec in the document, e.g. spec.template.cliques[0].spec.podSpec
  // A Job's pod template (JobSet): the Job API allows restartPolicy OnFailure or Never only.
  bool job_pod_template = false;
};

void check_pod_spec(const Json& spec, const PodSpecSite& site, FieldErrors& fe);

// Pieces of check_pod_spec, one file each.
void check_containers(const Json& spec, const PodSpecSite& site, FieldErrors& fe);
void check_container_resources(const Json& container, const FieldPlace& place, FieldErrors& fe);

}  // namespace grovectl
