#include "output/object_files.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <random>
#include <regex>
#include <unordered_set>

namespace grovectl {
namespace fs = std::filesystem;
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string safe_component(const std::string& s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.') ? c : '_';
  return out;
}

bool looks_like_our_output(const fs::path& p) {
  static const std::regex re("[0-9]{4,}-[a-z0-9_.-]+\\.(yaml|json)");
  return std::regex_match(p.filename().string(), re);
}

fs::path sibling_temp(const fs::path& dir, const char* tag) {
  std::random_device rd;
  return dir.parent_path() / fmt::format(".{}.{}-{:08x}", dir.filename().string(), tag, rd());
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

}  // namespace

std::vector<std::string> object_file_names(const std::vector<Json>& objects, const std::string& extension) {
  std::vector<std::string> names;
  int width = std::max<int>(4, std::to_string(objects.size()).size());
  for (size_t i = 0; i < objects.size(); ++i) {
    const Json& o = objects[i];
    std::string kind = o.contains("kind") && o["kind"].is_string() ? o["kind"].get<std::string>() : "object";
    std::string name;
    if (o.contains("metadata") && o["metadata"].is_object() && o["metadata"].contains("name") &&
        o["metadata"]["name"].is_string()) {
      name = o["metadata"]["name"].get<std::string>();
    }
    names.push_back(fmt::format("{:0{}}-{}-{}.{}", i + 1, width, safe_component(lower(kind)),
                                safe_component(name), extension));
  }
  return names;
}

bool write_object_files(const std::string& dir_arg, const std::vector<std::string>& names,
                        const std::vector<std::string>& contents, Diagnostics& diags) {
  fs::path dir = fs::absolute(dir_arg).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  std::error_code ec;
  bool exists = fs::exists(dir, ec);
  if (exists) {
    if (!fs::is_directory(dir, ec)) {
      diags.error("output/io", "--output-dir exists and is not a directory", Location{dir_arg});
      return false;
    }
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      std::error_code type_ec;
      if (!entry.is_regular_file(type_ec) || !looks_like_our_output(entry.path())) {
        diags.error(
            "output/not-ours",
            fmt::format("--output-dir {} holds {}, which grovectl did not write; choose a new or empty "
                        "directory",
                        dir_arg, entry.path().filename().string()),
            Location{dir_arg});
        return false;
      }
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
  fs::path tmp = sibling_temp(dir, "tmp");
  if (!fs::create_directories(tmp, ec)) {
    diags.error("output/io", fmt::format("cannot create {}: {}", tmp.string(), ec.message()),
                Location{dir_arg});
    return false;
  }
  TemporaryTree temporary(tmp);
  if (!write_all(tmp, names, contents, diags)) return false;
  fs::path old = sibling_temp(dir, "old");
  if (exists) {
    fs::rename(dir, old, ec);
    if (ec) {
      diags.error("output/io", fmt::format("cannot replace {}: {}", dir_arg, ec.message()),
                  Location{dir_arg});
      return false;
    }
  }
  TemporaryTree previous(exists ? old : fs::path());
  fs::rename(tmp, dir, ec);
  if (ec) {
    diags.error("output/io", fmt::format("cannot move output into {}: {}", dir_arg, ec.message()),
                Location{dir_arg});
    if (exists) {
      std::error_code restore;
      fs::rename(old, dir, restore);
      if (restore) previous.keep();  // the earlier output stays in `old` rather than being lost
    }
    return false;
  }
  temporary.keep();
  created_parents.keep();
  return true;
}

}  // namespace grovectl
