#include "frontend/jobset/frontend.hpp"

#include "frontend/jobset/checks.hpp"
#include "frontend/jobset/defaults.hpp"
#include "frontend/jobset/expand.hpp"
#include "frontend/jobset/inject.hpp"
#include "frontend/jobset/parse.hpp"
#include "frontend/jobset/size.hpp"
#include "frontend/namespace.hpp"

namespace grovectl {
namespace {

class JobSetFrontend final : public Frontend {
 public:
  bool reads(InputKind kind) const override { return kind == InputKind::kJobSet; }
  std::unique_ptr<Source> parse(const ClassifiedDocument& c, Diagnostics& diags) override {
    return parse_jobset_source(*c.doc, diags);
  }
};

}  // namespace

bool JobSetSource::apply_defaults(const RenderOptions& options, Diagnostics& diags) {
  if (!namespace_matches(js_.ns, options, input_.locate("/metadata/namespace"), diags)) return false;
  namespace_ = js_.ns.empty() ? options.namespace_override.value_or("default") : js_.ns;
  apply_jobset_defaults(js_, namespace_);
  return true;
}

Json JobSetSource::defaulted() const {
  return apply_jobset_defaults(input_.value, namespace_);
}

SchedulerNames JobSetSource::scheduler_names() const {
  SchedulerNames asked;
  for (const auto& rj : js_.replicated_jobs) {
    const std::string pointer = rj.pod_template_pointer() + "/spec/schedulerName";
    asked.templates.push_back(asked_scheduler(rj.scheduler_name, input_, pointer));
  }
  return asked;
}

bool JobSetSource::check(const RenderOptions& options, RenderBudget& budget, Diagnostics& diags) const {
  const size_t errors_before = diags.error_count();
  check_jobset(js_, options.jobset_gang, diags);
  return diags.error_count() == errors_before && check_jobset_size(js_, input_, options, budget, diags);
}

std::shared_ptr<const GangSource> JobSetSource::gang_source() const {
  return jobset_gang_source(js_);
}

std::vector<Gang> JobSetSource::expand(const RenderOptions& options, Backend, Diagnostics&) const {
  const bool with_pods = options.include && options.include->count(IncludeKind::kPods) > 0;
  return expand_jobset_gangs(js_, options.jobset_gang, with_pods);
}

std::set<IncludeKind> JobSetSource::default_includes() const {
  return {IncludeKind::kScheduler, IncludeKind::kJobSet};
}

std::optional<Json> JobSetSource::inject_membership(const std::vector<Gang>& gangs,
                                                    const MembershipOf& membership,
                                                    Diagnostics& diags) const {
  return inject_jobset_membership(defaulted(), input_, gangs, membership, diags);
}

std::unique_ptr<JobSetSource> parse_jobset_source(const SourceDocument& doc, Diagnostics& diags) {
  auto js = parse_jobset(doc, diags);
  if (!js) return nullptr;
  return std::make_unique<JobSetSource>(doc, std::move(*js));
}

std::unique_ptr<Frontend> make_jobset_frontend() {
  return std::make_unique<JobSetFrontend>();
}

}  // namespace grovectl
