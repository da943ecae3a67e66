// ValidateCreate of JobSet's webhook (kubernetes-sigs/jobset v0.12.0 pkg/webhooks/jobset_webhook.go) up to
// the success policy, and the CRD's CEL rule on spec; the failure policy, coordinator and volume claim
// policies have files of their own. Findings use the webhook's words: a field.Error prints as
// "<path>: <Type>: <value>: <detail>"; the webhook's plain errors (fmt.Errorf, which the API server prints
// after "<nil>: Internal error: ") are given as written, located at the field they are about.
#include "validate/jobset_rules.hpp"

#include <fmt/format.h>

#include <limits>
#include <string_view>

#include "core/json_member.hpp"
#include "model/k8s_names.hpp"

namespace grovectl {
namespace {

// The messages the webhook puts in place of IsDNS1035Label's length message.
constexpr std::string_view kTooLongMessage = "must be no more than 63 characters";
constexpr const char* kGroupNameTooLong =
    ".spec.replicatedJob[].groupName is too long, must be less than 63 characters";
constexpr const char* kJobNameTooLong =
    "JobSet name is too long, job names generated for this JobSet will exceed 63 characters";
constexpr const char* kPodNameTooLong =
    "JobSet name is too long, pod names generated for this JobSet will exceed 63 characters";
constexpr const char* kSubdomainTooLong =
    ".spec.network.subdomain is too long, must be less than 63 characters";

// An int32 field; a value that is not one is a schema finding, and taken as unset here.
std::optional<int64_t> int_member(const Json& obj, std::initializer_list<const char*> path) {
  const Json* j = member_at(obj, path);
  if (!j || !j->is_number_integer()) return std::nullopt;
  const int64_t v = j->get<int64_t>();
  if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) return std::nullopt;
  return v;
}

const std::string* string_member(const Json& obj, const char* key) {
  const Json* j = member_at(obj, {key});
  return j && j->is_string() ? &j->get_ref<const std::string&>() : nullptr;
}

// IsDNS1035Label's problems, with its length message replaced as the webhook does.
std::vector<std::string> dns1035_errors(std::string_view value, const char* too_long) {
  std::vector<std::string> errs = dns1035_label_errors(value);
  for (auto& e : errs) {
    if (e.find(kTooLongMessage) != std::string::npos) e = too_long;
  }
  return errs;
}

// Jobs and pods are named after metadata.name; a JobSet created with generateName only is named by the API
// server, five characters after the prefix cut to 58 (JobSet PR #1267 checks that name, not an empty one).
std::string jobset_name(const Json& v) {
  std::string name = string_member_at(v, {"metadata", "name"});
  if (!name.empty()) return name;
  std::string prefix = string_member_at(v, {"metadata", "generateName"});
  if (prefix.empty()) return "";
  return prefix.substr(0, 58) + "xxxxx";
}

JobSetView view_of(const Json& v) {
  static const Json kEmptySpec = Json::object();
  JobSetView js;
  const Json* spec = member_at(v, {"spec"});
  js.spec = spec && spec->is_object() ? spec : &kEmptySpec;
  js.name = jobset_name(v);
  const Json* items = member_at(*js.spec, {"replicatedJobs"});
  if (!items || !items->is_array()) return js;
  for (size_t i = 0; i < items->size(); ++i) {
    const Json& item = (*items)[i];
    ReplicatedJobView rj;
    rj.item = &item;
    rj.index = i;
    rj.pointer = pointer_append("/spec/replicatedJobs", i);
    rj.name = string_member_at(item, {"name"});
    rj.replicas = int_member(item, {"replicas"}).value_or(1);
    rj.parallelism = int_member(item, {"template", "spec", "parallelism"});
    rj.completions = int_member(item, {"template", "spec", "completions"});
    if (const Json* mode = member_at(item, {"template", "spec", "completionMode"}); mode && mode->is_string())
      rj.completion_mode = mode->get<std::string>();
    js.replicated_jobs.push_back(std::move(rj));
  }
  return js;
}

std::string rj_field(const ReplicatedJobView& rj, const char* child) {
  return fmt::format("spec.replicatedJobs[{}].{}", rj.index, child);
}

// The CRD's CEL rule on spec (an object: the API server leaves its value out of the message).
void check_startup_policy(const JobSetView& js, FieldErrors& fe) {
  if (string_member_at(*js.spec, {"startupPolicy", "startupPolicyOrder"}) != "InOrder") return;
  for (const auto& rj : js.replicated_jobs) {
    if (rj.item->is_object() && rj.item->contains("dependsOn")) {
      fe.plain("jobset/startup-policy", "/spec/startupPolicy", "spec",
               "spec: Invalid value: StartupPolicy and DependsOn APIs are mutually exclusive");
      return;
    }
  }
}

void check_in_place_restart_gate(const JobSetView& js, FieldErrors& fe) {
  if (string_member_at(*js.spec, {"failurePolicy", "restartStrategy"}) != "InPlaceRestart") return;
  // JobSet's InPlaceRestart feature gate is alpha and off by default (pkg/features/features.go).
  fe.plain("jobset/feature-gate", "/spec/failurePolicy/restartStrategy", "spec.failurePolicy.restartStrategy",
           "InPlaceRestart restart strategy cannot be set when InPlaceRestart feature gate is disabled");
}

void check_subdomain(const JobSetView& js, FieldErrors& fe) {
  const Json* network = member_at(*js.spec, {"network"});
  const std::string* subdomain = network ? string_member(*network, "subdomain") : nullptr;
  if (!subdomain || subdomain->empty()) return;
  auto invalid = [&](const std::string& msg) {
    fe.invalid("jobset/network-subdomain", "/spec/network/subdomain", "spec.network.subdomain",
               go_quote(*subdomain), msg);
  };
  for (const auto& msg : dns1123_subdomain_errors(*subdomain)) invalid(msg);
  // It also names the headless Service, so it must be a DNS-1035 label as well.
  for (const auto& msg : dns1035_errors(*subdomain, kSubdomainTooLong)) invalid(msg);
}

void check_managed_by(const JobSetView& js, FieldErrors& fe) {
  const std::string* manager = string_member(*js.spec, "managedBy");
  if (!manager) return;
  const char* pointer = "/spec/managedBy";
  const char* path = "spec.managedBy";
  for (const auto& p : domain_prefixed_path_errors(*manager)) {
    if (p.required) {
      fe.required("jobset/managed-by", pointer, path, "");
    } else {
      fe.invalid("jobset/managed-by", pointer, path, go_quote(p.value), p.message);
    }
  }
  if (manager->size() > 63)
    fe.plain("jobset/managed-by", pointer, path, "spec.managedBy: Too long: may not be more than 63 bytes");
}

void check_first_depends_on(const JobSetView& js, FieldErrors& fe) {
  if (js.replicated_jobs.empty()) return;
  const ReplicatedJobView& first = js.replicated_jobs.front();
  const Json* deps = member_at(*first.item, {"dependsOn"});
  if (!deps || !deps->is_array()) return;  // null is no list (nulls are dropped)
  fe.plain("jobset/depends-on", first.pointer + "/dependsOn", rj_field(first, "dependsOn"),
           "DependsOn can't be set for the first ReplicatedJob");
}

// A replicated job's generated names: the Job of the last index, and for an Indexed Job with completions
// its last pod, with the five random characters the Job controller adds (placement.GenJobName, GenPodName).
void check_generated_names(const JobSetView& js, const ReplicatedJobView& rj, FieldErrors& fe) {
  const std::string last_job = std::to_string(rj.replicas - 1);
  std::string job_name;
  job_name.reserve(js.name.size() + rj.name.size() + last_job.size() + 2);
  job_name.append(js.name).append(1, '-').append(rj.name).append(1, '-').append(last_job);
  const std::string pointer = rj.pointer + "/name";
  const std::string path = rj_field(rj, "name");
  for (const auto& msg : dns1035_errors(job_name, kJobNameTooLong))
    fe.invalid("jobset/name-length", pointer, path, go_quote(job_name), msg);
  if (rj.completion_mode != "Indexed" || !rj.completions) return;
  const std::string pod_name = job_name + "-" + std::to_string(*rj.completions - 1) + "-abcde";
  // The webhook prints the Job name as the value here too.
  for (const auto& msg : dns1035_errors(pod_name, kPodNameTooLong))
    fe.invalid("jobset/name-length", pointer, path, go_quote(job_name), msg);
}

void check_replicated_job(const JobSetView& js, const ReplicatedJobView& rj, FieldErrors& fe) {
  int64_t pods = 0;  // int32 fields multiplied in int64 upstream; a value past int32 is a schema finding
  const bool overflow = __builtin_mul_overflow(rj.replicas, rj.parallelism.value_or(1), &pods);
  if (overflow || pods > std::numeric_limits<int32_t>::max()) {
    fe.plain("jobset/pod-count", rj.pointer + "/replicas", rj_field(rj, "replicas"),
             fmt::format("the product of replicas and parallelism must not exceed {} for replicatedJob '{}'",
                         std::numeric_limits<int32_t>::max(), rj.name));
  }
  // groupName defaults to "default" (the CRD); a value written, even "", is checked.
  if (const std::string* group = string_member(*rj.item, "groupName")) {
    for (const auto& msg : dns1035_errors(*group, kGroupNameTooLong))
      fe.invalid("jobset/group-name", rj.pointer + "/groupName", rj_field(rj, "groupName"), go_quote(*group),
                 msg);
  }
  check_generated_names(js, rj, fe);
  // Each dependency must be a replicated job seen so far: an earlier one (or this one).
  const Json* deps = member_at(*rj.item, {"dependsOn"});
  if (!deps || !deps->is_array()) return;
  for (size_t k = 0; k < deps->size(); ++k) {
    const std::string target = string_member_at((*deps)[k], {"name"});
    bool seen = false;
    for (size_t e = 0; e <= rj.index; ++e) seen |= js.replicated_jobs[e].name == target;
    if (seen) continue;
    const std::string item = pointer_append(rj.pointer + "/dependsOn", k);
    fe.plain("jobset/depends-on", item + "/name", fmt::format("{}[{}].name", rj_field(rj, "dependsOn"), k),
             fmt::format("replicatedJob: {} cannot depend on replicatedJob: {}", rj.name, target));
  }
}

void check_success_policy(const JobSetView& js, FieldErrors& fe) {
  const Json* targets = member_at(*js.spec, {"successPolicy", "targetReplicatedJobs"});
  if (!targets || !targets->is_array()) return;
  for (size_t k = 0; k < targets->size(); ++k) {
    const Json& t = (*targets)[k];
    if (!t.is_string() || js.replicated_job(t.get<std::string>())) continue;
    fe.plain("jobset/success-policy", pointer_append("/spec/successPolicy/targetReplicatedJobs", k),
             fmt::format("spec.successPolicy.targetReplicatedJobs[{}]", k),
             fmt::format("invalid replicatedJob name '{}' does not appear in .spec.ReplicatedJobs",
                         t.get<std::string>()));
  }
}

}  // namespace

const ReplicatedJobView* JobSetView::replicated_job(const std::string& name) const {
  for (const auto& rj : replicated_jobs) {
    if (rj.name == name) return &rj;
  }
  return nullptr;
}

void check_jobset(const SourceDocument& doc, Diagnostics& diags) {
  if (!doc.value.is_object()) return;
  FieldErrors fe(doc, diags);
  const JobSetView js = view_of(doc.value);
  check_startup_policy(js, fe);
  check_in_place_restart_gate(js, fe);
  check_first_depends_on(js, fe);
  check_subdomain(js, fe);
  check_managed_by(js, fe);
  for (const auto& rj : js.replicated_jobs) check_replicated_job(js, rj, fe);
  check_success_policy(js, fe);
  check_failure_policy(js, fe);
  check_coordinator(js, fe);
  check_volume_claim_policies(js, fe);
}

}  // namespace grovectl
