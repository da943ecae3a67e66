// The failure policy and the coordinator as JobSet's webhook validates them on CREATE (kubernetes-sigs/jobset
// v0.12.0 pkg/webhooks/jobset_webhook.go: validateFailurePolicy, validateCoordinator,
// validateCoordinatorLabelValue). Every one of these is a plain error there (fmt.Errorf), given as written.
#include <fmt/format.h>

#include <map>
#include <string_view>

#include "core/json_member.hpp"
#include "model/k8s_names.hpp"
#include "validate/jobset_rules.hpp"

namespace grovectl {
namespace {

// The reasons a failed Job's condition can carry (k8s.io/api batch/v1 JobReason* constants).
constexpr std::string_view kJobFailureReasons[] = {
    "BackoffLimitExceeded",     "DeadlineExceeded", "FailedIndexes",
    "MaxFailedIndexesExceeded", "PodFailurePolicy",
};

bool is_restart_job(std::string_view action) {
  return action == "RestartJob" || action == "RestartJobAndIgnoreMaxRestarts";
}

// ^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$
bool valid_rule_name(std::string_view name) {
  auto alpha = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  auto word = [&](char c) { return alpha(c) || (c >= '0' && c <= '9') || c == '_'; };
  if (name.empty() || !alpha(name.front()) || !word(name.back())) return false;
  for (char c : name) {
    if (!word(c) && c != ',' && c != ':') return false;
  }
  return true;
}

const Json* list_member(const Json& obj, const char* key) {
  const Json* j = member_at(obj, {key});
  return j && j->is_array() ? j : nullptr;
}

struct FailureRule {
  size_t index = 0;
  std::string pointer;  // /spec/failurePolicy/rules/<index>
  std::string name;     // as the defaulting webhook leaves it
  bool name_written = false;
};

// The RestartJob actions need JobSet's RestartJob feature gate, alpha and off by default
// (pkg/features/features.go); the webhook then checks nothing else of the policy.
bool check_restart_job_gate(const Json& rules, FieldErrors& fe) {
  for (size_t i = 0; i < rules.size(); ++i) {
    const std::string action = string_member_at(rules[i], {"action"});
    if (!is_restart_job(action)) continue;
    fe.plain("jobset/feature-gate", pointer_append("/spec/failurePolicy/rules", i) + "/action",
             fmt::format("spec.failurePolicy.rules[{}].action", i),
             "RestartJob and RestartJobAndIgnoreMaxRestarts failure policy actions are not allowed when "
             "RestartJob feature gate is disabled");
    return false;
  }
  return true;
}

void check_rule_lists(const JobSetView& js, const Json& rule, const FailureRule& r, FieldErrors& fe) {
  const std::string path = fmt::format("spec.failurePolicy.rules[{}]", r.index);
  if (const Json* targets = list_member(rule, "targetReplicatedJobs")) {
    for (size_t k = 0; k < targets->size(); ++k) {
      const Json& t = (*targets)[k];
      if (!t.is_string() || js.replicated_job(t.get<std::string>())) continue;
      fe.plain("jobset/failure-policy", pointer_append(r.pointer + "/targetReplicatedJobs", k),
               fmt::format("{}.targetReplicatedJobs[{}]", path, k),
               fmt::format("invalid replicatedJob name '{}' in failure policy does not appear in "
                           ".spec.ReplicatedJobs",
                           t.get<std::string>()));
    }
  }
  if (const Json* reasons = list_member(rule, "onJobFailureReasons")) {
    for (size_t k = 0; k < reasons->size(); ++k) {
      const Json& reason = (*reasons)[k];
      if (!reason.is_string()) continue;
      bool known = false;
      for (auto valid : kJobFailureReasons) known |= reason.get_ref<const std::string&>() == valid;
      if (known) continue;
      fe.plain(
          "jobset/failure-policy", pointer_append(r.pointer + "/onJobFailureReasons", k),
          fmt::format("{}.onJobFailureReasons[{}]", path, k),
          fmt::format("invalid job failure reason '{}' in failure policy is not a recognized job failure "
                      "reason",
                      reason.get<std::string>()));
    }
  }
}

void check_rule_name(const FailureRule& r, FieldErrors& fe) {
  const std::string pointer = r.name_written ? r.pointer + "/name" : r.pointer;
  const std::string path = fmt::format("spec.failurePolicy.rules[{}].name", r.index);
  if (r.name.size() > 128) {
    fe.plain("jobset/failure-policy", pointer, path,
             fmt::format("invalid failure policy rule name of length {}, the rule name must be at least 1 "
                         "characters long and at most 128 characters long",
                         r.name.size()));
  }
  if (!valid_rule_name(r.name)) {
    fe.plain(
        "jobset/failure-policy", pointer, path,
        fmt::format("invalid failure policy rule name '{}', a failure policy rule name must start with an "
                    "alphabetic character, optionally followed by a string of alphanumeric characters or "
                    "'_,:', and must end with an alphanumeric character or '_'",
                    r.name));
  }
}

// Go prints the indices of a []int as "[0 2]"; the finding sits at the first repeat.
void check_unique_names(const std::vector<FailureRule>& rules, FieldErrors& fe) {
  std::map<std::string, std::vector<const FailureRule*>> by_name;
  std::vector<std::string> order;
  for (const auto& r : rules) {
    auto& same = by_name[r.name];
    if (same.empty()) order.push_back(r.name);
    same.push_back(&r);
  }
  for (const auto& name : order) {
    const auto& same = by_name[name];
    if (same.size() < 2) continue;
    std::string indices;
    for (const FailureRule* r : same) indices += fmt::format("{}{}", indices.empty() ? "" : " ", r->index);
    const FailureRule& repeat = *same[1];
    fe.plain("jobset/failure-policy", repeat.name_written ? repeat.pointer + "/name" : repeat.pointer,
             fmt::format("spec.failurePolicy.rules[{}].name", repeat.index),
             fmt::format("rule names are not unique, rules with indices [{}] all have the same name '{}'",
                         indices, name));
  }
}

std::string label_value_problems(const std::string& value) {
  std::string joined;
  for (const auto& msg : label_value_errors(value)) joined += (joined.empty() ? "" : ", ") + msg;
  return joined;
}

}  // namespace

void check_failure_policy(const JobSetView& js, FieldErrors& fe) {
  const Json* policy = member_at(*js.spec, {"failurePolicy"});
  if (!policy || !policy->is_object()) return;
  const Json* rules = list_member(*policy, "rules");
  if (!rules || !check_restart_job_gate(*rules, fe)) return;
  // The RestartJob gate being off, the webhook's check of replicas against 1024 for those actions never runs.
  std::vector<FailureRule> named;
  for (size_t i = 0; i < rules->size(); ++i) {
    const Json& rule = (*rules)[i];
    FailureRule r;
    r.index = i;
    r.pointer = pointer_append("/spec/failurePolicy/rules", i);
    r.name = string_member_at(rule, {"name"});
    r.name_written = !r.name.empty();
    if (!r.name_written) r.name = fmt::format("failurePolicyRule{}", i);  // the defaulting webhook's name
    check_rule_name(r, fe);
    check_rule_lists(js, rule, r, fe);
    named.push_back(std::move(r));
  }
  check_unique_names(named, fe);
}

void check_coordinator(const JobSetView& js, FieldErrors& fe) {
  const Json* c = member_at(*js.spec, {"coordinator"});
  if (!c || !c->is_object()) return;
  const std::string name = string_member_at(*c, {"replicatedJob"});
  const Json* job = member_at(*c, {"jobIndex"});
  const Json* pod = member_at(*c, {"podIndex"});
  const int64_t job_index = job && job->is_number_integer() ? job->get<int64_t>() : 0;
  const int64_t pod_index = pod && pod->is_number_integer() ? pod->get<int64_t>() : 0;
  auto report = [&](const char* key, const std::string& message) {
    fe.plain("jobset/coordinator", std::string("/spec/coordinator/") + key,
             std::string("spec.coordinator.") + key, message);
  };
  // validateCoordinator stops at the first problem.
  const ReplicatedJobView* rj = js.replicated_job(name);
  if (!rj) {
    report("replicatedJob", fmt::format("coordinator replicatedJob {} does not exist", name));
  } else if (job_index < 0 || job_index >= rj->replicas) {
    report("jobIndex",
           fmt::format("coordinator job index {} is invalid for replicatedJob {}", job_index, name));
  } else if (rj->completion_mode != "Indexed" || !rj->completions) {
    report("replicatedJob",
           "job for coordinator pod must be indexed completion mode, and completions number must be set");
  } else if (pod_index < 0 || pod_index >= *rj->completions) {
    report("podIndex", fmt::format("coordinator pod index {} is invalid for replicatedJob {} job index {}",
                                   pod_index, name, job_index));
  }
  // The coordinator's address goes into a label of every Job and pod (controllers.CoordinatorEndpoint).
  std::string subdomain = string_member_at(*js.spec, {"network", "subdomain"});
  if (subdomain.empty()) subdomain = js.name;
  const std::string endpoint = fmt::format("{}-{}-{}-{}.{}", js.name, name, job_index, pod_index, subdomain);
  if (const std::string problems = label_value_problems(endpoint); !problems.empty()) {
    fe.plain(
        "jobset/coordinator", "/spec/coordinator", "spec.coordinator",
        fmt::format("spec will lead to invalid label value {} for coordinator label "
                    "\"jobset.sigs.k8s.io/coordinator\" (long JobSet / ReplicatedJob / SubDomain name?): {}",
                    go_quote(endpoint), problems));
  }
}

}  // namespace grovectl
