// The CRD's CEL rules on topology constraints and the webhook's topology validation on CREATE
// (ai-dynamo/grove@fcc3b3bb operator/api/core/v1alpha1/crds/grove.io_podcliquesets.yaml and
// operator/internal/webhook/admission/pcs/validation/topologyconstraints.go).
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "validate/field_error.hpp"
#include "validate/grove_rules.hpp"

namespace grovectl {
namespace {

struct Constrained {
  const TopologyConstraintSpec* tc;
  std::string
      path;  // Grove's path of the topologyConstraint, e.g. spec.template.cliques[1].topologyConstraint
  std::string kind;  // PodCliqueSet, PodClique, PodCliqueScalingGroup
  std::string name;
};

// Every constraint in Grove's order: PCS, then cliques, then scaling groups.
std::vector<Constrained> constraints(const PodCliqueSet& pcs) {
  std::vector<Constrained> out;
  if (pcs.topology) out.push_back({&*pcs.topology, "spec.template.topologyConstraint", "PodCliqueSet", ""});
  for (size_t i = 0; i < pcs.cliques.size(); ++i) {
    const auto& c = pcs.cliques[i];
    if (c.topology) {
      out.push_back({&*c.topology, fmt::format("spec.template.cliques[{}].topologyConstraint", i),
                     "PodClique", c.name});
    }
  }
  for (size_t i = 0; i < pcs.scaling_groups.size(); ++i) {
    const auto& g = pcs.scaling_groups[i];
    if (g.topology) {
      out.push_back({&*g.topology,
                     fmt::format("spec.template.podCliqueScalingGroups[{}].topologyConstraint", i),
                     "PodCliqueScalingGroup", g.name});
    }
  }
  return out;
}

Json referenced_domains(const TopologyConstraintSpec& tc) {
  Json out = Json::array();
  std::string req = tc.required_domain(), pref = tc.preferred_domain();
  if (!req.empty()) out.push_back(req);
  if (!pref.empty() && pref != req) out.push_back(pref);
  return out;
}

int level_index(const ClusterTopologyBinding& ctb, const std::string& domain) {
  for (size_t i = 0; i < ctb.levels.size(); ++i) {
    if (ctb.levels[i].domain == domain) return static_cast<int>(i);
  }
  return -1;
}

std::string levels_text(const ClusterTopologyBinding& ctb) {
  std::string out;
  for (const auto& l : ctb.levels) out += (out.empty() ? "" : " ") + l.domain;
  return "[" + out + "]";
}

std::string kind_label(const Constrained& c) {
  return c.name.empty() ? c.kind : fmt::format("{} '{}'", c.kind, c.name);
}

// The resolved topologyName of every constraint (PCS -> PCSG -> member cliques), reporting Grove's
// name errors. Returns the common name, or nullopt after an error.
std::optional<std::string> resolve_topology_name(const PodCliqueSet& pcs, FieldErrors& fe) {
  std::string pcs_name = pcs.topology ? pcs.topology->topology_name : "";
  std::vector<std::pair<const TopologyConstraintSpec*, std::string>> explicit_names;
  bool ok = true;
  auto resolve = [&](const TopologyConstraintSpec& tc, const std::string& path,
                     const std::string& inherited) {
    if (!tc.topology_name.empty()) {
      explicit_names.push_back({&tc, path});
      return tc.topology_name;
    }
    if (inherited.empty()) {
      fe.required("grove/topology-name", tc.pointer, path + ".topologyName",
                  "topologyName is required when topologyConstraint is set and cannot be inherited");
      ok = false;
    }
    return inherited;
  };
  if (pcs.topology) resolve(*pcs.topology, "spec.template.topologyConstraint", "");
  for (const auto& c : constraints(pcs)) {
    if (c.kind == "PodCliqueSet") continue;
    std::string inherited = pcs_name;
    if (c.kind == "PodClique") {
      const ScalingGroupConfig* g = pcs.group_of(c.name);
      if (g && g->topology && !g->topology->topology_name.empty()) inherited = g->topology->topology_name;
    }
    resolve(*c.tc, c.path, inherited);
  }
  std::set<std::string> distinct;
  for (const auto& [tc, path] : explicit_names) distinct.insert(tc->topology_name);
  if (distinct.size() > 1) {
    for (const auto& [tc, path] : explicit_names) {
      fe.invalid("grove/topology-name", tc->pointer + "/topologyName", path + ".topologyName",
                 go_quote(tc->topology_name),
                 "all topologyConstraint.topologyName values within a PodCliqueSet must match in the current "
                 "implementation");
    }
    return std::nullopt;
  }
  if (!ok || distinct.empty()) return std::nullopt;
  return *distinct.begin();
}

bool check_domains(const std::vector<Constrained>& all, const ClusterTopologyBinding& ctb, FieldErrors& fe) {
  bool ok = true;
  for (const auto& c : all) {
    struct Ref {
      const char* suffix;
      const char* pointer;
      std::string domain;
    };
    for (const Ref& r : {Ref{".packDomain", "/packDomain", c.tc->pack_domain},
                         Ref{".pack.required", "/pack/required", c.tc->pack_required},
                         Ref{".pack.preferred", "/pack/preferred", c.tc->pack_preferred}}) {
      if (r.domain.empty() || level_index(ctb, r.domain) >= 0) continue;
      fe.invalid("grove/topology-domain", c.tc->pointer + r.pointer, c.path + r.suffix, go_quote(r.domain),
                 fmt::format("topology domain '{}' does not exist in cluster topology {}", r.domain,
                             levels_text(ctb)));
      ok = false;
    }
  }
  return ok;
}

void check_pair(const Constrained& parent, const Constrained& child, const ClusterTopologyBinding& ctb,
                FieldErrors& fe) {
  auto compare = [&](const std::string& pd, const std::string& cd, const std::string& suffix,
                     const std::string& pointer_suffix) {
    int pi = level_index(ctb, pd), ci = level_index(ctb, cd);
    if (pi < 0 || ci < 0 || pi <= ci) return;
    fe.invalid(
        "grove/topology-hierarchy", parent.tc->pointer + pointer_suffix, parent.path + suffix, go_quote(pd),
        fmt::format(
            "{} topology constraint domain '{}' is narrower than {} '{}' topology constraint domain '{}'",
            kind_label(parent), pd, child.kind, child.name, cd));
  };
  compare(parent.tc->required_domain(), child.tc->required_domain(), "", "");
  compare(parent.tc->preferred_domain(), child.tc->preferred_domain(), ".pack.preferred", "/pack/preferred");
}

void check_hierarchy(const PodCliqueSet& pcs, const std::vector<Constrained>& all,
                     const ClusterTopologyBinding& ctb, FieldErrors& fe) {
  const Constrained* pcs_c = nullptr;
  for (const auto& c : all) {
    if (c.kind == "PodCliqueSet") pcs_c = &c;
  }
  if (pcs_c) {
    for (const auto& c : all) {
      if (c.kind == "PodClique") check_pair(*pcs_c, c, ctb, fe);
    }
    for (const auto& c : all) {
      if (c.kind == "PodCliqueScalingGroup") check_pair(*pcs_c, c, ctb, fe);
    }
  }
  for (const auto& g : all) {
    if (g.kind != "PodCliqueScalingGroup") continue;
    for (const auto& c : all) {
      if (c.kind != "PodClique") continue;
      const ScalingGroupConfig* owner = pcs.group_of(c.name);
      if (owner && owner->name == g.name) check_pair(g, c, ctb, fe);
    }
  }
  for (const auto& c : all) {
    int ri = level_index(ctb, c.tc->required_domain()), pi = level_index(ctb, c.tc->preferred_domain());
    if (ri >= 0 && pi >= 0 && pi < ri) {
      fe.warning(
          "grove/topology-preferred", c.tc->pointer + "/pack/preferred", c.path + ".pack.preferred",
          fmt::format("{0}.pack.preferred is coarser than {0}.pack.required and is redundant", c.path));
    }
  }
}

}  // namespace

void check_topology_cel(const PodCliqueSet& pcs, Diagnostics& diags) {
  FieldErrors fe(*pcs.doc, diags);
  const std::vector<Constrained> all = constraints(pcs);
  for (const auto& c : all) {
    const TopologyConstraintSpec& tc = *c.tc;
    if (!tc.has_pack && tc.pack_domain.empty()) {
      fe.required("grove/cel-topology", tc.pointer, c.path + ".pack",
                  "topologyConstraint must specify pack or deprecated packDomain");
    }
    if (!tc.pack_domain.empty() && tc.has_pack && !tc.pack_required.empty()) {
      fe.plain(
          "grove/cel-topology", tc.pointer + "/pack/required", c.path + ".pack.required",
          c.path +
              ".pack.required: Invalid value: must not set both pack.required and deprecated packDomain");
    }
    if (tc.has_pack && tc.pack_required.empty() && tc.pack_preferred.empty()) {
      fe.required("grove/cel-topology", tc.pointer + "/pack", c.path + ".pack",
                  "pack must specify at least one of required or preferred");
    }
  }
  // Transition rules that hold on CREATE only: packDomain is refused on new workloads.
  const std::string detail =
      "packDomain is deprecated and cannot be used on new workloads; use pack.required";
  if (pcs.topology && !pcs.topology->pack_domain.empty()) {
    fe.forbidden("grove/cel-pack-domain", pcs.topology->pointer + "/packDomain",
                 "spec.template.topologyConstraint.packDomain", detail);
  }
  for (const auto& c : pcs.cliques) {
    if (c.topology && !c.topology->pack_domain.empty()) {
      fe.forbidden("grove/cel-pack-domain", c.topology->pointer + "/packDomain", "spec.template.cliques",
                   detail);
      break;
    }
  }
  for (const auto& g : pcs.scaling_groups) {
    if (g.topology && !g.topology->pack_domain.empty()) {
      fe.forbidden("grove/cel-pack-domain", g.topology->pointer + "/packDomain",
                   "spec.template.podCliqueScalingGroups", detail);
      break;
    }
  }
}

void check_topology_on_create(const PodCliqueSet& pcs, const GroveCheckContext& ctx, Diagnostics& diags) {
  FieldErrors fe(*pcs.doc, diags);
  const std::vector<Constrained> all = constraints(pcs);
  if (all.empty()) return;
  if (ctx.bindings.empty()) {
    // Offline, "TAS disabled" only means no binding was given: a warning (error under --strict),
    // since render drops the constraints exactly as the operator does with TAS off.
    for (const auto& c : all) {
      std::string message = fmt::format(
          "{}: Invalid value: {}: topology constraints are not allowed when Topology Aware Scheduling is "
          "disabled (pass the ClusterTopologyBinding with --topology to check them)",
          c.path, go_json(referenced_domains(*c.tc)));
      if (ctx.strict) {
        fe.plain("grove/topology-disabled", c.tc->pointer, c.path, message);
      } else {
        fe.warning("grove/topology-disabled", c.tc->pointer, c.path, message);
      }
    }
    return;
  }
  auto name = resolve_topology_name(pcs, fe);
  if (!name) return;
  const ClusterTopologyBinding* ctb = nullptr;
  for (const auto* b : ctx.bindings) {
    if (b->name == *name) ctb = b;
  }
  if (!ctb) {
    std::string pointer = pcs.topology ? pcs.topology->pointer + "/topologyName" : all.front().tc->pointer;
    fe.invalid("grove/topology-not-found", pointer, "spec.template.topologyConstraint.topologyName",
               go_quote(*name), fmt::format("ClusterTopologyBinding {} not found", go_quote(*name)));
    return;
  }
  if (!check_domains(all, *ctb, fe)) return;
  check_hierarchy(pcs, all, *ctb, fe);
}

void check_cluster_topology_binding(const ClusterTopologyBinding& ctb, Diagnostics& diags) {
  FieldErrors fe(*ctb.doc, diags);
  std::set<std::string> domains, keys;
  for (size_t i = 0; i < ctb.levels.size(); ++i) {
    std::string p = pointer_append("/spec/levels", i);
    std::string path = fmt::format("spec.levels[{}]", i);
    if (!domains.insert(ctb.levels[i].domain).second) {
      fe.duplicate("grove/ctb-duplicate", p + "/domain", path + ".domain", go_quote(ctb.levels[i].domain));
    }
    if (!keys.insert(ctb.levels[i].key).second) {
      fe.duplicate("grove/ctb-duplicate", p + "/key", path + ".key", go_quote(ctb.levels[i].key));
    }
  }
}

}  // namespace grovectl
