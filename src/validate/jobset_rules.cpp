#include "validate/jobset_rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <set>

#include "core/json_member.hpp"
#include "validate/field_error.hpp"

namespace grovectl {
namespace {

// [a-z]([-a-z0-9]*[a-z0-9])?, at most 63 characters.
bool is_dns1035_label(const std::string& s) {
  auto lower_or_digit = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (s.empty() || s.size() > 63 || !(s.front() >= 'a' && s.front() <= 'z') || !lower_or_digit(s.back()))
    return false;
  return std::all_of(s.begin(), s.end(), [&](char c) { return c == '-' || lower_or_digit(c); });
}

std::optional<int64_t> int_at(const Json& obj, std::initializer_list<const char*> path) {
  const Json* j = member_at(obj, path);
  if (!j || !j->is_number_integer()) return std::nullopt;
  return j->get<int64_t>();
}

// The member `key` of `obj` when there is one, else an empty sequence (without copying the member).
const Json& member_or_empty_list(const Json& obj, const char* key) {
  static const Json kEmptyList = Json::array();
  const Json* j = member_at(obj, {key});
  return j ? *j : kEmptyList;
}

struct RJ {
  std::string name;
  std::string pointer;
  int64_t replicas = 1;
  std::optional<int64_t> parallelism, completions;
  std::string completion_mode;
};

void check_names(const std::string& js, const RJ& rj, size_t i, FieldErrors& fe, const Json& value) {
  auto field = [i](const char* name) { return fmt::format("spec.replicatedJobs[{}].{}", i, name); };
  // Joined without fmt: this runs for every replicated job of every JobSet.
  const std::string last_job = std::to_string(rj.replicas > 0 ? rj.replicas - 1 : 0);
  std::string job;
  job.reserve(js.size() + rj.name.size() + last_job.size() + 2);
  job.append(js).append(1, '-').append(rj.name).append(1, '-').append(last_job);
  if (!is_dns1035_label(job)) {
    fe.invalid("jobset/name-length", rj.pointer + "/name", field("name"), go_quote(rj.name),
               fmt::format(
                   "Job name {} (<jobset>-<replicatedJob>-<index>) must be a valid DNS-1035 label of at most "
                   "63 characters",
                   go_quote(job)));
  }
  if (rj.completion_mode == "Indexed" && rj.completions) {
    const std::string last_pod = std::to_string(*rj.completions > 0 ? *rj.completions - 1 : 0);
    const size_t length = job.size() + 1 + last_pod.size() + std::string_view("-abcde").size();
    if (length > 63) {
      fe.invalid(
          "jobset/name-length", rj.pointer + "/name", field("name"), go_quote(rj.name),
          fmt::format("the longest pod name of this replicated job is {} characters; it must be at most 63",
                      length));
    }
  }
  if (value.is_object() && value.contains("groupName")) {
    std::string g = string_member_at(value, {"groupName"});
    if (!is_dns1035_label(g)) {
      fe.invalid("jobset/group-name", rj.pointer + "/groupName", field("groupName"), go_quote(g),
                 "must be a valid DNS-1035 label");
    }
  }
  int64_t pods = rj.replicas * rj.parallelism.value_or(1);
  if (pods > std::numeric_limits<int32_t>::max()) {
    fe.invalid("jobset/pod-count", rj.pointer + "/replicas", field("replicas"), std::to_string(rj.replicas),
               "replicas * parallelism must not exceed 2147483647");
  }
}

void check_depends_on(const std::vector<RJ>& rjs, const Json& items, FieldErrors& fe) {
  for (size_t i = 0; i < rjs.size(); ++i) {
    const Json& deps = member_or_empty_list(items[i], "dependsOn");
    if (!deps.is_array() || deps.empty()) continue;
    std::string path = fmt::format("spec.replicatedJobs[{}].dependsOn", i);
    if (i == 0) {
      fe.invalid("jobset/depends-on", rjs[0].pointer + "/dependsOn", path, go_json(deps),
                 "the first replicatedJob cannot depend on another replicatedJob");
      continue;
    }
    for (size_t k = 0; k < deps.size(); ++k) {
      std::string target = string_member_at(deps[k], {"name"});
      bool earlier = false;
      for (size_t e = 0; e < i; ++e) earlier |= rjs[e].name == target;
      if (!earlier) {
        fe.invalid("jobset/depends-on", pointer_append(rjs[i].pointer + "/dependsOn", k) + "/name",
                   fmt::format("{}[{}].name", path, k), go_quote(target),
                   "dependsOn must name a replicatedJob defined before this one");
      }
    }
  }
}

void check_coordinator(const Json& spec, const std::vector<RJ>& rjs, FieldErrors& fe) {
  if (!spec.contains("coordinator") || !spec["coordinator"].is_object()) return;
  const Json& c = spec["coordinator"];
  std::string name = string_member_at(c, {"replicatedJob"});
  const RJ* rj = nullptr;
  for (const auto& r : rjs) {
    if (r.name == name) rj = &r;
  }
  if (!rj) {
    fe.invalid("jobset/coordinator", "/spec/coordinator/replicatedJob", "spec.coordinator.replicatedJob",
               go_quote(name), "replicatedJob does not exist");
    return;
  }
  if (rj->completion_mode != "Indexed" || !rj->completions) {
    fe.invalid("jobset/coordinator", "/spec/coordinator/replicatedJob", "spec.coordinator.replicatedJob",
               go_quote(name),
               "the coordinator replicatedJob must use Indexed completion mode with completions set");
    return;
  }
  int64_t job = int_at(c, {"jobIndex"}).value_or(0), pod = int_at(c, {"podIndex"}).value_or(0);
  if (job < 0 || job >= rj->replicas) {
    fe.invalid("jobset/coordinator", "/spec/coordinator/jobIndex", "spec.coordinator.jobIndex",
               std::to_string(job), fmt::format("must be in the range [0, {})", rj->replicas));
  }
  if (pod < 0 || pod >= *rj->completions) {
    fe.invalid("jobset/coordinator", "/spec/coordinator/podIndex", "spec.coordinator.podIndex",
               std::to_string(pod), fmt::format("must be in the range [0, {})", *rj->completions));
  }
}

}  // namespace

void check_jobset(const SourceDocument& doc, Diagnostics& diags) {
  FieldErrors fe(doc, diags);
  const Json& v = doc.value;
  if (!v.contains("spec") || !v["spec"].is_object()) return;
  const Json& spec = v["spec"];
  const Json& items = member_or_empty_list(spec, "replicatedJobs");
  if (!items.is_array()) return;
  std::string js = string_member_at(v, {"metadata", "name"});
  std::vector<RJ> rjs;
  std::set<std::string> names;
  for (size_t i = 0; i < items.size(); ++i) {
    RJ rj;
    rj.pointer = pointer_append("/spec/replicatedJobs", i);
    rj.name = string_member_at(items[i], {"name"});
    rj.replicas = int_at(items[i], {"replicas"}).value_or(1);
    rj.parallelism = int_at(items[i], {"template", "spec", "parallelism"});
    rj.completions = int_at(items[i], {"template", "spec", "completions"});
    rj.completion_mode = string_member_at(items[i], {"template", "spec", "completionMode"});
    if (rj.completion_mode.empty()) rj.completion_mode = "Indexed";  // the JobSet webhook's default
    if (!names.insert(rj.name).second) {
      fe.duplicate("jobset/duplicate-name", rj.pointer + "/name",
                   fmt::format("spec.replicatedJobs[{}].name", i), go_quote(rj.name));
    }
    rjs.push_back(rj);
  }
  bool any_depends = false;
  for (const auto& item : items) any_depends |= item.is_object() && item.contains("dependsOn");
  if (any_depends && string_member_at(spec, {"startupPolicy", "startupPolicyOrder"}) == "InOrder") {
    fe.plain("jobset/startup-policy", "/spec/startupPolicy", "spec",
             "spec: Invalid value: StartupPolicy and DependsOn APIs are mutually exclusive");
  }
  check_depends_on(rjs, items, fe);
  for (size_t i = 0; i < rjs.size(); ++i) check_names(js, rjs[i], i, fe, items[i]);
  check_coordinator(spec, rjs, fe);
}

}  // namespace grovectl
