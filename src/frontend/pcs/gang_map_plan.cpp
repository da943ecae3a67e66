#include "frontend/pcs/gang_map_plan.hpp"

#include <algorithm>

namespace grovectl {
namespace {

std::vector<int32_t> range(int32_t from, int32_t to) {
  std::vector<int32_t> out;
  for (int32_t i = from; i < to; ++i) out.push_back(i);
  return out;
}

GangMapEntry entry(int64_t epoch, const std::string& hash, GangRole role,
                   std::vector<std::string> depends_on) {
  GangMapEntry e;
  e.epoch = std::to_string(epoch);
  e.generation_hash = hash;
  e.role = role;
  e.depends_on = std::move(depends_on);
  return e;
}

// buildBootstrapEntries with no PodGangs to adopt epochs from.
std::vector<GangMapEntry> bootstrap(const PodCliqueSet& pcs, const ReplicaEpochs& epochs,
                                    const std::string& hash) {
  std::vector<GangMapEntry> entries;
  const std::string anchor_epoch = std::to_string(epochs.anchor);
  GangMapEntry anchor = entry(epochs.anchor, hash, GangRole::kAnchor, {});
  anchor.anchor_index = 0;
  for (const auto& c : pcs.cliques) {
    if (!pcs.group_of(c.name)) anchor.pod_cliques[c.name] = c.replicas;
  }
  for (const auto& g : pcs.scaling_groups) anchor.group_indices[g.name] = range(0, *g.min_available);
  entries.push_back(std::move(anchor));
  GangMapEntry tail = entry(epochs.tail, hash, GangRole::kTail, {anchor_epoch});
  for (const auto& g : pcs.scaling_groups) {
    if (*g.replicas != *g.min_available) tail.group_indices[g.name] = range(*g.min_available, *g.replicas);
  }
  if (!tail.group_indices.empty()) entries.push_back(std::move(tail));
  if (!pcs.scaling_groups.empty())
    entries.push_back(entry(epochs.scale_out, hash, GangRole::kScaleOut, {anchor_epoch}));
  return entries;
}

size_t placed(const std::vector<GangMapEntry>& entries, const std::string& group) {
  size_t n = 0;
  for (const auto& e : entries) {
    if (auto it = e.group_indices.find(group); it != e.group_indices.end()) n += it->second.size();
  }
  return n;
}

int drain_priority(GangRole role) {
  return role == GangRole::kScaleOut ? 0 : role == GangRole::kTail ? 1 : 2;
}

// drainReplicaIndicesForScaleIn: ScaleOut first, then Tail, then Anchor, the highest index first.
void drain(std::vector<GangMapEntry>& entries, const std::string& group, size_t count) {
  std::vector<size_t> order;
  for (size_t i = 0; i < entries.size(); ++i) {
    auto it = entries[i].group_indices.find(group);
    if (it != entries[i].group_indices.end() && !it->second.empty()) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return drain_priority(entries[a].role) < drain_priority(entries[b].role);
  });
  for (size_t i : order) {
    if (count == 0) break;
    std::vector<int32_t>& indices = entries[i].group_indices[group];
    std::sort(indices.begin(), indices.end());
    const size_t take = std::min(count, indices.size());
    indices.resize(indices.size() - take);
    count -= take;
  }
}

bool empty_entry(const GangMapEntry& e) {
  for (const auto& [name, pods] : e.pod_cliques) {
    if (pods > 0) return false;
  }
  for (const auto& [name, indices] : e.group_indices) {
    if (!indices.empty()) return false;
  }
  return true;
}

// reconcileEntries in steady state: standalone counts from the live PodCliques, scaling-group indices to
// the live PodCliqueScalingGroups' replicas, empty entries dropped (the ScaleOut entry stays).
void reconcile(const PodCliqueSet& pcs, const LiveReplicas& live, std::vector<GangMapEntry>& entries) {
  GangMapEntry& anchor = entries.front();
  for (const auto& [clique, replicas] : live.standalone_cliques) {
    if (auto it = anchor.pod_cliques.find(clique); it != anchor.pod_cliques.end()) it->second = replicas;
  }
  for (const auto& g : pcs.scaling_groups) {
    auto it = live.scaling_groups.find(g.name);
    if (it == live.scaling_groups.end()) continue;
    const int64_t current = static_cast<int64_t>(placed(entries, g.name));
    const int64_t wanted = std::max(0, it->second);
    if (wanted > current) {
      for (auto& e : entries) {
        if (e.role != GangRole::kScaleOut) continue;
        std::vector<int32_t>& indices = e.group_indices[g.name];
        for (int64_t i = current; i < wanted; ++i) indices.push_back(static_cast<int32_t>(i));
      }
    } else if (wanted < current) {
      drain(entries, g.name, static_cast<size_t>(current - wanted));
    }
  }
  std::erase_if(entries,
                [](const GangMapEntry& e) { return e.role != GangRole::kScaleOut && empty_entry(e); });
}

}  // namespace

std::vector<GangMapEntry> plan_gang_map_entries(const PodCliqueSet& pcs, const ReplicaEpochs& epochs,
                                                const std::string& generation_hash,
                                                const LiveReplicas& live) {
  std::vector<GangMapEntry> entries = bootstrap(pcs, epochs, generation_hash);
  if (!live.standalone_cliques.empty() || !live.scaling_groups.empty()) reconcile(pcs, live, entries);
  return entries;
}

}  // namespace grovectl
