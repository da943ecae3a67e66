#include "frontend/jobset/expand.hpp"

#include <fmt/format.h>

#include "frontend/jobset/sha1.hpp"

namespace grovectl {
namespace {

constexpr const char* kKeyPrefix = "jobset.sigs.k8s.io/";
constexpr const char* kAlphaKeyPrefix = "alpha.jobset.sigs.k8s.io/";
constexpr const char* kExclusiveKey = "alpha.jobset.sigs.k8s.io/exclusive-topology";
constexpr const char* kNodeSelectorStrategyKey = "alpha.jobset.sigs.k8s.io/node-selector";
constexpr const char* kCompletionIndexKey = "batch.kubernetes.io/job-completion-index";

std::string key(const char* name) {
  const std::string_view prefix(kKeyPrefix), rest(name);
  std::string k;
  k.reserve(prefix.size() + rest.size());  // one allocation: a key is longer than a short string holds
  return k.append(prefix).append(rest);
}

bool is_jobset_key(const std::string& k) {
  return k.starts_with(kKeyPrefix) || k.starts_with(kAlphaKeyPrefix) ||
         k == "kubectl.kubernetes.io/last-applied-configuration";
}

StringMap without_jobset_keys(const StringMap& in) {
  StringMap out;
  for (const auto& [k, v] : in) {
    if (!is_jobset_key(k)) out[k] = v;
  }
  return out;
}

// The replicated jobs a count takes in: every one, or those of one groupName.
struct Scope {
  const std::string* group = nullptr;  // nullptr: every replicated job
  bool takes(const ReplicatedJob& rj) const { return !group || rj.group_name == *group; }
};
const Scope kEveryJob{};
Scope same_group(const ReplicatedJob& rj) {
  return Scope{&rj.group_name};
}

// Replicas of the replicated jobs in `scope` before `rj_index`.
int64_t replicas_before(const JobSet& js, size_t rj_index, Scope scope) {
  int64_t sum = 0;
  for (size_t i = 0; i < rj_index; ++i) {
    if (scope.takes(js.replicated_jobs[i])) sum += js.replicated_jobs[i].replicas;
  }
  return sum;
}

int64_t replicas_total(const JobSet& js, Scope scope) {
  int64_t sum = 0;
  for (const auto& rj : js.replicated_jobs) {
    if (scope.takes(rj)) sum += rj.replicas;
  }
  return sum;
}

// Keys labelAndAnnotateObject puts on every Job of the replicated job and its pods
// (kubernetes-sigs/jobset@08dfbdfd pkg/controllers/jobset_controller.go).
StringMap jobset_common_keys(const JobSet& js, const ReplicatedJob& rj) {
  StringMap m;
  m[key("jobset-name")] = js.name;
  if (!js.uid.empty()) m[key("jobset-uid")] = js.uid;
  m[key("replicatedjob-name")] = rj.name;
  m[key("replicatedjob-replicas")] = std::to_string(rj.replicas);
  m[key("global-replicas")] = std::to_string(replicas_total(js, kEveryJob));
  m[key("group-name")] = rj.group_name;
  m[key("group-replicas")] = std::to_string(replicas_total(js, same_group(rj)));
  m[key("restart-attempt")] = std::to_string(js.restarts);
  if (js.coordinator) {
    m[key("coordinator")] = fmt::format("{}-{}-{}-{}.{}", js.name, js.coordinator->replicated_job,
                                        js.coordinator->job_index, js.coordinator->pod_index, js.subdomain);
  }
  return m;
}

// Keys that depend on the child Job.
StringMap jobset_job_keys(const JobSet& js, size_t rj_index, int64_t job_index) {
  const ReplicatedJob& rj = js.replicated_jobs[rj_index];
  std::string job_name = fmt::format("{}-{}-{}", js.name, rj.name, job_index);
  StringMap m;
  m[key("job-index")] = std::to_string(job_index);
  m[key("job-global-index")] = std::to_string(replicas_before(js, rj_index, kEveryJob) + job_index);
  m[key("job-group-index")] = std::to_string(replicas_before(js, rj_index, same_group(rj)) + job_index);
  m[key("job-key")] = sha1_hex(js.ns + "/" + job_name);
  return m;
}

// Annotation-only keys propagated from the JobSet or the Job template (exclusive placement).
StringMap propagated_annotations(const JobSet& js, const ReplicatedJob& rj) {
  StringMap m;
  for (const char* k : {kExclusiveKey, kNodeSelectorStrategyKey}) {
    if (auto it = js.annotations.find(k); it != js.annotations.end()) m[k] = it->second;
    if (auto it = rj.job_annotations.find(k); it != rj.job_annotations.end()) m[k] = it->second;
  }
  return m;
}

InputPlace priority_place(const JobSet& js, const ReplicatedJob& rj) {
  return {.doc = js.doc, .pointer = rj.pod_template_pointer() + "/spec/priorityClassName"};
}

Gang new_gang(const JobSet& js, const std::string& name, const std::shared_ptr<const GangSource>& source) {
  Gang g;
  g.name = name;
  g.ns = js.ns;
  g.labels = without_jobset_keys(js.labels);
  g.labels[key("jobset-name")] = js.name;
  g.annotations = without_jobset_keys(js.annotations);
  if (!js.uid.empty()) g.owner = OwnerReference{"jobset.x-k8s.io/v1alpha2", "JobSet", js.name, js.uid};
  g.source = source;
  return g;
}

}  // namespace

std::shared_ptr<const GangSource> jobset_gang_source(const JobSet& js) {
  auto s = std::make_shared<GangSource>();
  s->api_version = "jobset.x-k8s.io/v1alpha2";
  s->kind = "JobSet";
  s->name = js.name;
  s->ns = js.ns;
  s->labels = js.labels;
  s->annotations = js.annotations;
  for (const auto& rj : js.replicated_jobs) {
    s->templates.push_back({.name = rj.name,
                            .labels = rj.pod_labels,
                            .annotations = rj.pod_annotations,
                            .metadata_pointer = rj.pod_template_pointer() + "/metadata",
                            .priority_class_name = rj.priority_class_name,
                            .priority_place = priority_place(js, rj),
                            .name_place = {.doc = js.doc, .pointer = rj.pointer + "/name"}});
  }
  if (js.doc) s->location = js.doc->locate();
  s->doc = js.doc;
  // labelAndAnnotateObject puts it on every pod with the replicated job name, the pod group name.
  s->group_label_key = key("replicatedjob-name");
  s->index_templates();
  return s;
}

PodGroup jobset_pod_group(const JobSet& js, size_t rj_index, bool with_pods) {
  const ReplicatedJob& rj = js.replicated_jobs[rj_index];
  PodGroup pg;
  pg.name = rj.name;
  pg.template_name = rj.name;
  pg.pod_count = static_cast<int32_t>(rj.pod_count());
  pg.min_count = pg.pod_count;
  if (!with_pods) return pg;  // the pods' labels are for their stubs alone
  StringMap common = jobset_common_keys(js, rj);
  pg.pod_labels = rj.pod_labels;
  for (const auto& [k, v] : common) pg.pod_labels[k] = v;
  const bool indexed = rj.completion_mode == "Indexed";
  const int64_t per_job = rj.pods_per_job();
  for (int64_t j = 0; j < rj.replicas; ++j) {
    std::string job_name = fmt::format("{}-{}-{}", js.name, rj.name, j);
    StringMap job_keys = jobset_job_keys(js, rj_index, j);
    for (int64_t p = 0; p < per_job; ++p) {
      pg.pod_names.push_back(fmt::format("{}-{}", job_name, p));
      StringMap labels = job_keys;
      labels["batch.kubernetes.io/job-name"] = job_name;
      labels["job-name"] = job_name;
      StringMap annotations = common;
      for (const auto& [k, v] : job_keys) annotations[k] = v;
      for (const auto& [k, v] : propagated_annotations(js, rj)) annotations[k] = v;
      if (indexed) {
        labels[kCompletionIndexKey] = std::to_string(p);
        annotations[kCompletionIndexKey] = std::to_string(p);
      }
      pg.per_pod_labels.push_back(std::move(labels));
      pg.per_pod_annotations.push_back(std::move(annotations));
    }
  }
  return pg;
}

JobSetGangMode effective_gang_mode(const JobSet& js, JobSetGangMode asked) {
  return js.sequenced_startup() ? JobSetGangMode::kReplicatedJob : asked;
}

std::vector<Gang> expand_jobset_gangs(const JobSet& js, JobSetGangMode mode, bool with_pods) {
  auto source = jobset_gang_source(js);
  std::vector<Gang> gangs;
  if (effective_gang_mode(js, mode) == JobSetGangMode::kJobSet) {
    Gang gang = new_gang(js, js.name, source);
    gang.one_group_on_flat_workload = true;
    for (size_t i = 0; i < js.replicated_jobs.size(); ++i) {
      const ReplicatedJob& rj = js.replicated_jobs[i];
      if (rj.pod_count() <= 0) continue;
      if (gang.groups.empty() || (gang.priority_class_name.empty() && !rj.priority_class_name.empty())) {
        gang.priority_class_name = rj.priority_class_name;
        gang.priority_place = priority_place(js, rj);
      }
      gang.groups.push_back(jobset_pod_group(js, i, with_pods));
    }
    if (!gang.groups.empty()) gangs.push_back(std::move(gang));
    return gangs;
  }
  for (size_t i = 0; i < js.replicated_jobs.size(); ++i) {
    const ReplicatedJob& rj = js.replicated_jobs[i];
    if (rj.pod_count() <= 0) continue;
    Gang gang = new_gang(js, fmt::format("{}-{}", js.name, rj.name), source);
    gang.labels[key("replicatedjob-name")] = rj.name;
    gang.priority_class_name = rj.priority_class_name;
    gang.priority_place = priority_place(js, rj);
    gang.groups.push_back(jobset_pod_group(js, i, with_pods));
    gangs.push_back(std::move(gang));
  }
  return gangs;
}

}  // namespace grovectl
