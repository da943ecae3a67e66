#pragma once
// Layer 3 of validate for JobSet inputs: what JobSet's validating webhook refuses on CREATE
// (kubernetes-sigs/jobset v0.12.0 pkg/webhooks/jobset_webhook.go, ValidateCreate) and the CEL rules of its
// CRD (config/components/crd/bases/jobset.x-k8s.io_jobsets.yaml), on the JobSet as its defaulting webhook
// leaves it (Default in the same file). What needs the cluster is left out: docs/validation-coverage.md.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "validate/field_error.hpp"
#include "yaml/document.hpp"

namespace grovectl {

void check_jobset(const SourceDocument& doc, Diagnostics& diags);

// What the rules read of one replicated job, with the defaults the CRD and the webhook give it.
struct ReplicatedJobView {
  const Json* item = nullptr;  // the spec.replicatedJobs entry
  size_t index = 0;
  std::string pointer;  // /spec/replicatedJobs/<index>
  std::string name;
  int64_t replicas = 1;  // the CRD's default
  std::optional<int64_t> parallelism, completions;
  std::string completion_mode = "Indexed";  // the webhook's default
};

struct JobSetView {
  const Json* spec = nullptr;  // never null: an empty object when the JobSet has no spec
  std::string name;            // the name its Jobs and pods are named after
  std::vector<ReplicatedJobView> replicated_jobs;

  const ReplicatedJobView* replicated_job(const std::string& name) const;
};

// Pieces of check_jobset, one file each.
void check_failure_policy(const JobSetView& js, FieldErrors& fe);
void check_coordinator(const JobSetView& js, FieldErrors& fe);
void check_volume_claim_policies(const JobSetView& js, FieldErrors& fe);

}  // namespace grovectl
