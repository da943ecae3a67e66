// spec.volumeClaimPolicies as JobSet validates them on CREATE: the CRD's CEL rule on each policy and the
// webhook's checks of its templates (kubernetes-sigs/jobset v0.12.0 pkg/webhooks/jobset_webhook.go,
// validateVolumeClaimPolicies and validateReplicatedJobsVolumeClaims). The webhook's comparison with a PVC
// that already exists in the cluster is left out (docs/validation-coverage.md).
#include <fmt/format.h>

#include <set>

#include "core/json_member.hpp"
#include "model/k8s_names.hpp"
#include "validate/jobset_rules.hpp"

namespace grovectl {
namespace {

const Json* list_at(const Json& root, std::initializer_list<const char*> keys) {
  const Json* j = member_at(root, keys);
  return j && j->is_array() ? j : nullptr;
}

// A container of the replicated job's pod template mounts `name` (its containers, then its init containers).
bool mounts(const ReplicatedJobView& rj, const std::string& name) {
  for (const char* list : {"containers", "initContainers"}) {
    const Json* containers = list_at(*rj.item, {"template", "spec", "template", "spec", list});
    if (!containers) continue;
    for (const auto& c : *containers) {
      const Json* volume_mounts = list_at(c, {"volumeMounts"});
      if (!volume_mounts) continue;
      for (const auto& m : *volume_mounts) {
        if (string_member_at(m, {"name"}) == name) return true;
      }
    }
  }
  return false;
}

// Pods get the claim as a volume named after the template, so a volume of that name in a pod template
// conflicts, and some container must mount it.
void check_claim_use(const JobSetView& js, const std::string& claim, FieldErrors& fe) {
  bool mounted = false;
  for (const auto& rj : js.replicated_jobs) {
    if (const Json* volumes = list_at(*rj.item, {"template", "spec", "template", "spec", "volumes"})) {
      for (size_t v = 0; v < volumes->size(); ++v) {
        if (string_member_at((*volumes)[v], {"name"}) != claim) continue;
        fe.invalid(
            "jobset/volume-claim-policy",
            pointer_append(rj.pointer + "/template/spec/template/spec/volumes", v) + "/name",
            fmt::format("spec.replicatedJobs[{}].template.spec.template.spec.volumes[{}].name", rj.index, v),
            go_quote(claim), "volume name conflicts with VolumeClaimPolicy template name: " + claim);
      }
    }
    mounted = mounted || mounts(rj, claim);
  }
  if (mounted) return;
  // The webhook prints the whole replicatedJobs list as the value; the list as written stands for it.
  const Json* all = member_at(*js.spec, {"replicatedJobs"});
  fe.invalid(
      "jobset/volume-claim-policy", "/spec/replicatedJobs", "spec.replicatedJobs",
      all ? go_json(*all) : "null",
      fmt::format("replicatedJob containers don't have a matching volumeMount: {} from VolumeClaimPolicies",
                  claim));
}

// CEL: self.templates.all(t, !has(t.metadata.namespace) || size(t.metadata.namespace) == 0), on each policy
// (an object: the API server leaves its value out of the message).
void check_template_namespaces(const Json& templates, const std::string& policy_pointer, size_t policy,
                               FieldErrors& fe) {
  for (size_t t = 0; t < templates.size(); ++t) {
    if (string_member_at(templates[t], {"metadata", "namespace"}).empty()) continue;
    const std::string path = fmt::format("spec.volumeClaimPolicies[{}]", policy);
    fe.plain("jobset/volume-claim-policy",
             pointer_append(policy_pointer + "/templates", t) + "/metadata/namespace", path,
             path + ": Invalid value: namespace cannot be set for VolumeClaimPolicies templates");
    return;
  }
}

}  // namespace

void check_volume_claim_policies(const JobSetView& js, FieldErrors& fe) {
  const Json* policies = list_at(*js.spec, {"volumeClaimPolicies"});
  if (!policies) return;
  std::set<std::string> claims;
  for (size_t p = 0; p < policies->size(); ++p) {
    const std::string policy_pointer = pointer_append("/spec/volumeClaimPolicies", p);
    const Json* templates = list_at((*policies)[p], {"templates"});
    if (!templates) continue;
    check_template_namespaces(*templates, policy_pointer, p, fe);
    for (size_t t = 0; t < templates->size(); ++t) {
      const std::string name = string_member_at((*templates)[t], {"metadata", "name"});
      // The webhook's path says "template", not the field's name "templates".
      const std::string path = fmt::format("spec.volumeClaimPolicies[{}].template[{}].name", p, t);
      const std::string pointer = pointer_append(policy_pointer + "/templates", t) + "/metadata/name";
      auto invalid = [&](const std::string& detail) {
        fe.invalid("jobset/volume-claim-policy", pointer, path, go_quote(name), detail);
      };
      if (claims.count(name)) invalid("names must be unique for VolumeClaimPolicies template");
      for (const auto& msg : dns1123_subdomain_errors(name)) invalid(msg);
      // The claim is named <template>-<jobset> (controllers.GeneratePVCName).
      if (name.size() + 1 + js.name.size() > 63) invalid("VolumeClaimPolicies template name is too long");
      check_claim_use(js, name, fe);
      claims.insert(name);
    }
  }
}

}  // namespace grovectl
