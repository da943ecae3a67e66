// The CPUs a process may use (core/usable_cpus.hpp): its affinity mask and its cgroup's CPU quota, not the
// host's cores. The cgroup files are laid out in a scratch tree in the shapes the kernel documents:
// cgroups(7) for /proc/self/cgroup, proc(5) for /proc/self/mountinfo, Documentation/admin-guide/cgroup-v2.rst
// for cpu.max ("$MAX $PERIOD", "max" for no limit) and cgroup-v1/cfs-bandwidth (cpu.cfs_quota_us -1 for
// none). The mountinfo lines are those of a Docker container (cgroup v2: the container's cgroup seen as "/")
// and of a systemd host with cgroup v1 (the cpu,cpuacct controllers mounted at /sys/fs/cgroup/cpu,cpuacct).
#include <sched.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/parallel.hpp"
#include "core/usable_cpus.hpp"
#include "support/test_support.hpp"

namespace fs = std::filesystem;
using grovectl::cgroup_cpu_limit;

namespace {

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

// A Docker container on cgroup v2: its own cgroup is the root of what it sees.
fs::path container_v2(const std::string& name, const std::string& cpu_max) {
  fs::path root = grovectl::test::scratch_dir(name);
  write(root / "proc/self/cgroup", "0::/\n");
  write(root / "proc/self/mountinfo",
        "560 543 0:27 / /sys/fs/cgroup ro,nosuid,nodev,noexec,relatime - cgroup2 cgroup rw,nsdelegate\n"
        "541 540 0:55 / / rw,relatime - overlay overlay rw,lowerdir=/l,upperdir=/u,workdir=/w\n");
  if (!cpu_max.empty()) write(root / "sys/fs/cgroup/cpu.max", cpu_max);
  return root;
}

}  // namespace

TEST_CASE("usable cpus: a cgroup v2 quota, rounded up to whole CPUs", "[parallel]") {
  // 200000 us per 100000 us period is 2 CPUs (docker --cpus 2); 150000 is 1.5, so 2; 50000 is 0.5, so 1.
  CHECK(cgroup_cpu_limit(container_v2("v2-two", "200000 100000\n").string()) == 2u);
  CHECK(cgroup_cpu_limit(container_v2("v2-one-and-a-half", "150000 100000\n").string()) == 2u);
  CHECK(cgroup_cpu_limit(container_v2("v2-half", "50000 100000\n").string()) == 1u);
  CHECK_FALSE(cgroup_cpu_limit(container_v2("v2-max", "max 100000\n").string()).has_value());
  CHECK_FALSE(cgroup_cpu_limit(container_v2("v2-none", "").string()).has_value());
}

TEST_CASE("usable cpus: the smallest quota on the way up a cgroup v2 hierarchy", "[parallel]") {
  // A host process in /kubepods/pod1/ctr: the pod's quota (3 CPUs) caps the container's (no limit).
  fs::path root = grovectl::test::scratch_dir("v2-nested");
  write(root / "proc/self/cgroup", "0::/kubepods/pod1/ctr\n");
  write(root / "proc/self/mountinfo",
        "35 24 0:30 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw\n");
  write(root / "sys/fs/cgroup/kubepods/pod1/ctr/cpu.max", "max 100000\n");
  write(root / "sys/fs/cgroup/kubepods/pod1/cpu.max", "300000 100000\n");
  write(root / "sys/fs/cgroup/kubepods/cpu.max", "max 100000\n");
  CHECK(cgroup_cpu_limit(root.string()) == 3u);
}

TEST_CASE("usable cpus: a cgroup v1 cpu controller quota", "[parallel]") {
  fs::path root = grovectl::test::scratch_dir("v1");
  write(root / "proc/self/cgroup",
        "12:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc\n");
  write(root / "proc/self/mountinfo",
        "30 25 0:26 / /sys/fs/cgroup/memory rw,nosuid shared:12 - cgroup cgroup rw,memory\n"
        "31 25 0:27 /docker/abc /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:13 - cgroup cgroup "
        "rw,cpu,cpuacct\n");
  // The mount shows /docker/abc as its root: the files are at the mount point itself. 400000/100000 = 4.
  write(root / "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "400000\n");
  write(root / "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000\n");
  CHECK(cgroup_cpu_limit(root.string()) == 4u);
  write(root / "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "-1\n");
  CHECK_FALSE(cgroup_cpu_limit(root.string()).has_value());
}

TEST_CASE("usable cpus: the affinity mask, not the host's cores", "[parallel]") {
  // Pinned to one CPU (as `taskset -c 0` or a cpuset would), the thread may use one CPU.
  cpu_set_t saved;
  REQUIRE(sched_getaffinity(0, sizeof(saved), &saved) == 0);
  cpu_set_t one;
  CPU_ZERO(&one);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &saved)) {
      CPU_SET(cpu, &one);
      break;
    }
  }
  REQUIRE(sched_setaffinity(0, sizeof(one), &one) == 0);
  const size_t pinned = grovectl::affinity_cpus();
  const size_t usable = grovectl::usable_cpus();
  sched_setaffinity(0, sizeof(saved), &saved);
  CHECK(pinned == 1u);
  CHECK(usable == 1u);
  CHECK(grovectl::affinity_cpus() == static_cast<size_t>(CPU_COUNT(&saved)));
}

TEST_CASE("parallel: -j sets how many threads take part", "[parallel]") {
  grovectl::set_parallel_jobs(3);
  CHECK(grovectl::parallel_jobs() == 3u);
  grovectl::set_parallel_jobs(0);
  CHECK(grovectl::parallel_jobs() == grovectl::usable_cpus());
}
