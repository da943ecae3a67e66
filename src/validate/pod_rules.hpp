#pragma once
// Layer 2, rule family pod/: what the API server's core Pod validation would refuse when the operator
// creates the pods of a template (kubernetes/kubernetes v1.35.7 pkg/apis/core/validation/validation.go,
// ValidatePodSpec and what it calls). The CRD schema passes these templates (it has no such rules), so only
// the pods (or, for a JobSet, its Jobs) fail, at run time, after `kubectl apply` succeeded. Validation runs
// on the pod as the API server defaults it (pkg/apis/core/v1/defaults.go): a field the defaults fill in is
// never reported missing. What is left out, and why: docs/validation-coverage.md.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "validate/field_error.hpp"
#include "yaml/field_place.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct PodSpecSite {
  FieldPlace place;  // the pod spec in the document, e.g. spec.template.cliques[0].spec.podSpec
  // A Job's pod template (JobSet): the Job API allows restartPolicy OnFailure or Never only.
  bool job_pod_template = false;
  // Fields the controller overwrites in every pod, so that what the template holds there never reaches the
  // API server: Grove's PodClique controller sets schedulingGates, hostname and subdomain
  // (ai-dynamo/grove operator/internal/controller/podclique/components/pod/pod.go), JobSet the subdomain when
  // DNS hostnames are on, as they are by default.
  bool replaces_scheduling_gates = false;
  bool replaces_hostname = false;
  bool replaces_subdomain = false;
  // Volumes the controller adds to the pods: JobSet's volume claim policies become persistentVolumeClaim
  // volumes named after their templates.
  const std::set<std::string>* added_claim_volumes = nullptr;
};

void check_pod_spec(const Json& spec, const PodSpecSite& site, FieldErrors& fe);

// What the containers' checks know of their pod: its volumes that passed validation (a mount naming another
// one is not found, as upstream hands containers only those), with whether each is a claim (block devices
// need one), and the defaulted fields they depend on.
struct PodContext {
  std::map<std::string, bool> volumes;  // name -> persistentVolumeClaim or ephemeral
  int64_t grace_period = 30;            // terminationGracePeriodSeconds
  std::string restart_policy;           // the pod's, after the defaults (Grove: Always; JobSet: OnFailure)
  std::string os;                       // spec.os.name, "" when unset
};

// Pieces of check_pod_spec, one file each.
std::map<std::string, bool> check_volumes(const Json& spec, const PodSpecSite& site, FieldErrors& fe);
void check_containers(const Json& spec, const PodSpecSite& site, const PodContext& pod, FieldErrors& fe);
void check_container_resources(const Json& container, const FieldPlace& place, FieldErrors& fe);
void check_env(const Json& container, const FieldPlace& place, FieldErrors& fe);
void check_volume_mounts(const Json& container, const FieldPlace& place, const PodContext& pod,
                         FieldErrors& fe);
// A probe (livenessProbe, readinessProbe, startupProbe) or the lifecycle of a container that may have them.
void check_probe(const Json& probe, const char* kind, const FieldPlace& place, const PodContext& pod,
                 FieldErrors& fe);
void check_lifecycle(const Json& lifecycle, const FieldPlace& place, const PodContext& pod, FieldErrors& fe);
void check_scheduling(const Json& spec, const PodSpecSite& site, FieldErrors& fe);

// The downward API's selectors, for env vars and for volume files: `place` is where the selector is,
// `upstream` the path upstream prints (a volume file's selector is printed at its source's path).
void check_object_field_selector(const Json& ref, const FieldPlace& place, const FieldPlace& upstream,
                                 std::initializer_list<const char*> allowed, const char* rule,
                                 FieldErrors& fe);
enum class ResourceSelector { kEnv, kVolume };  // a volume file's must name its container
void check_resource_field_selector(const Json& ref, const FieldPlace& place, const FieldPlace& upstream,
                                   ResourceSelector kind, const char* rule, FieldErrors& fe);

// Members of a checked object. A member of another JSON type is a schema finding already, and absent here.
const Json* member_of(const Json& object, const char* key);
const std::string* string_of(const Json& object, const char* key);
std::optional<int64_t> int_of(const Json& object, const char* key);
const Json* list_of(const Json& object, const char* key);    // an array
const Json* object_of(const Json& object, const char* key);  // a mapping
std::string text_of(const Json& object, const char* key);    // the string, or ""
// A ".." element, after either slash (validatePathNoBacksteps).
bool has_backstep(std::string_view path);

// "<path>: Unsupported value: "<value>": supported values: "a", "b"" (field.NotSupported), at `place`.
void not_supported(const std::string& rule, const FieldPlace& place, const std::string& value,
                   std::initializer_list<const char*> supported, FieldErrors& fe);

}  // namespace grovectl
