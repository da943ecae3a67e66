// The PodCliqueSet frontend: PodCliqueSets are its gang sources; the ClusterTopologyBindings and the live
// PodCliqueScalingGroups/PodCliques (replica overrides) among the inputs serve them.
#include "frontend/frontend.hpp"

#include <fmt/format.h>

#include <deque>

#include "frontend/namespace.hpp"
#include "frontend/pcs/defaults.hpp"
#include "frontend/pcs/expand.hpp"
#include "frontend/pcs/generation_hash.hpp"
#include "frontend/pcs/parse.hpp"
#include "frontend/pcs/structure.hpp"

namespace grovectl {
namespace {

// The inputs that serve every PodCliqueSet of a render. Deques keep the addresses the pointer lists hold.
class PcsContext {
 public:
  void add(ClusterTopologyBinding binding) {
    binding_values_.push_back(std::move(binding));
    bindings_.push_back(&binding_values_.back());
  }
  void add(ReplicaOverride override_) {
    override_values_.push_back(std::move(override_));
    overrides_.push_back(&override_values_.back());
  }
  const std::vector<const ClusterTopologyBinding*>& bindings() const { return bindings_; }
  const std::vector<const ReplicaOverride*>& overrides() const { return overrides_; }

 private:
  std::deque<ClusterTopologyBinding> binding_values_;
  std::deque<ReplicaOverride> override_values_;
  std::vector<const ClusterTopologyBinding*> bindings_;
  std::vector<const ReplicaOverride*> overrides_;
};

class PcsSource final : public Source {
 public:
  PcsSource(PodCliqueSet pcs, const PcsContext& context) : pcs_(std::move(pcs)), context_(context) {}

  bool apply_defaults(const RenderOptions& options, Diagnostics& diags) override {
    if (!namespace_matches(pcs_.ns, options, locate("/metadata/namespace"), diags)) return false;
    pcs_ = apply_grove_defaults(std::move(pcs_), options.namespace_override.value_or(""));
    // What the operator's status holds once it has admitted the PodCliqueSet: its PodGangs and PodGangMap
    // entries carry it.
    if (options.grove_version->naming == GangNaming::kEpoch)
      pcs_.generation_hash = podcliqueset_generation_hash(pcs_);
    return true;
  }

  const SourceDocument& document() const override { return *pcs_.doc; }

  SchedulerNames scheduler_names() const override {
    SchedulerNames asked;
    for (const auto& c : pcs_.cliques) {
      const std::string pointer = c.pointer + "/spec/podSpec/schedulerName";
      asked.templates.push_back(asked_scheduler(c.scheduler_name, *pcs_.doc, pointer));
    }
    return asked;
  }

  bool check(const RenderOptions& options, RenderBudget& budget, Diagnostics& diags) const override {
    if (!check_pcs_structure(pcs_, context_.overrides(), options, budget, diags)) return false;
    if (pcs_.replicas == 0) {
      diags.warning("render/zero-replicas",
                    fmt::format("PodCliqueSet {} has spec.replicas 0; it has no gangs", pcs_.name),
                    locate("/spec"), "spec.replicas");
    }
    return true;
  }

  std::vector<Gang> expand(const RenderOptions& options, Backend backend, Diagnostics& diags) const override {
    PcsExpandInput input = expand_input(options, backend_name(backend));
    input.topology = select_topology_binding(pcs_, context_.bindings(), diags);
    return expand_podcliqueset(input, diags);
  }

  std::vector<GangMap> gang_maps(const RenderOptions& options) const override {
    return podcliqueset_gang_maps(expand_input(options, ""));
  }

  std::shared_ptr<const GangSource> gang_source() const override { return podcliqueset_gang_source(pcs_); }

  std::set<IncludeKind> default_includes() const override {
    return {IncludeKind::kPodGang, IncludeKind::kScheduler};
  }

 private:
  Location locate(const std::string& pointer) const { return pcs_.doc->locate(pointer); }

  PcsExpandInput expand_input(const RenderOptions& options, std::string scheduler_name) const {
    return {.pcs = &pcs_,
            .scheduler_name = std::move(scheduler_name),
            .topology = {},
            .overrides = context_.overrides(),
            .grove_version = options.grove_version,
            .anchor_epoch = options.anchor_epoch,
            .adopted_epochs = options.adopted_epochs.get()};
  }

  PodCliqueSet pcs_;
  const PcsContext& context_;
};

class PodCliqueSetFrontend final : public Frontend {
 public:
  bool reads(InputKind kind) const override {
    return kind == InputKind::kPodCliqueSet || kind == InputKind::kClusterTopologyBinding ||
           kind == InputKind::kPodCliqueScalingGroup || kind == InputKind::kPodClique;
  }

  std::unique_ptr<Source> parse(const ClassifiedDocument& c, Diagnostics& diags) override {
    switch (c.kind) {
      case InputKind::kPodCliqueSet:
        if (auto pcs = parse_podcliqueset(*c.doc, diags))
          return std::make_unique<PcsSource>(std::move(*pcs), context_);
        break;
      case InputKind::kClusterTopologyBinding:
        if (auto ctb = parse_cluster_topology(*c.doc, diags)) context_.add(std::move(*ctb));
        break;
      case InputKind::kPodCliqueScalingGroup:
      case InputKind::kPodClique:
        if (auto o = parse_replica_override(*c.doc, diags)) context_.add(std::move(*o));
        break;
      default:
        break;
    }
    return nullptr;
  }

 private:
  PcsContext context_;
};

}  // namespace

std::unique_ptr<Frontend> make_podcliqueset_frontend() {
  return std::make_unique<PodCliqueSetFrontend>();
}

}  // namespace grovectl
