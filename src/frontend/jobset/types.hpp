#pragma once
// A JobSet (jobset.x-k8s.io/v1alpha2) as the expander reads it, after the JobSet webhook's and CRD
// defaults (kubernetes-sigs/jobset@08dfbdfd api/jobset/v1alpha2/jobset_types.go, defaults.hpp). Pointers
// locate each part in the source document for diagnostics.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/gang.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct JobSetDependsOn {
  std::string name;
  std::string status;  // "Ready" | "Complete"
  std::string pointer;
};

struct ReplicatedJob {
  std::string pointer;  // "/spec/replicatedJobs/<i>"
  std::string name;
  std::string group_name = "default";
  int32_t replicas = 1;
  std::optional<int32_t> parallelism;
  std::optional<int32_t> completions;
  std::optional<std::string> completion_mode;  // "Indexed" after the webhook default
  std::vector<JobSetDependsOn> depends_on;
  StringMap job_annotations;  // template.metadata.annotations
  StringMap pod_labels;       // template.spec.template.metadata.labels
  StringMap pod_annotations;  // template.spec.template.metadata.annotations
  std::string scheduler_name;
  std::string priority_class_name;

  // Pods of one child Job that run at once: min(P, C), P = parallelism ?? 1, C = completions ?? P (as JobSet
  // counts a ready Job, kubernetes-sigs/jobset@08dfbdfd pkg/controllers/jobset_controller.go).
  int64_t pods_per_job() const;
  // replicas x pods_per_job (int64: the caller checks the int32 range).
  int64_t pod_count() const;
  std::string pod_template_pointer() const { return pointer + "/template/spec/template"; }
};

struct JobSetCoordinator {
  std::string replicated_job;
  int64_t job_index = 0;
  int64_t pod_index = 0;
};

struct JobSet {
  const SourceDocument* doc = nullptr;  // the input
  std::string name;
  std::string ns;  // as written; after the defaults: input, --namespace or "default"
  std::string uid;
  StringMap labels;
  StringMap annotations;
  bool suspend = false;
  std::string startup_order = "AnyOrder";
  std::string managed_by;
  std::string subdomain;  // network.subdomain, else the JobSet name (controller rule)
  std::optional<JobSetCoordinator> coordinator;
  int64_t restarts = 0;  // status.restarts (restart-attempt label)
  std::vector<ReplicatedJob> replicated_jobs;

  bool sequenced_startup() const;
};

}  // namespace grovectl
