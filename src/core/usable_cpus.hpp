#pragma once
// How many CPUs this process may use: the CPUs of its affinity mask (taskset, a container's cpuset),
// capped by its cgroup's CPU quota (docker --cpus, a Kubernetes CPU limit), never the host's core count.
// std::thread::hardware_concurrency() counts the host's cores: on a 64-core host, a CI container
// limited to 2 CPUs would run 64 threads on them.
#include <cstddef>
#include <optional>
#include <string>

namespace grovectl {

// The CPUs of the calling thread's affinity mask (sched_getaffinity), at least 1.
size_t affinity_cpus();

// The CPU quota of the cgroup the process belongs to, rounded up to whole CPUs (as the JVM and Go's
// runtime count it): the smallest quota on the way from its cgroup up to the hierarchy's mount point.
// cgroup v2: cpu.max ("max 100000" is no limit, "150000 100000" is 1.5 CPUs, so 2). cgroup v1: the
// cpu controller's cpu.cfs_quota_us over cpu.cfs_period_us (quota -1 is no limit). nullopt without a
// quota. `root` is prepended to every path read (/proc/self/cgroup, /proc/self/mountinfo and the
// mount points it names), so that a test can lay out a fake tree; "" reads this machine's.
std::optional<size_t> cgroup_cpu_limit(const std::string& root = "");

// The default parallelism: affinity_cpus() capped by cgroup_cpu_limit().
size_t usable_cpus();

}  // namespace grovectl
