#include "output/object_files.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <unordered_set>

#include "core/regex.hpp"
#include "core/strings.hpp"

namespace grovectl {
namespace fs = std::filesystem;
namespace {

std::string safe_component(const std::string& s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.') ? c : '_';
  return out;
}

// An earlier grovectl output: "<namespace>/<kind>.<group>/<name>.yaml|json", or the older flat
// "NNNN-<kind>-<name>.yaml|json" (so that a directory written by an earlier version can be replaced).
bool looks_like_our_file(const fs::path& relative) {
  static const Regex flat = Regex::known(R"([0-9]{4,}-[a-z0-9_.-]+\.(yaml|json))");
  static const Regex component = Regex::known("[A-Za-z0-9_.-]+");
  static const Regex file = Regex::known(R"([A-Za-z0-9_.-]+\.(yaml|json))");
  std::vector<std::string> parts;
  for (const auto& part : relative) parts.push_back(part.string());
  if (parts.size() == 1) return flat.full_match(parts[0]);
  return parts.size() == 3 && component.full_match(parts[0]) && component.full_match(parts[1]) &&
         file.full_match(parts[2]);
}

// The first entry under `dir` that grovectl did not write (a foreign file, a directory deeper than the
// layout, a link or a device), or empty.
fs::path first_foreign_entry(const fs::path& dir, std::error_code& ec) {
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::error_code type_ec;
    const fs::path relative = it->path().lexically_relative(dir);
    const auto depth = std::distance(relative.begin(), relative.end());
    if (it->is_symlink(type_ec)) return relative;
    if (it->is_directory(type_ec)) {
      if (depth > 2) return relative;
      continue;
    }
    if (!it->is_regular_file(type_ec) || !looks_like_our_file(relative)) return relative;
  }
  return {};
}

// The one temporary directory of a write into `dir`: `.<dir>.grovectl-tmp-<8 hex digits>` beside it, with
// the new files in its `new/` and, while they replace an earlier output, that output in its `old/`. Earlier
// versions wrote `.<dir>.tmp-<hex>` and `.<dir>.old-<hex>` beside it.
constexpr std::string_view kWorkTag = "grovectl-tmp";

fs::path work_path(const fs::path& dir) {
  std::random_device rd;
  return dir.parent_path() / fmt::format(".{}.{}-{:08x}", dir.filename().string(), kWorkTag, rd());
}

// Whether `entry` (a name beside `dir`) is what a write into `dir` leaves while it runs.
bool is_work_name(const std::string& entry, const fs::path& dir) {
  static const Regex suffix = Regex::known("-[0-9a-f]{8}");
  const std::string prefix = "." + dir.filename().string() + ".";
  if (!entry.starts_with(prefix)) return false;
  const std::string rest = entry.substr(prefix.size());
  for (std::string_view tag : {kWorkTag, std::string_view("tmp"), std::string_view("old")}) {
    if (rest.starts_with(tag) && suffix.full_match(rest.substr(tag.size()))) return true;
  }
  return false;
}

// An open directory, locked (flock) while a write uses it: a later run that can take the lock knows that
// the write ended without cleaning up (SIGKILL, a power cut), since a process's locks go with it.
class LockedDirectory {
 public:
  explicit LockedDirectory(const fs::path& path)
      : fd_(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)) {}
  ~LockedDirectory() {
    if (fd_ >= 0) ::close(fd_);
  }
  LockedDirectory(const LockedDirectory&) = delete;
  LockedDirectory& operator=(const LockedDirectory&) = delete;
  // Takes the lock without waiting; false when another process holds it (or the directory did not open).
  bool try_lock() { return fd_ >= 0 && ::flock(fd_, LOCK_EX | LOCK_NB) == 0; }
  // Whether `path` still names the directory that was opened (a cleanup may have removed it meanwhile).
  bool is_at(const fs::path& path) const {
    struct stat opened {
    }, named{};
    return fd_ >= 0 && ::fstat(fd_, &opened) == 0 && ::stat(path.c_str(), &named) == 0 &&
           opened.st_dev == named.st_dev && opened.st_ino == named.st_ino;
  }

 private:
  int fd_;
};

// Creates the temporary directory of a write into `dir` (and `dir`'s missing parents) and locks it.
std::optional<fs::path> make_work_directory(const fs::path& dir, std::unique_ptr<LockedDirectory>& lock,
                                            std::error_code& ec) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    const fs::path work = work_path(dir);
    if (!fs::create_directories(work / "new", ec)) return std::nullopt;
    lock = std::make_unique<LockedDirectory>(work);
    if (lock->try_lock() && lock->is_at(work)) return work;
    // Another run took it for a leftover between its creation and the lock (both start at once): anew.
  }
  ec = std::make_error_code(std::errc::resource_unavailable_try_again);
  return std::nullopt;
}

// While --output-dir is written, SIGINT, SIGTERM and SIGHUP only set a flag: the writer stops at the next
// file, removes its temporary directory (and any parent it created), and the process then dies of the
// same signal, so an interrupted render leaves nothing behind.
volatile std::sig_atomic_t g_pending_signal = 0;

extern "C" void remember_signal(int sig) {
  g_pending_signal = sig;
}

class DeferredSignals {
 public:
  DeferredSignals() {
    struct sigaction sa {};
    sa.sa_handler = remember_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < kSignals.size(); ++i) ::sigaction(kSignals[i], &sa, &previous_[i]);
  }
  ~DeferredSignals() {
    for (size_t i = 0; i < kSignals.size(); ++i) ::sigaction(kSignals[i], &previous_[i], nullptr);
    if (const int sig = g_pending_signal) {
      std::signal(sig, SIG_DFL);
      std::raise(sig);
    }
  }
  DeferredSignals(const DeferredSignals&) = delete;
  DeferredSignals& operator=(const DeferredSignals&) = delete;
  static bool pending() { return g_pending_signal != 0; }

 private:
  static constexpr std::array<int, 3> kSignals{SIGINT, SIGTERM, SIGHUP};
  std::array<struct sigaction, 3> previous_{};
};

// Removes the directory tree it holds when it goes out of scope (a failure, an exception, a signal),
// unless the output was committed.
class TemporaryTree {
 public:
  explicit TemporaryTree(fs::path root) : root_(std::move(root)) {}
  ~TemporaryTree() {
    std::error_code ignore;
    if (!root_.empty()) fs::remove_all(root_, ignore);
  }
  TemporaryTree(const TemporaryTree&) = delete;
  TemporaryTree& operator=(const TemporaryTree&) = delete;
  void keep() { root_.clear(); }

 private:
  fs::path root_;
};

bool write_file_at(int dir, const std::string& name, const std::string& content) {
  int fd = ::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) return false;
  const char* p = content.data();
  size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int saved = errno;
      ::close(fd);
      errno = saved;
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return ::close(fd) == 0;
}

// Creates the directories a file name with '/' needs (a layout such as <namespace>/<kind>/<name>.yaml),
// once each.
bool make_parents_at(int dir, const std::string& name, std::unordered_set<std::string>& made) {
  for (size_t slash = name.find('/'); slash != std::string::npos; slash = name.find('/', slash + 1)) {
    std::string parent = name.substr(0, slash);
    if (!made.insert(parent).second) continue;
    if (::mkdirat(dir, parent.c_str(), 0777) != 0 && errno != EEXIST) return false;
  }
  return true;
}

// Writes every file into `tmp` with plain system calls (no stream per file: 300,000 files in a few
// seconds); stops early, without a message, when a deferred signal is pending.
bool write_all(const fs::path& tmp, const std::vector<std::string>& names,
               const std::vector<std::string>& contents, Diagnostics& diags) {
  int dir = ::open(tmp.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) {
    diags.error("output/io", fmt::format("cannot open {}: {}", tmp.string(), std::strerror(errno)),
                Location{tmp.string()});
    return false;
  }
  std::unordered_set<std::string> made;
  bool ok = true;
  for (size_t i = 0; i < names.size() && ok && !DeferredSignals::pending(); ++i) {
    if (make_parents_at(dir, names[i], made) && write_file_at(dir, names[i], contents[i])) continue;
    std::string file = (tmp / names[i]).string();
    std::string why =
        errno == EEXIST ? "two objects would be written to the same file" : std::strerror(errno);
    diags.error("output/io", fmt::format("cannot write {}: {}", file, why), Location{file});
    ok = false;
  }
  ::close(dir);
  return ok && !DeferredSignals::pending();
}

// The outermost ancestor of `p` (inclusive) that does not exist yet; empty when `p` exists.
fs::path first_missing_ancestor(fs::path p) {
  std::error_code ec;
  fs::path missing;
  while (!p.empty() && !fs::exists(p, ec)) {
    missing = p;
    if (p == p.parent_path()) break;
    p = p.parent_path();
  }
  return missing;
}

// The written files (`work`/new) take the place of `dir`; an earlier output there (`exists`) ends up in
// `work`, which the caller then removes. Exchanged in one rename where the file system can (so `dir` is
// never missing), else the earlier output is moved into `work`/old first.
bool move_into_place(const fs::path& work, const fs::path& dir, bool exists, const std::string& dir_arg,
                     TemporaryTree& temporary, Diagnostics& diags) {
  const fs::path fresh = work / "new";
  if (exists) {
    if (::renameat2(AT_FDCWD, fresh.c_str(), AT_FDCWD, dir.c_str(), RENAME_EXCHANGE) == 0) return true;
    if (errno != EINVAL && errno != ENOSYS) {
      diags.error("output/io", fmt::format("cannot replace {}: {}", dir_arg, std::strerror(errno)),
                  Location{dir_arg});
      return false;
    }
    std::error_code ec;
    fs::rename(dir, work / "old", ec);
    if (ec) {
      diags.error("output/io", fmt::format("cannot replace {}: {}", dir_arg, ec.message()),
                  Location{dir_arg});
      return false;
    }
  }
  std::error_code ec;
  fs::rename(fresh, dir, ec);
  if (!ec) return true;
  diags.error("output/io", fmt::format("cannot move output into {}: {}", dir_arg, ec.message()),
              Location{dir_arg});
  if (exists) {
    std::error_code restore;
    fs::rename(work / "old", dir, restore);
    if (restore) temporary.keep();  // the earlier output stays in `work`/old: the next run puts it back
  }
  return false;
}

}  // namespace

std::vector<std::string> object_file_names(const std::vector<Json>& objects, const std::string& extension) {
  std::vector<std::string> names;
  for (const Json& o : objects) {
    auto text = [](const Json& parent, const char* key) {
      return parent.is_object() && parent.contains(key) && parent[key].is_string()
                 ? parent[key].get<std::string>()
                 : std::string();
    };
    const Json& meta = o.is_object() && o.contains("metadata") ? o["metadata"] : Json();
    std::string ns = text(meta, "namespace");
    std::string kind = text(o, "kind");
    std::string api_version = text(o, "apiVersion");
    std::string group =
        api_version.find('/') == std::string::npos ? "" : api_version.substr(0, api_version.find('/'));
    std::string kind_dir = safe_component(to_lower(kind.empty() ? "object" : kind)) +
                           (group.empty() ? "" : "." + safe_component(group));
    names.push_back(fmt::format("{}/{}/{}.{}", ns.empty() ? "_cluster" : safe_component(ns), kind_dir,
                                safe_component(text(meta, "name")), extension));
  }
  return names;
}

bool write_object_files(const std::string& dir_arg, const std::vector<std::string>& names,
                        const std::vector<std::string>& contents, Diagnostics& diags) {
  std::set<std::string> unique;
  for (const auto& name : names) {
    if (unique.insert(name).second) continue;
    diags.error(
        "output/collision",
        fmt::format("two objects would be written to {} under --output-dir (same namespace, kind, API "
                    "group and name)",
                    name),
        Location{dir_arg});
    return false;
  }
  fs::path dir = fs::absolute(dir_arg).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  std::error_code ec;
  bool exists = fs::exists(dir, ec);
  if (exists) {
    if (!fs::is_directory(dir, ec)) {
      diags.error("output/io", "--output-dir exists and is not a directory", Location{dir_arg});
      return false;
    }
    if (fs::path foreign = first_foreign_entry(dir, ec); !foreign.empty()) {
      diags.error("output/not-ours",
                  fmt::format("--output-dir {} holds {}, which grovectl did not write; choose a new or empty "
                              "directory",
                              dir_arg, foreign.string()),
                  Location{dir_arg});
      return false;
    }
  }
  if (ec) {
    diags.error("output/io", fmt::format("cannot read --output-dir {}: {}", dir_arg, ec.message()),
                Location{dir_arg});
    return false;
  }
  // Missing parents are created, and removed again if anything fails, so a failure leaves nothing new.
  DeferredSignals signals;
  fs::path first_created = first_missing_ancestor(dir.parent_path());
  TemporaryTree created_parents(first_created);
  std::unique_ptr<LockedDirectory> lock;
  const std::optional<fs::path> work = make_work_directory(dir, lock, ec);
  if (!work) {
    diags.error("output/io",
                fmt::format("cannot create a temporary directory beside {}: {}", dir_arg, ec.message()),
                Location{dir_arg});
    return false;
  }
  TemporaryTree temporary(*work);  // everything of this write is in it: removing it undoes the write
  if (!write_all(*work / "new", names, contents, diags)) return false;
  if (!move_into_place(*work, dir, exists, dir_arg, temporary, diags)) return false;
  created_parents.keep();
  return true;
}

std::vector<std::string> remove_interrupted_writes(const std::string& dir_arg, Diagnostics& diags) {
  std::vector<std::string> removed;
  fs::path dir = fs::absolute(dir_arg).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  std::error_code ec;
  std::vector<fs::path> leftovers;
  for (auto it = fs::directory_iterator(dir.parent_path(), ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    std::error_code type_ec;
    if (is_work_name(it->path().filename().string(), dir) && it->is_directory(type_ec) &&
        !it->is_symlink(type_ec))
      leftovers.push_back(it->path());
  }
  std::sort(leftovers.begin(), leftovers.end());
  for (const fs::path& leftover : leftovers) {
    LockedDirectory lock(leftover);
    if (!lock.try_lock()) continue;  // a render writing right now
    // Stopped between moving the earlier output aside and the new one into place: the earlier one returns
    // (an earlier version moved it to `.<dir>.old-<hex>` itself).
    const bool moved_aside = leftover.filename().string().find(".old-") != std::string::npos;
    const fs::path earlier = moved_aside ? leftover : leftover / "old";
    std::error_code restore_ec;
    const bool restored = fs::is_directory(earlier, restore_ec) && !fs::exists(dir, restore_ec) &&
                          (fs::rename(earlier, dir, restore_ec), !restore_ec);
    std::error_code remove_ec;
    if (!(restored && moved_aside)) fs::remove_all(leftover, remove_ec);
    if (remove_ec) {
      diags.warning("output/interrupted-write",
                    fmt::format("cannot remove {}, left by an interrupted render: {}", leftover.string(),
                                remove_ec.message()),
                    Location{leftover.string()});
      continue;
    }
    removed.push_back(leftover.string());
    diags.warning("output/interrupted-write",
                  fmt::format("{} {}, which an interrupted render into {} left{}",
                              restored && moved_aside ? "moved back" : "removed", leftover.string(), dir_arg,
                              restored ? "; the output it was replacing is back in place" : ""),
                  Location{leftover.string()});
  }
  return removed;
}

}  // namespace grovectl
