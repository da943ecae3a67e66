#include "core/usable_cpus.hpp"

#include <sched.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

namespace grovectl {
namespace {

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) out.push_back(part);
  return out;
}

bool has(const std::vector<std::string>& items, const std::string& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

// One hierarchy: where it is mounted, which of its directories the mount shows, and the process's cgroup.
struct Hierarchy {
  std::string mount_point;
  std::string mount_root;
  std::string cgroup;
  bool v2 = false;
};

// /proc/self/mountinfo (proc(5)): "ID PARENT MAJ:MIN ROOT MOUNT-POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE
// SUPER-OPTIONS". The cgroup2 mount, or the cgroup v1 mount whose controllers include cpu.
std::optional<Hierarchy> cpu_mount(const std::string& root, bool v2) {
  for (const auto& line : lines_of(root + "/proc/self/mountinfo")) {
    std::istringstream in(line);
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    auto dash = std::find(fields.begin(), fields.end(), "-");
    if (fields.size() < 5 || dash == fields.end() || fields.end() - dash < 4) continue;
    const std::string& type = dash[1];
    if (v2 ? type != "cgroup2" : (type != "cgroup" || !has(split(dash[3], ','), "cpu"))) continue;
    return Hierarchy{fields[4], fields[3], "", v2};
  }
  return std::nullopt;
}

// /proc/self/cgroup (cgroups(7)): "0::PATH" for v2, "ID:CONTROLLERS:PATH" for v1.
std::optional<std::string> cgroup_path(const std::string& root, bool v2) {
  for (const auto& line : lines_of(root + "/proc/self/cgroup")) {
    const size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    if (v2 ? (line.substr(0, first) == "0" && controllers.empty()) : has(split(controllers, ','), "cpu"))
      return line.substr(second + 1);
  }
  return std::nullopt;
}

// Whole CPUs for `quota` microseconds of CPU time per `period`, rounded up; nullopt for no limit.
std::optional<size_t> whole_cpus(long long quota, long long period) {
  if (quota <= 0 || period <= 0) return std::nullopt;
  return static_cast<size_t>((quota + period - 1) / period);
}

std::optional<size_t> quota_in(const std::string& dir, bool v2) {
  if (v2) {
    std::ifstream in(dir + "/cpu.max");
    std::string quota;
    long long period = 0;
    if (!(in >> quota >> period) || quota == "max") return std::nullopt;
    try {
      return whole_cpus(std::stoll(quota), period);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  long long quota = -1, period = 0;
  std::ifstream(dir + "/cpu.cfs_quota_us") >> quota;
  std::ifstream(dir + "/cpu.cfs_period_us") >> period;
  return whole_cpus(quota, period);
}

std::optional<size_t> limit_in(const std::string& root, bool v2) {
  std::optional<Hierarchy> h = cpu_mount(root, v2);
  std::optional<std::string> path = cgroup_path(root, v2);
  if (!h || !path) return std::nullopt;
  // The mount shows the hierarchy from mount_root down (a container sees its own cgroup as "/").
  std::string relative = *path;
  if (h->mount_root != "/" && relative.starts_with(h->mount_root)) relative.erase(0, h->mount_root.size());
  std::optional<size_t> limit;
  for (std::string dir = relative;; dir = dir.substr(0, dir.rfind('/'))) {
    if (auto cpus = quota_in(root + h->mount_point + dir, v2)) limit = std::min(limit.value_or(*cpus), *cpus);
    if (dir.empty() || dir == "/") break;
  }
  return limit;
}

}  // namespace

size_t affinity_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
  return std::max(1, CPU_COUNT(&set));
}

std::optional<size_t> cgroup_cpu_limit(const std::string& root) {
  if (auto v2 = limit_in(root, true)) return v2;
  return limit_in(root, false);
}

size_t usable_cpus() {
  const size_t cpus = affinity_cpus();
  return std::max<size_t>(1, std::min(cpus, cgroup_cpu_limit().value_or(cpus)));
}

}  // namespace grovectl
