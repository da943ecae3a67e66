#include "render/jobset_frontend.hpp"

#include <fmt/format.h>

#include "core/text_excerpt.hpp"
#include "render/jobset_checks.hpp"
#include "render/jobset_defaults.hpp"
#include "render/jobset_expand.hpp"
#include "render/jobset_parse.hpp"

namespace grovectl {
namespace {

std::string input_namespace(const Json& v) {
  if (!v.is_object() || !v.contains("metadata") || !v["metadata"].is_object()) return "";
  auto it = v["metadata"].find("namespace");
  return it != v["metadata"].end() && it->is_string() ? it->get<std::string>() : "";
}

// Rough sizes of a rendered object and of a pod stub with its labels (JobSet keys on every pod).
constexpr long double kObjectBytes = 400;
constexpr long double kPodStubBytes = 1000;
// One label or annotation as the expansion holds it, and how many copies of the JobSet's exist besides
// the one on every gang object (see pcs_structure.cpp).
constexpr long double kMetadataEntryBytes = 160;
constexpr long double kMetadataCopies = 8;

// What expanding `js` produces (jobset.md §3 counts), estimated before anything is allocated; pods keep
// per-pod labels only for --include pods.
bool check_size(const JobSet& js, const RenderOptions& options, RenderBudget& budget, Diagnostics& diags) {
  const bool with_pods = options.include && options.include->count(IncludeKind::kPods) > 0;
  ExpansionEstimate e;
  long double groups = 0, pods = 0, meta = 0;
  const ReplicatedJob* largest = nullptr;
  for (const auto& [k, v] : js.labels) meta += k.size() + v.size() + kMetadataEntryBytes;
  for (const auto& [k, v] : js.annotations) meta += k.size() + v.size() + kMetadataEntryBytes;
  for (const auto& rj : js.replicated_jobs) {
    if (rj.pod_count() <= 0) continue;
    groups += 1;
    pods += static_cast<long double>(rj.pod_count());
    if (!largest || rj.pod_count() > largest->pod_count()) largest = &rj;
  }
  e.gangs = options.jobset_gang == JobSetGangMode::kJobSet ? std::min<long double>(groups, 1) : groups;
  e.pods = with_pods ? pods : 0;
  e.objects = e.gangs * 2 + groups + 1 + e.pods;
  e.bytes = kMetadataCopies * meta + e.objects * kObjectBytes + e.gangs * 2 * meta +
            e.pods * (kPodStubBytes + meta);
  if (budget.take(e)) return true;
  std::string pointer = "/spec/replicatedJobs";
  if (largest) {
    pointer = largest->replicas >= largest->pods_per_job() ? largest->pointer + "/replicas"
                                                           : largest->pointer + "/template/spec/parallelism";
  }
  diags.error("render/too-large",
              fmt::format("JobSet {} would expand to {}; {}", excerpt(js.name), describe(e),
                          RenderBudget::limits_text()),
              js.doc ? js.doc->locate(pointer) : Location{}, pointer_to_field_path(pointer));
  return false;
}

}  // namespace

bool expand_jobset(const SourceDocument& doc, const RenderOptions& options, Backend backend,
                   JobSetExpansion& out, Diagnostics& diags) {
  RenderBudget budget;
  return expand_jobset(doc, options, backend, budget, out, diags);
}

bool expand_jobset(const SourceDocument& doc, const RenderOptions& options, Backend, RenderBudget& budget,
                   JobSetExpansion& out, Diagnostics& diags) {
  const size_t errors_before = diags.error_count();
  std::string ns = input_namespace(doc.value);
  if (options.namespace_override && !ns.empty() && ns != *options.namespace_override) {
    diags.error("usage/namespace",
                fmt::format("the namespace of the object ({}) does not match --namespace {}", ns,
                            *options.namespace_override),
                doc.locate("/metadata/namespace"), "metadata.namespace");
    return false;
  }
  if (ns.empty()) ns = options.namespace_override.value_or("default");
  out.doc = &doc;
  out.defaulted = apply_jobset_defaults(doc.value, ns);
  SourceDocument defaulted_doc{doc.file, doc.index, out.defaulted, doc.positions, doc.base_pointer};
  auto js = parse_jobset(defaulted_doc, diags);
  if (!js) return false;
  js->doc = &doc;  // same positions; the input outlives the expansion
  check_jobset(*js, options.jobset_gang, diags);
  if (diags.error_count() > errors_before || !check_size(*js, options, budget, diags)) return false;
  const bool with_pods = options.include && options.include->count(IncludeKind::kPods) > 0;
  out.gangs = expand_jobset_gangs(*js, options.jobset_gang, with_pods);
  return true;
}

}  // namespace grovectl
