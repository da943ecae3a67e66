#include "frontend/jobset/defaults.hpp"

#include "core/json_member.hpp"

namespace grovectl {
namespace {

// A mapping of one member (a Json initializer list would copy its values once more).
Json mapping_of(const char* key, const char* value) {
  Json mapping = Json::object();
  mapping.get_ref<Json::object_t&>().emplace_back(key, value);
  return mapping;
}

// obj[key] when obj is an object that has it, else nullptr.
Json* child(Json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

// A missing key is appended, as obj[key] would, without a second search or a string made for the key.
void set_if_absent(Json& obj, const char* key, Json value) {
  if (!obj.is_object()) return;
  auto& members = obj.get_ref<Json::object_t&>();
  if (auto it = members.find(key); it != members.end()) {
    if (it->second.is_null()) it->second = std::move(value);
    return;
  }
  members.emplace_back(key, std::move(value));
}

// Webhook: per replicated job, completionMode Indexed and pod restartPolicy OnFailure; CRD: replicas 1,
// groupName "default".
void default_replicated_job(Json& rj) {
  if (!rj.is_object()) return;
  set_if_absent(rj, "replicas", 1);
  set_if_absent(rj, "groupName", "default");
  Json* job_spec = child(rj, "template");
  job_spec = job_spec ? child(*job_spec, "spec") : nullptr;
  if (!job_spec) return;
  set_if_absent(*job_spec, "completionMode", "Indexed");
  Json* pod_spec = child(*job_spec, "template");
  pod_spec = pod_spec ? child(*pod_spec, "spec") : nullptr;
  if (!pod_spec || !pod_spec->is_object()) return;
  auto it = pod_spec->find("restartPolicy");
  if (it == pod_spec->end() || it->is_null() || (it->is_string() && it->get<std::string>().empty())) {
    member_or_null_added(*pod_spec, "restartPolicy") = "OnFailure";
  }
}

void default_network(Json& spec) {
  set_if_absent(spec, "network", Json::object());
  Json* network = child(spec, "network");
  if (!network) return;
  set_if_absent(*network, "enableDNSHostnames", true);
  set_if_absent(*network, "publishNotReadyAddresses", true);
}

void default_failure_policy(Json& spec) {
  Json* fp = child(spec, "failurePolicy");
  if (!fp || !fp->is_object()) return;
  set_if_absent(*fp, "restartStrategy", "Recreate");
  Json* rules = child(*fp, "rules");
  if (!rules || !rules->is_array()) return;
  for (size_t i = 0; i < rules->size(); ++i) {
    Json& rule = (*rules)[i];
    if (!rule.is_object()) continue;
    auto it = rule.find("name");
    if (it == rule.end() || it->is_null() || (it->is_string() && it->get<std::string>().empty())) {
      rule["name"] = "failurePolicyRule" + std::to_string(i);
    }
  }
}

void default_volume_claim_policies(Json& spec) {
  Json* policies = child(spec, "volumeClaimPolicies");
  if (!policies || !policies->is_array()) return;
  for (auto& p : *policies) {
    set_if_absent(p, "retentionPolicy", Json::object());
    if (Json* rp = child(p, "retentionPolicy")) set_if_absent(*rp, "whenDeleted", "Delete");
  }
}

}  // namespace

Json apply_jobset_defaults(const Json& input, const std::string& ns) {
  Json out = input;
  if (!out.is_object()) return out;
  if (Json* meta = child(out, "metadata"); meta && meta->is_object()) {
    member_or_null_added(*meta, "namespace") = ns;
  }
  // JobSet's spec is a struct, not a pointer: the webhook defaults an absent one as it does an empty one.
  Json& spec_member = member_or_null_added(out, "spec");
  if (spec_member.is_null()) spec_member = Json::object();
  Json* spec = &spec_member;
  if (!spec->is_object()) return out;
  if (Json* rjs = child(*spec, "replicatedJobs"); rjs && rjs->is_array()) {
    for (auto& rj : *rjs) default_replicated_job(rj);
  }
  set_if_absent(*spec, "successPolicy", mapping_of("operator", "All"));
  set_if_absent(*spec, "startupPolicy", mapping_of("startupPolicyOrder", "AnyOrder"));
  default_network(*spec);
  default_failure_policy(*spec);
  default_volume_claim_policies(*spec);
  return out;
}

void apply_jobset_defaults(JobSet& js, const std::string& ns) {
  js.ns = ns;
  for (auto& rj : js.replicated_jobs) {
    if (!rj.completion_mode) rj.completion_mode = "Indexed";
  }
}

}  // namespace grovectl
