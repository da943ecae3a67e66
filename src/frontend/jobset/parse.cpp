#include "frontend/jobset/parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "frontend/object_reader.hpp"

namespace grovectl {
namespace {

void check_non_negative(ObjectReader& r, const std::optional<int32_t>& v, const FieldScope& parent,
                        std::string_view name) {
  if (v && *v < 0) {
    const std::string pointer = parent.place.key(name).pointer();
    r.error("jobset/negative-count",
            fmt::format("{} must be >= 0, got {}", pointer_to_field_path(pointer), *v), pointer);
  }
}

std::vector<JobSetDependsOn> read_depends_on(ObjectReader& r, const FieldScope& replicated_job) {
  std::vector<JobSetDependsOn> out;
  const FieldScope list = r.scope(replicated_job, "dependsOn");
  const size_t n = r.list_size(replicated_job, "dependsOn");
  for (size_t i = 0; i < n; ++i) {
    const FieldScope item = r.item(list, i);
    JobSetDependsOn d;
    d.pointer = item.place.pointer();
    d.name = r.string(item, "name", Presence::kRequired).value_or("");
    d.status = r.string(item, "status", Presence::kRequired).value_or("");
    if (!d.status.empty() && d.status != "Ready" && d.status != "Complete") {
      r.error("jobset/depends-on-status",
              fmt::format("dependsOn status \"{}\" is not one of Ready, Complete", d.status),
              d.pointer + "/status");
    }
    out.push_back(d);
  }
  return out;
}

// The fields are read through scopes, so that a field costs one lookup and its pointer is built only for
// a message: a JobSet render once spent a quarter of this parse in joining pointers.
ReplicatedJob read_replicated_job(ObjectReader& r, const FieldScope& item) {
  ReplicatedJob rj;
  rj.pointer = item.place.pointer();
  rj.name = r.string(item, "name", Presence::kRequired).value_or("");
  rj.group_name = r.string(item, "groupName").value_or("default");
  rj.replicas = r.int32(item, "replicas").value_or(1);
  check_non_negative(r, rj.replicas, item, "replicas");
  if (r.has(item, "dependsOn")) rj.depends_on = read_depends_on(r, item);
  if (!r.expect_object(item, "template", Presence::kRequired)) return rj;
  const FieldScope job = r.scope(item, "template");
  if (r.has(job, "metadata")) rj.job_annotations = r.string_map(r.scope(job, "metadata"), "annotations");
  if (!r.expect_object(job, "spec", Presence::kRequired)) return rj;
  const FieldScope job_spec = r.scope(job, "spec");
  rj.parallelism = r.int32(job_spec, "parallelism");
  rj.completions = r.int32(job_spec, "completions");
  check_non_negative(r, rj.parallelism, job_spec, "parallelism");
  check_non_negative(r, rj.completions, job_spec, "completions");
  rj.completion_mode = r.string(job_spec, "completionMode");
  if (!r.expect_object(job_spec, "template", Presence::kRequired)) return rj;
  const FieldScope pod_template = r.scope(job_spec, "template");  // rj.pod_template_pointer()
  if (r.has(pod_template, "metadata")) {
    r.expect_object(pod_template, "metadata");
    const FieldScope metadata = r.scope(pod_template, "metadata");
    rj.pod_labels = r.string_map(metadata, "labels");
    rj.pod_annotations = r.string_map(metadata, "annotations");
  }
  if (!r.expect_object(pod_template, "spec", Presence::kRequired)) return rj;
  const FieldScope pod = r.scope(pod_template, "spec");
  rj.scheduler_name = r.string(pod, "schedulerName").value_or("");
  rj.priority_class_name = r.string(pod, "priorityClassName").value_or("");
  return rj;
}

// Webhook rules on replicated job names and dependsOn and the spec-level CEL rule
// (kubernetes-sigs/jobset@08dfbdfd pkg/webhooks/jobset_webhook.go, api/jobset/v1alpha2/jobset_types.go).
void check_structure(ObjectReader& r, const JobSet& js) {
  std::set<std::string> earlier;
  for (const auto& rj : js.replicated_jobs) {
    if (!rj.name.empty() && earlier.count(rj.name)) {
      r.error("jobset/duplicate-replicated-job",
              fmt::format("replicated job name \"{}\" is used twice", rj.name), rj.pointer + "/name");
    }
    for (const auto& d : rj.depends_on) {
      if (!earlier.count(d.name)) {
        r.error("jobset/depends-on-order",
                fmt::format("replicated job {} depends on \"{}\", which is not an earlier replicated job",
                            rj.name, d.name),
                d.pointer + "/name");
      }
    }
    earlier.insert(rj.name);
  }
  bool any_depends_on = std::any_of(js.replicated_jobs.begin(), js.replicated_jobs.end(),
                                    [](const ReplicatedJob& rj) { return !rj.depends_on.empty(); });
  if (js.startup_order == "InOrder" && any_depends_on) {
    r.error("jobset/startup-policy-depends-on", "StartupPolicy and DependsOn APIs are mutually exclusive",
            "/spec/startupPolicy/startupPolicyOrder");
  }
}

// A namespace that is not a string is taken as unset (render never refused it for a JobSet).
std::string namespace_as_written(const ObjectReader& r, const FieldScope& metadata) {
  const Json* ns = r.find(metadata, "namespace");
  return ns && ns->is_string() ? ns->get<std::string>() : "";
}

void read_coordinator(ObjectReader& r, const FieldScope& spec, JobSet& js) {
  if (!r.expect_object(spec, "coordinator")) return;
  const FieldScope at = r.scope(spec, "coordinator");
  JobSetCoordinator c;
  c.replicated_job = r.string(at, "replicatedJob", Presence::kRequired).value_or("");
  c.job_index = r.int32(at, "jobIndex").value_or(0);
  c.pod_index = r.int32(at, "podIndex").value_or(0);
  js.coordinator = c;
}

}  // namespace

int64_t ReplicatedJob::pods_per_job() const {
  int64_t p = parallelism.value_or(1);
  int64_t c = completions.value_or(static_cast<int32_t>(p));
  return std::min(p, c);
}

int64_t ReplicatedJob::pod_count() const {
  return static_cast<int64_t>(replicas) * pods_per_job();
}

bool JobSet::sequenced_startup() const {
  if (startup_order == "InOrder") return true;
  return std::any_of(replicated_jobs.begin(), replicated_jobs.end(),
                     [](const ReplicatedJob& rj) { return !rj.depends_on.empty(); });
}

std::optional<JobSet> parse_jobset(const SourceDocument& doc, Diagnostics& diags) {
  size_t errors_before = diags.error_count();
  ObjectReader r(doc, diags);
  JobSet js;
  js.doc = &doc;
  const FieldScope root = r.root();
  r.expect_object(root, "metadata", Presence::kRequired);
  const FieldScope metadata = r.scope(root, "metadata");
  js.name = r.string(metadata, "name", Presence::kRequired).value_or("");
  js.ns = namespace_as_written(r, metadata);
  js.uid = r.string(metadata, "uid").value_or("");
  js.labels = r.string_map(metadata, "labels");
  js.annotations = r.string_map(metadata, "annotations");
  js.restarts = r.int32(r.scope(root, "status"), "restarts").value_or(0);
  // The CRD does not require spec: a JobSet without one is admitted and, like one without replicated jobs,
  // runs no pods (checks.cpp warns).
  if (r.expect_object(root, "spec")) {
    const FieldScope spec = r.scope(root, "spec");
    js.suspend = r.boolean(spec, "suspend").value_or(false);
    js.startup_order = r.string(r.scope(spec, "startupPolicy"), "startupPolicyOrder").value_or("AnyOrder");
    js.managed_by = r.string(spec, "managedBy").value_or("");
    js.subdomain = r.string(r.scope(spec, "network"), "subdomain").value_or("");
    if (js.subdomain.empty()) js.subdomain = js.name;
    read_coordinator(r, spec, js);
    const FieldScope replicated_jobs = r.scope(spec, "replicatedJobs");
    const size_t n = r.list_size(spec, "replicatedJobs");
    for (size_t i = 0; i < n; ++i) {
      js.replicated_jobs.push_back(read_replicated_job(r, r.item(replicated_jobs, i)));
    }
    check_structure(r, js);
  }
  if (diags.error_count() > errors_before) return std::nullopt;
  return js;
}

}  // namespace grovectl
