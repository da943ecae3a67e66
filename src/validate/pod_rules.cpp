#include "validate/pod_rules.hpp"

#include <fmt/format.h>

namespace grovectl {
namespace {

// A Job's pod template may restart on failure or never (k8s.io/kubernetes pkg/apis/batch/validation,
// validateJobSpec); the JobSet webhook turns an empty value into OnFailure. A PodCliqueSet's restartPolicy
// is not checked here: Grove replaces it with Always (its webhook warns about any other value).
void check_job_restart_policy(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  auto it = spec.find("restartPolicy");
  if (it == spec.end() || !it->is_string()) return;
  const std::string& policy = it->get_ref<const std::string&>();
  if (policy.empty() || policy == "OnFailure" || policy == "Never") return;
  const FieldPlace place = site.place.key("restartPolicy");
  const std::string path = place.path();
  fe.plain("pod/restart-policy", place.pointer(), path,
           fmt::format("{}: Unsupported value: {}: supported values: \"OnFailure\", \"Never\"", path,
                       go_quote(policy)));
}

}  // namespace

void check_pod_spec(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  if (!spec.is_object()) return;
  check_containers(spec, site, fe);
  if (site.job_pod_template) check_job_restart_policy(spec, site, fe);
}

}  // namespace grovectl
