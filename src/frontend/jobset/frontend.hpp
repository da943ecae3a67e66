#pragma once
// The JobSet frontend (jobset.x-k8s.io/v1alpha2, docs/design.md "JobSet gangs"): parse, defaults (webhook +
// CRD), checks (refusals and warnings), expand (gangs), inject (the JobSet re-emitted with pod-side
// membership).
#include <memory>

#include "frontend/frontend.hpp"
#include "frontend/jobset/types.hpp"

namespace grovectl {

class JobSetSource final : public Source {
 public:
  JobSetSource(const SourceDocument& input, JobSet js) : input_(input), js_(std::move(js)) {}

  bool apply_defaults(const RenderOptions& options, Diagnostics& diags) override;
  SchedulerNames scheduler_names() const override;
  bool check(const RenderOptions& options, RenderBudget& budget, Diagnostics& diags) const override;
  std::vector<Gang> expand(const RenderOptions& options, Backend backend, Diagnostics& diags) const override;
  std::shared_ptr<const GangSource> gang_source() const override;
  std::set<IncludeKind> default_includes() const override;
  std::optional<Json> inject_membership(const std::vector<Gang>& gangs, const MembershipOf& membership,
                                        Diagnostics& diags) const override;

  // The document after the JobSet webhook's and CRD defaults (after apply_defaults). Built when asked
  // for: the emitted JobSet is the one use, and it takes the copy over.
  Json defaulted() const;
  const SourceDocument& document() const override { return input_; }

 private:
  const SourceDocument& input_;
  JobSet js_;
  std::string namespace_;  // set by apply_defaults
};

// parse: the JobSet in `doc`, or nullptr when it cannot be read (reported).
std::unique_ptr<JobSetSource> parse_jobset_source(const SourceDocument& doc, Diagnostics& diags);

}  // namespace grovectl
