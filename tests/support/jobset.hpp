#pragma once
// Shared helpers of the JobSet tests: load a JobSet file, expand it, and a fake Mapping that stands in
// for a real backend when testing the injection in isolation.
#include <memory>
#include <string>

#include "backend/mapping.hpp"
#include "core/diagnostic.hpp"
#include "frontend/jobset/frontend.hpp"
#include "input/loader.hpp"
#include "support/test_support.hpp"

namespace grovectl::test {

struct JobSetExpansion {
  std::vector<Gang> gangs;
  Json defaulted;  // the JobSet after the JobSet webhook's and CRD defaults
};

struct JobSetCase {
  std::vector<SourceDocument> docs;
  Diagnostics diags;
  std::unique_ptr<JobSetSource> source;
  JobSetExpansion expansion;
  bool ok = false;
};

// Takes the JobSet in `path` through the frontend's stages (parse, defaults, checks, expand) as the
// pipeline does. Unless the options say otherwise, expands as `--include scheduler,jobset,pods` (per-pod
// data filled in).
inline void run_jobset_case(JobSetCase& c, const std::string& path, RenderOptions options = {}) {
  if (!options.include) options.include = {IncludeKind::kScheduler, IncludeKind::kJobSet, IncludeKind::kPods};
  c.docs = load_documents({path}, c.diags);
  REQUIRE(c.docs.size() == 1);
  c.source = parse_jobset_source(c.docs[0], c.diags);
  RenderBudget budget;
  c.ok = c.source && c.source->apply_defaults(options, c.diags) && c.source->check(options, budget, c.diags);
  if (!c.ok) return;
  c.expansion.gangs = c.source->expand(options, Backend::kDefaultScheduler, c.diags);
  c.expansion.defaulted = c.source->defaulted();
}

// The JobSet of `c` as emitted, with `mapping`'s membership injected.
inline Json inject_membership(const JobSetCase& c, const Mapping& mapping, const MappingContext& ctx,
                              Diagnostics& diags) {
  return *c.source->inject_membership(c.expansion.gangs, membership_of(mapping, ctx), diags);
}

inline const Diagnostic* find_rule(const Diagnostics& d, const std::string& rule) {
  for (const auto& item : d.items()) {
    if (item.rule == rule) return &item;
  }
  return nullptr;
}

// Membership shaped like the real ones: a scheduler name, a label, an annotation and a pod spec field.
// `spec_field` "workloadRef" imitates the 1.35 shape, anything else the 1.36+ schedulingGroup.
class FakeMapping final : public Mapping {
 public:
  explicit FakeMapping(std::string spec_field = "schedulingGroup") : spec_field_(std::move(spec_field)) {}
  MappingInfo info() const override {
    return {.backend = "fake", .kube_minors = {37}, .hierarchy = "flat", .kinds = {}, .gates = {}};
  }
  void check(const Gang&, const MappingContext&, Diagnostics&) const override {}
  std::vector<Json> objects(const Gang&, const MappingContext&, Diagnostics&) const override { return {}; }
  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    PodMembership m;
    m.scheduler_name = "fake-sched";
    m.labels["fake.example/group"] = gang.name + "." + group.name;
    m.annotations["fake.example/gang"] = gang.name;
    if (spec_field_ == "workloadRef") {
      m.spec_fields["workloadRef"] = Json{{"name", gang.name}, {"podGroup", group.name}};
    } else {
      m.spec_fields["schedulingGroup"] = Json{{"podGroupName", gang.name + "-" + group.name}};
    }
    return m;
  }

 private:
  std::string spec_field_;
};

}  // namespace grovectl::test
