// The PodCliqueSet metadata and spec rules of the validating webhook, in its order (ai-dynamo/grove@fcc3b3bb
// operator/internal/webhook/admission/pcs/validation/podcliqueset.go, podcliquedeps.go).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

#include "core/strings.hpp"
#include "validate/field_error.hpp"
#include "validate/grove_rules.hpp"
#include "yaml/document.hpp"

namespace grovectl {
namespace {

constexpr size_t kPodNameBudget = 45;

std::string idx(const std::string& base, size_t i) {
  return fmt::format("{}[{}]", base, i);
}

void check_metadata(const PodCliqueSet& pcs, FieldErrors& fe) {
  if (pcs.name.empty()) {
    fe.required("grove/metadata-name", "/metadata", "metadata.name", "name or generateName is required");
  } else if (!is_dns_subdomain(pcs.name)) {
    fe.invalid(
        "grove/metadata-name", "/metadata/name", "metadata.name", go_quote(pcs.name),
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and "
        "must start and end with an alphanumeric character");
  }
}

// Kubernetes' env var name rule: [-._a-zA-Z][-._a-zA-Z0-9]*, matched by hand in one pass.
bool is_env_var_name(const std::string& name) {
  auto allowed = [](char c, bool first) {
    return c == '-' || c == '.' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (!first && c >= '0' && c <= '9');
  };
  if (name.empty() || !allowed(name.front(), /*first=*/true)) return false;
  return std::all_of(name.begin() + 1, name.end(), [&](char c) { return allowed(c, /*first=*/false); });
}

void check_env(const SourceDocument& doc, const std::string& pod_pointer, const std::string& pod_path,
               FieldErrors& fe) {
  for (const char* list : {"initContainers", "containers"}) {
    const Json* containers = find_pointer(doc.value, pod_pointer + "/" + list);
    if (!containers || !containers->is_array()) continue;
    for (size_t j = 0; j < containers->size(); ++j) {
      const Json& container = (*containers)[j];
      if (!container.is_object()) continue;
      const auto found = container.find("env");
      if (found == container.end() || !found->is_array()) continue;
      const Json& env = *found;
      RepeatedNames repeated;
      std::string path = fmt::format("{}.spec.{}[{}].env", pod_path, list, j);
      for (size_t k = 0; k < env.size(); ++k) {
        if (!env[k].is_object() || !env[k].contains("name") || !env[k]["name"].is_string()) continue;
        const std::string& name = env[k]["name"].get_ref<const std::string&>();
        std::string p = fmt::format("{}/{}/{}/env/{}", pod_pointer, list, j, k);
        if (!is_env_var_name(name)) {
          fe.invalid(
              "grove/env-name", p + "/name", idx(path, k) + ".name", go_quote(name),
              "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or "
              "'.', and must not start with a digit");
        }
        repeated.add(name, p + "/name");
      }
      repeated.report(fe, "grove/env-name", path);
    }
  }
}

void check_starts_after(const PodCliqueSet& pcs, const CliqueTemplate& c, const std::string& path,
                        FieldErrors& fe) {
  if (pcs.startup_type != "CliqueStartupTypeExplicit") return;
  std::set<std::string> seen;
  for (size_t k = 0; k < c.starts_after.size(); ++k) {
    const std::string& dep = c.starts_after[k];
    std::string p = pointer_append(c.pointer + "/spec/startsAfter", k);
    if (dep.empty()) {
      fe.required("grove/starts-after", p, path + ".spec.startsAfter", "clique dependency must not be empty");
      continue;
    }
    if (dep == c.name) {
      fe.invalid("grove/starts-after", p, path + ".spec.startsAfter", go_quote(dep),
                 "clique dependency cannot refer to itself");
    }
    if (!seen.insert(dep).second)
      fe.duplicate("grove/starts-after", p, path + ".spec.startsAfter", go_quote(dep));
  }
}

void check_autoscaling(const CliqueTemplate& c, const std::string& path, FieldErrors& fe) {
  if (!c.auto_scaling) return;
  const AutoScalingSpec& a = *c.auto_scaling;
  std::string p = c.pointer + "/spec/autoScalingConfig";
  std::string fp = path + ".spec.autoScalingConfig";
  int32_t min_available = c.min_available.value_or(0);
  if (!a.min_replicas) {
    fe.required("grove/autoscaling", p, fp + ".minReplicas", "field is required");
  } else if (*a.min_replicas < min_available) {
    fe.invalid("grove/autoscaling", p + "/minReplicas", fp + ".minReplicas", std::to_string(*a.min_replicas),
               "must be greater than or equal to podCliqueSpec.minAvailable");
  }
  int32_t max = a.max_replicas.value_or(0);
  if (a.min_replicas && max < *a.min_replicas) {
    fe.invalid("grove/autoscaling", p + "/maxReplicas", fp + ".maxReplicas", std::to_string(max),
               "must be greater than or equal to podCliqueSpec.minReplicas");
  }
  if (max < c.replicas) {
    fe.invalid("grove/autoscaling", p + "/maxReplicas", fp + ".maxReplicas", std::to_string(max),
               "must be greater than or equal to replicas");
  }
}

void check_pod_spec(const SourceDocument& doc, const CliqueTemplate& raw, const CliqueTemplate& c,
                    const std::string& path, FieldErrors& fe) {
  std::string pp = c.pointer + "/spec/podSpec";
  std::string fp = path + ".spec.podSpec";
  // Grove warns on every clique because its defaulting fills restartPolicy first; an offline check warns
  // only when the input itself sets a policy other than Always (see validate_command.cpp help).
  if (!raw.restart_policy.empty() && raw.restart_policy != "Always") {
    fe.warning("grove/restart-policy", pp + "/restartPolicy", fp + ".restartPolicy",
               fmt::format("{}.restartPolicy: restartPolicy will be ignored, it will be set to Always", fp));
  }
  if (const Json* tsc = find_pointer(doc.value, pp + "/topologySpreadConstraints"); tsc && !tsc->is_null()) {
    fe.invalid("grove/topology-spread", pp + "/topologySpreadConstraints",
               fp + ".spec.topologySpreadConstraints", go_json(*tsc), "must not be set");
  }
  if (const Json* node = find_pointer(doc.value, pp + "/nodeName");
      node && node->is_string() && !node->get<std::string>().empty()) {
    fe.invalid("grove/node-name", pp + "/nodeName", fp + ".spec.nodeName", go_quote(*node),
               "must not be set");
  }
  check_env(doc, pp, fp, fe);
}

void check_clique(const PodCliqueSet& pcs, const CliqueTemplate& raw, const CliqueTemplate& c, size_t i,
                  FieldErrors& fe) {
  std::string path = idx("spec.template.cliques", i);
  if (c.name.empty()) {
    fe.required("grove/clique-name", c.pointer, path + ".name", "field cannot be empty");
  } else {
    if (!is_dns_subdomain(c.name)) {
      fe.invalid("grove/clique-name", c.pointer + "/name", path + ".name", go_quote(c.name),
                 "invalid PodCliqueTemplateSpec name, must be a valid DNS subdomain");
    }
    size_t length = pcs.name.size() + c.name.size();
    if (!pcs.group_of(c.name) && length > kPodNameBudget) {
      std::string detail = fmt::format(
          "combined resource name length {} exceeds 45-character limit required for pod naming. Consider "
          "shortening: PodCliqueSet '{}' or PodClique '{}'",
          length, pcs.name, c.name);
      fe.invalid("grove/name-length", c.pointer + "/name", path + ".name", go_quote(c.name), detail);
      fe.invalid("grove/name-length", "/metadata/name", "metadata.name", go_quote(pcs.name), detail);
    }
  }
  if (c.replicas <= 0) {
    fe.invalid("grove/clique-replicas", c.pointer + "/spec/replicas", path + ".spec.replicas",
               std::to_string(c.replicas), "must be greater than 0");
  }
  std::string ma = c.pointer + "/spec/minAvailable";
  if (!c.min_available) {
    fe.required("grove/clique-min-available", c.pointer + "/spec", path + ".spec.minAvailable",
                "field is required");
  } else if (*c.min_available <= 0) {
    // Locate at the input's minAvailable, or at replicas when the webhook derived it from replicas 0.
    fe.invalid("grove/clique-min-available", raw.min_available ? ma : c.pointer + "/spec/replicas",
               path + ".spec.minAvailable", std::to_string(*c.min_available), "must be greater than 0");
  } else if (*c.min_available > c.replicas) {
    fe.invalid("grove/clique-min-available", ma, path + ".spec.minAvailable",
               std::to_string(*c.min_available), "minAvailable must not be greater than replicas");
  }
  check_starts_after(pcs, c, path, fe);
  check_autoscaling(c, path, fe);
  check_pod_spec(*pcs.doc, raw, c, path, fe);
}

// Pointer of the first clique after the first occurrence whose `key` repeats, or "".
template <typename Key>
void report_duplicates(const PodCliqueSet& pcs, Key key, const char* suffix, const std::string& rule,
                       const std::string& path, FieldErrors& fe) {
  std::set<std::string> seen;
  for (const auto& c : pcs.cliques) {
    std::optional<std::string> k = key(c);
    if (!k) continue;
    if (!seen.insert(*k).second) fe.duplicate(rule, c.pointer + suffix, path, go_quote(*k));
  }
}

void check_scheduler_names(const PodCliqueSet& pcs, FieldErrors& fe) {
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (const auto& c : pcs.cliques) {
    std::string name = c.scheduler_name.empty() ? "default-scheduler" : c.scheduler_name;
    if (seen.insert(name).second) unique.push_back(name);
  }
  if (unique.size() > 1) {
    // Point at the first schedulerName the input sets (the one the others disagree with, or the odd one out).
    std::string pointer = "/spec/template/cliques";
    for (const auto& c : pcs.cliques) {
      if (!c.scheduler_name.empty()) {
        pointer = c.pointer + "/spec/podSpec/schedulerName";
        break;
      }
    }
    fe.invalid("grove/scheduler-name", pointer, "spec.template.cliques.spec.podSpec.schedulerName",
               go_quote(join(unique, ", ")), "the schedulerName for all pods have to be the same");
  }
}

// Tarjan's strongly connected components over startsAfter edges, iteratively (a 50,000-clique chain
// must not overflow the stack) and by clique index (no name lookups in the loop); SCCs of size > 1 are
// cycles. A name used by several cliques is one node: the first clique of that name.
std::vector<std::vector<std::string>> dependency_cycles(const PodCliqueSet& pcs) {
  const size_t n = pcs.cliques.size();
  auto node_of = [&](const std::string& name) -> size_t {
    const CliqueTemplate* c = pcs.clique(name);
    return c ? static_cast<size_t>(c - pcs.cliques.data()) : n;
  };
  std::vector<std::vector<size_t>> edges(n);
  for (size_t i = 0; i < n; ++i) {
    const CliqueTemplate& c = pcs.cliques[i];
    const size_t from = node_of(c.name);
    for (const auto& d : c.starts_after) {
      const size_t to = node_of(d);
      if (to < n && d != c.name) edges[from].push_back(to);
    }
  }
  constexpr size_t kUnvisited = static_cast<size_t>(-1);
  std::vector<size_t> index(n, kUnvisited), low(n, 0);
  std::vector<bool> on_stack(n, false);
  std::vector<size_t> stack;
  std::vector<std::pair<size_t, size_t>> calls;  // (node, next edge to follow)
  std::vector<std::vector<std::string>> out;
  size_t counter = 0;
  auto enter = [&](size_t v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = true;
    calls.emplace_back(v, 0);
  };
  for (size_t root = 0; root < n; ++root) {
    const size_t start = node_of(pcs.cliques[root].name);
    if (index[start] != kUnvisited) continue;
    enter(start);
    while (!calls.empty()) {
      const size_t v = calls.back().first;
      const size_t next = calls.back().second;
      if (next < edges[v].size()) {
        ++calls.back().second;
        const size_t w = edges[v][next];
        if (index[w] == kUnvisited) {
          enter(w);
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      calls.pop_back();
      if (!calls.empty()) low[calls.back().first] = std::min(low[calls.back().first], low[v]);
      if (low[v] != index[v]) continue;
      std::vector<std::string> scc;
      size_t w = 0;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = false;
        scc.push_back(pcs.cliques[w].name);
      } while (w != v);
      if (scc.size() > 1) {
        std::sort(scc.begin(), scc.end());
        out.push_back(std::move(scc));
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Grove iterates Go maps here, so its order is random; grovectl sorts names and cycles.
void check_dependencies(const PodCliqueSet& pcs, FieldErrors& fe) {
  if (pcs.startup_type != "CliqueStartupTypeExplicit") return;
  std::set<std::string> unknown;
  std::string first_pointer;
  for (const auto& c : pcs.cliques) {
    for (size_t k = 0; k < c.starts_after.size(); ++k) {
      const std::string& d = c.starts_after[k];
      if (d.empty() || pcs.clique(d)) continue;
      if (unknown.insert(d).second && first_pointer.empty()) {
        first_pointer = pointer_append(c.pointer + "/spec/startsAfter", k);
      }
    }
  }
  if (!unknown.empty()) {
    fe.invalid("grove/unknown-dependency", first_pointer, "spec.template.cliques.startsAfter",
               go_quote(join({unknown.begin(), unknown.end()}, ",")),
               "unknown clique names found, all clique dependencies must be defined as cliques");
  }
  auto cycles = dependency_cycles(pcs);
  if (!cycles.empty()) {
    Json value = cycles;
    const CliqueTemplate* first = pcs.clique(cycles[0][0]);
    fe.invalid("grove/dependency-cycle",
               first ? first->pointer + "/spec/startsAfter" : "/spec/template/cliques",
               "spec.template.cliques", go_json(value), "clique must not have circular dependencies");
  }
}

void check_scaling_group(const PodCliqueSet& pcs, const ScalingGroupConfig& g, size_t i, FieldErrors& fe) {
  std::string path = idx("spec.template.podCliqueScalingGroups", i);
  if (!is_dns_subdomain(g.name)) {
    fe.invalid("grove/pcsg-name", g.pointer + "/name", path + ".name", go_quote(g.name),
               "invalid PodCliqueScalingGroupConfig name, must be a valid DNS subdomain");
  }
  std::vector<std::string> unknown;
  for (const auto& n : g.clique_names) {
    if (!pcs.clique(n)) unknown.push_back(n);
  }
  if (!unknown.empty()) {
    fe.invalid("grove/pcsg-clique-names", g.pointer + "/cliqueNames", path + ".cliqueNames",
               go_quote(join(unknown, ",")), "unidentified PodClique names found");
  }
  for (size_t j = 0; j < g.clique_names.size(); ++j) {
    const std::string& n = g.clique_names[j];
    size_t length = pcs.name.size() + g.name.size() + n.size();
    if (length <= kPodNameBudget) continue;
    std::string detail = fmt::format(
        "combined resource name length {} exceeds 45-character limit required for pod naming. Consider "
        "shortening: "
        "PodCliqueSet '{}', PodCliqueScalingGroup '{}', or PodClique '{}'",
        length, pcs.name, g.name, n);
    std::string cp = pointer_append(g.pointer + "/cliqueNames", j);
    fe.invalid("grove/name-length", cp, idx(path + ".cliqueNames", j) + ".name", go_quote(n), detail);
    fe.invalid("grove/name-length", g.pointer + "/name", path + ".name", go_quote(n), detail);
    fe.invalid("grove/name-length", "/metadata/name", "metadata.name", go_quote(pcs.name), detail);
  }
  int32_t replicas = g.replicas.value_or(1), min_available = g.min_available.value_or(1);
  if (replicas <= 0) {
    fe.invalid("grove/pcsg-replicas", g.pointer + "/replicas", path + ".replicas", std::to_string(replicas),
               "must be greater than 0");
  }
  if (min_available <= 0) {
    fe.invalid("grove/pcsg-min-available", g.pointer + "/minAvailable", path + ".minAvailable",
               std::to_string(min_available), "must be greater than 0");
  }
  if (min_available > replicas) {
    fe.invalid("grove/pcsg-min-available", g.pointer + "/minAvailable", path + ".minAvailable",
               std::to_string(min_available), "minAvailable must not be greater than replicas");
  }
  if (g.scale_config && g.scale_config->min_replicas && *g.scale_config->min_replicas < min_available) {
    fe.invalid("grove/pcsg-scale-config", g.pointer + "/scaleConfig/minReplicas",
               path + ".scaleConfig.minReplicas", std::to_string(*g.scale_config->min_replicas),
               "scaleConfig.minReplicas must be greater than or equal to minAvailable");
  }
}

void check_scaling_groups(const PodCliqueSet& pcs, FieldErrors& fe) {
  for (size_t i = 0; i < pcs.scaling_groups.size(); ++i)
    check_scaling_group(pcs, pcs.scaling_groups[i], i, fe);
  std::set<std::string> names;
  RepeatedNames members;
  for (const auto& g : pcs.scaling_groups) {
    if (!names.insert(g.name).second) {
      fe.duplicate("grove/duplicate-pcsg", g.pointer + "/name", "spec.template.podCliqueScalingGroups.name",
                   go_quote(g.name));
    }
    for (size_t j = 0; j < g.clique_names.size(); ++j)
      members.add(g.clique_names[j], pointer_append(g.pointer + "/cliqueNames", j));
  }
  members.report(fe, "grove/duplicate-pcsg", "spec.template.podCliqueScalingGroups.cliqueNames");
  for (const auto& g : pcs.scaling_groups) {
    for (size_t j = 0; j < g.clique_names.size(); ++j) {
      const CliqueTemplate* c = pcs.clique(g.clique_names[j]);
      if (c && c->auto_scaling) {
        fe.invalid(
            "grove/pcsg-autoscaling", c->pointer + "/spec/autoScalingConfig",
            "spec.template.podCliqueScalingGroups", go_quote(c->name),
            "AutoScalingConfig is not allowed to be defined for PodClique that is part of scaling group");
      }
    }
  }
}

void check_termination_delay(const PodCliqueSet& pcs, FieldErrors& fe) {
  const std::string p = "/spec/template/terminationDelay";
  if (!pcs.termination_delay) {
    fe.required("grove/termination-delay", "/spec/template", "spec.template.terminationDelay",
                "terminationDelay is required");
    return;
  }
  auto ns = parse_go_duration(*pcs.termination_delay);
  if (!ns) {
    fe.invalid("grove/termination-delay", p, "spec.template.terminationDelay",
               go_quote(*pcs.termination_delay), "not a duration (for example 4h0m0s, 90s)");
  } else if (*ns <= 0) {
    fe.invalid("grove/termination-delay", p, "spec.template.terminationDelay",
               go_quote(*pcs.termination_delay), "terminationDelay must be greater than 0");
  }
}

}  // namespace

void check_pcs_spec(const PodCliqueSet& raw, const PodCliqueSet& pcs, const GroveCheckContext& ctx,
                    Diagnostics& diags) {
  FieldErrors fe(*pcs.doc, diags);
  check_metadata(pcs, fe);
  if (pcs.replicas < 0) {
    fe.invalid("grove/replicas", "/spec/replicas", "spec.replicas", std::to_string(pcs.replicas),
               "must be greater than or equal to 0");
  }
  check_resource_rules(pcs, fe);
  if (pcs.cliques.empty()) {
    fe.required("grove/cliques", "/spec/template/cliques", "spec.template.cliques",
                "at least one PodClique must be defined");
    return;  // Grove's webhook panics past this point (validateSchedulerNames indexes an empty list)
  }
  for (size_t i = 0; i < pcs.cliques.size(); ++i) check_clique(pcs, raw.cliques[i], pcs.cliques[i], i, fe);
  report_duplicates(
      pcs, [](const CliqueTemplate& c) { return std::optional<std::string>(c.name); }, "/name",
      "grove/duplicate-clique", "spec.template.cliques.name", fe);
  RepeatedNames roles;
  for (const auto& c : pcs.cliques) {
    if (c.role_name) roles.add(*c.role_name, c.pointer + "/spec/roleName");
  }
  roles.report(fe, "grove/duplicate-role", "spec.template.cliques.roleName");
  check_scheduler_names(pcs, fe);
  check_dependencies(pcs, fe);
  check_scaling_groups(pcs, fe);
  check_termination_delay(pcs, fe);
  if (ctx.grove_version->rolling_update) check_rolling_update(pcs, fe);
}

}  // namespace grovectl
