#pragma once
// Shared helpers of the JobSet tests: load a JobSet file, expand it, and a fake Mapping that stands in
// for a real backend when testing the injection in isolation.
#include <string>

#include "backend/mapping.hpp"
#include "core/diagnostic.hpp"
#include "frontend/jobset/frontend.hpp"
#include "input/loader.hpp"
#include "support/test_support.hpp"

namespace grovectl::test {

struct JobSetCase {
  std::vector<SourceDocument> docs;
  Diagnostics diags;
  JobSetExpansion expansion;
  bool ok = false;
};

// Unless the options say otherwise, expands as `--include scheduler,jobset,pods` (per-pod data filled in).
inline void run_jobset_case(JobSetCase& c, const std::string& path, RenderOptions options = {}) {
  if (!options.include) options.include = {IncludeKind::kScheduler, IncludeKind::kJobSet, IncludeKind::kPods};
  c.docs = load_documents({path}, c.diags);
  REQUIRE(c.docs.size() == 1);
  c.ok = expand_jobset(c.docs[0], options, Backend::kDefaultScheduler, c.expansion, c.diags);
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
  MappingInfo info() const override { return {"fake", {37}, "flat", {}, {}}; }
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
