// Kubernetes 1.37 --hierarchy composite: scheduling.k8s.io/v1alpha3 Workload whose root
// CompositePodGroupTemplate is the gang, with a child composite per topology group config and leaf
// PodGroupTemplates; runtime CompositePodGroups (top-down) and leaf PodGroups with parent links
// (kubernetes/api@10b39a39 (1.37) scheduling/v1alpha3/types.go, KEP-6012; GREP-531 version C,
// ai-dynamo/grove@4a0a8108 docs/proposals/531-default-scheduler-hierarchical-scheduling/README.md, PR #605).
//
// Names: template names must be DNS labels unique across the tree: the root template is named after
// the gang, a child composite after the group config, a leaf after the pod group. Runtime objects are
// "<gang>-<template>", except the root CompositePodGroup, which is the gang itself ("<gang>").
// A composite's minGroupCount is its number of direct children (all are required).
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "backend/builders.hpp"
#include "backend/checks.hpp"
#include "backend/mappings.hpp"
#include "backend/workload/builders.hpp"
#include "backend/workload/checks.hpp"

namespace grovectl {
namespace {

const WorkloadTarget kCompositeTarget{
    .api = "scheduling.k8s.io/v1alpha3",
    .has_topology = true,
    .composite = true,
    .priority_gated = false,
    .has_priority = true,
    .uniform_priority = true,
};
constexpr const char* kApi = "default-scheduler/v1alpha3/";

// The template tree of one gang: the root's direct leaves, then one child composite per group config.
struct Tree {
  std::vector<const PodGroup*> root_leaves;
  std::vector<std::pair<const GroupConfig*, std::vector<const PodGroup*>>> children;
  size_t root_children() const { return root_leaves.size() + children.size(); }
  int depth() const { return children.empty() ? 2 : 3; }
};

Tree build_tree(const Gang& gang) {
  Tree t;
  std::set<std::string> grouped;
  for (const auto& cfg : gang.group_configs) {
    if (cfg.members.empty()) continue;
    std::vector<const PodGroup*> members;
    for (const auto& pg : gang.groups) {
      if (std::find(cfg.members.begin(), cfg.members.end(), pg.name) != cfg.members.end())
        members.push_back(&pg);
    }
    for (const auto* pg : members) grouped.insert(pg->name);
    t.children.emplace_back(&cfg, std::move(members));
  }
  for (const auto& pg : gang.groups) {
    if (!grouped.count(pg.name)) t.root_leaves.push_back(&pg);
  }
  return t;
}

Json composite_policy(size_t children) {
  return Json{{"gang", Json{{"minGroupCount", children}}}};
}

void put_common(Json& o, const Gang& gang, const std::optional<PackConstraint>& pack,
                const MappingContext& ctx) {
  if (Json c = scheduling_constraints(pack, ctx); !c.is_null()) o["schedulingConstraints"] = c;
  if (Json p = priority_class(gang, kCompositeTarget, ctx); !p.is_null()) o["priorityClassName"] = p;
}

Json leaf_template(const Gang& gang, const PodGroup& pg, const MappingContext& ctx) {
  Json t = Json{{"name", pg.name}, {"schedulingPolicy", gang_policy(pg.min_count)}};
  put_common(t, gang, pg.topology, ctx);
  return t;
}

Json leaf_list(const Gang& gang, const std::vector<const PodGroup*>& leaves, const MappingContext& ctx) {
  Json list = Json::array();
  for (const auto* pg : leaves) list.push_back(leaf_template(gang, *pg, ctx));
  return list;
}

Json workload_spec(const Gang& gang, const Tree& tree, const MappingContext& ctx) {
  Json root = Json{{"name", gang.name}, {"schedulingPolicy", composite_policy(tree.root_children())}};
  put_common(root, gang, gang.topology, ctx);
  if (!tree.root_leaves.empty()) root["podGroupTemplates"] = leaf_list(gang, tree.root_leaves, ctx);
  if (!tree.children.empty()) {
    Json composites = Json::array();
    for (const auto& [cfg, members] : tree.children) {
      Json c = Json{{"name", cfg->name}, {"schedulingPolicy", composite_policy(members.size())}};
      put_common(c, gang, cfg->topology, ctx);
      c["podGroupTemplates"] = leaf_list(gang, members, ctx);
      composites.push_back(std::move(c));
    }
    root["compositePodGroupTemplates"] = std::move(composites);
  }
  return Json{{"controllerRef", workload_controller_ref(gang)},
              {"compositePodGroupTemplates", Json::array({root})}};
}

Json runtime_spec(const Gang& gang, const std::string& parent, const std::string& template_name,
                  const Json& policy, const std::optional<PackConstraint>& pack, const MappingContext& ctx) {
  Json spec = Json::object();
  if (!parent.empty()) spec["parentCompositePodGroupName"] = parent;
  spec["workloadRef"] = Json{{"workloadName", gang.name}, {"templateName", template_name}};
  spec["schedulingPolicy"] = policy;
  put_common(spec, gang, pack, ctx);
  return spec;
}

Json runtime_object(const std::string& kind, const std::string& name, const Gang& gang, Json spec,
                    const MappingContext& ctx) {
  Json computed = Json{{"metadata", object_metadata(name, gang.ns)}, {"spec", std::move(spec)}};
  return ctx.templates.instantiate(std::string(kApi) + kind + ".yaml", std::move(computed));
}

class WorkloadV1alpha3Composite final : public Mapping {
 public:
  MappingInfo info() const override {
    return {.backend = "default-scheduler",
            .kube_minors = {37},
            .hierarchy = "composite",
            .kinds = {"scheduling.k8s.io/v1alpha3 Workload", "scheduling.k8s.io/v1alpha3 CompositePodGroup",
                      "scheduling.k8s.io/v1alpha3 PodGroup"},
            .gates = {"GenericWorkload", "TopologyAwareWorkloadScheduling", "CompositePodGroup"}};
  }

  // --runtime-config and gates of 1.37 (KEP-4671, KEP-6012: CompositePodGroup needs
  // TopologyAwareWorkloadScheduling); v1beta1 too: kube-scheduler 1.37 lists v1beta1 PodGroups
  ClusterRequirements requirements() const override {
    return {.required_gates = {"GenericWorkload", "TopologyAwareWorkloadScheduling", "CompositePodGroup"},
            .runtime_config = {"scheduling.k8s.io/v1alpha3=true", "scheduling.k8s.io/v1beta1=true"}};
  }

  void check(const Gang& gang, const MappingContext& ctx, Diagnostics& diags) const override {
    for (const char* gate : {"CompositePodGroup", "TopologyAwareWorkloadScheduling"}) {
      if (ctx.options.gates.enabled(gate)) continue;
      refuse(gang, "capability/composite-gate",
             fmt::format(
                 "{}: --hierarchy composite needs the feature gate {} (CompositePodGroup requires "
                 "TopologyAwareWorkloadScheduling too); pass --feature-gates "
                 "CompositePodGroup=true,TopologyAwareWorkloadScheduling=true if the cluster enables them, "
                 "or use --hierarchy flat",
                 gang_subject(gang), gate),
             diags);
    }
    check_workload_gang(gang, kCompositeTarget, ctx, diags);
    check_shape(gang, build_tree(gang), diags);
  }

  std::vector<Json> objects(const Gang& gang, const MappingContext& ctx, Diagnostics&) const override {
    Tree tree = build_tree(gang);
    std::vector<Json> out;
    Json workload =
        Json{{"metadata", object_metadata(gang.name, gang.ns)}, {"spec", workload_spec(gang, tree, ctx)}};
    out.push_back(ctx.templates.instantiate(std::string(kApi) + "Workload.yaml", std::move(workload)));
    const std::string root = gang.name;
    out.push_back(runtime_object(
        "CompositePodGroup", root, gang,
        runtime_spec(gang, "", gang.name, composite_policy(tree.root_children()), gang.topology, ctx), ctx));
    for (const auto& [cfg, members] : tree.children) {
      out.push_back(runtime_object(
          "CompositePodGroup", child_name(gang, *cfg), gang,
          runtime_spec(gang, root, cfg->name, composite_policy(members.size()), cfg->topology, ctx), ctx));
    }
    for (const auto& pg : gang.groups) {
      out.push_back(runtime_object(
          "PodGroup", group_object_name(gang, pg), gang,
          runtime_spec(gang, parent_of(gang, tree, pg), pg.name, gang_policy(pg.min_count), pg.topology, ctx),
          ctx));
    }
    return out;
  }

  PodMembership membership(const Gang& gang, const PodGroup& group, const MappingContext&) const override {
    return scheduling_group_membership(group_object_name(gang, group));
  }

 private:
  static std::string child_name(const Gang& gang, const GroupConfig& cfg) {
    return fmt::format("{}-{}", gang.name, cfg.name);
  }

  static std::string parent_of(const Gang& gang, const Tree& tree, const PodGroup& pg) {
    for (const auto& [cfg, members] : tree.children) {
      for (const auto* m : members) {
        if (m == &pg) return child_name(gang, *cfg);
      }
    }
    return gang.name;
  }

  static void check_shape(const Gang& gang, const Tree& tree, Diagnostics& diags) {
    std::string split = fmt::format("use kai-scheduler, or split the {}", source_kind(gang));
    if (gang.one_group_on_flat_workload) split += ", or use --hierarchy flat (one PodGroup for every pod)";
    check_template_count(gang, fmt::format("composite template {} (children)", gang.name),
                         tree.root_leaves.size(), split, diags);
    check_template_count(gang, fmt::format("composite template {} (child composites)", gang.name),
                         tree.children.size(), split, diags);
    for (const auto& [cfg, members] : tree.children) {
      check_template_count(gang, fmt::format("composite template {}", cfg->name), members.size(), split,
                           diags);
      require_dns_label(gang, "composite template name", cfg->name,
                        "shorten the PodCliqueSet or scaling group names", diags);
      require_dns_subdomain(gang, "CompositePodGroup name", child_name(gang, *cfg), shorten_source_name(gang),
                            diags);
    }
    if (tree.depth() > kWorkloadMaxTreeDepth) {
      refuse(gang, "capability/hierarchy-depth",
             fmt::format(
                 "{}: the template hierarchy would be {} levels deep, over the limit of {}; use --hierarchy "
                 "flat",
                 gang_subject(gang), tree.depth(), kWorkloadMaxTreeDepth),
             diags);
    }
    require_dns_label(gang, "root composite template name", gang.name, shorten_source_name(gang), diags);
    for (const auto& pg : gang.groups) {
      require_group_name_label(gang, pg, "pod group template name", diags);
      require_dns_subdomain(gang, "PodGroup name", group_object_name(gang, pg), shorten_source_name(gang),
                            diags);
    }
    std::set<std::string> names{gang.name};
    auto unique = [&](const std::string& n) {
      if (names.insert(n).second) return;
      refuse(gang, "capability/template-name-unique",
             fmt::format(
                 "{}: template name {} appears twice in the Workload template tree (names must be unique "
                 "across the whole tree); rename the clique or scaling group, or use --hierarchy flat",
                 gang_subject(gang), n),
             diags);
    };
    for (const auto& [cfg, members] : tree.children) unique(cfg->name);
    for (const auto& pg : gang.groups) unique(pg.name);
  }
};

}  // namespace

const Mapping& workload_v1alpha3_composite_mapping() {
  static const WorkloadV1alpha3Composite mapping;
  return mapping;
}

}  // namespace grovectl
