#include "input/directory_walk.hpp"

#include <dirent.h>
#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <utility>

#include "input/file_reading.hpp"

namespace grovectl {
namespace {

using DirectoryId = std::pair<dev_t, ino_t>;

std::string join_path(const std::string& dir, const char* name) {
  return dir.empty() || dir.back() == '/' ? dir + name : dir + "/" + name;
}

bool is_regular_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// A directory to read, and the Chart.yaml whose templates it holds ("" outside a chart's templates).
struct PendingDirectory {
  std::string path;
  std::string chart;
};

class Walk {
 public:
  Walk(const std::vector<Regex>& ignore, Diagnostics& diags, const WalkOptions& more)
      : ignore_(ignore), diags_(diags), more_(more) {}

  std::vector<std::string> run(const std::string& root) {
    struct stat st {};
    if (::stat(root.c_str(), &st) == 0) visited_.insert({st.st_dev, st.st_ino});
    pending_.push_back({root, ""});
    while (!pending_.empty()) {
      PendingDirectory dir = std::move(pending_.back());
      pending_.pop_back();
      read_directory(dir);
    }
    if (more_.skipped) {
      std::sort(templates_.begin(), templates_.end(), [](const SkippedFile& a, const SkippedFile& b) {
        return std::filesystem::path(a.file) < b.file;
      });
      more_.skipped->insert(more_.skipped->end(), templates_.begin(), templates_.end());
    }
    std::vector<std::pair<std::filesystem::path, std::string>> sorted;
    sorted.reserve(files_.size());
    for (auto& f : files_) sorted.emplace_back(std::filesystem::path(f), std::move(f));
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::string> out;
    out.reserve(sorted.size());
    for (auto& [p, f] : sorted) out.push_back(std::move(f));
    return out;
  }

 private:
  void read_directory(const PendingDirectory& dir) {
    DIR* d = ::opendir(dir.path.c_str());
    if (!d) {
      diags_.error("input/io", fmt::format("cannot read directory: {}", std::strerror(errno)),
                   Location{dir.path});
      return;
    }
    // helm create's layout: Chart.yaml, values.yaml and templates/ side by side.
    const std::string chart = join_path(dir.path, "Chart.yaml");
    const bool is_chart = dir.chart.empty() && is_regular_file(chart);
    while (const dirent* e = ::readdir(d)) {
      if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
      const bool templates = is_chart && std::strcmp(e->d_name, "templates") == 0;
      visit(join_path(dir.path, e->d_name), e->d_name, templates ? chart : dir.chart);
    }
    ::closedir(d);
  }

  bool ignored(const std::string& path) const {
    return std::any_of(ignore_.begin(), ignore_.end(),
                       [&](const Regex& re) { return re.search(path); }) ||
           (more_.leave_out && more_.leave_out(path));
  }

  void visit(const std::string& path, const std::string& name, const std::string& chart) {
    if (ignored(path)) return;
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return;  // removed meanwhile
    const bool is_link = S_ISLNK(st.st_mode);
    if (is_link && ::stat(path.c_str(), &st) != 0) {
      if (has_manifest_extension(name)) {
        diags_.error("input/io",
                     errno == ELOOP ? "symbolic link loop (the link resolves to itself)"
                                    : fmt::format("dangling symbolic link: {}", std::strerror(errno)),
                     Location{path});
      }
      return;
    }
    if (S_ISDIR(st.st_mode)) {
      if (name.front() == '.') return;  // hidden: .git, .github, ...
      if (!visited_.insert({st.st_dev, st.st_ino}).second) {
        if (is_link) {
          diags_.warning("input/io",
                         "skipped: a symbolic link to a directory that is already read (a loop, or a second "
                         "link to it)",
                         Location{path});
        }
        return;
      }
      pending_.push_back({path, chart});
      return;
    }
    if (!has_manifest_extension(name)) return;
    if (!chart.empty()) {
      templates_.push_back(
          {path, "Helm chart template",
           fmt::format("a template of the Helm chart {} (Go template text, not YAML until helm "
                       "renders it): validate what `helm template` prints, e.g. "
                       "`helm template CHART | grovectl validate -f -`",
                       chart)});
      return;
    }
    if (S_ISREG(st.st_mode)) {
      files_.push_back(path);
      return;
    }
    diags_.error("input/io",
                 fmt::format("is {}; inside a directory grovectl reads regular files only (give it to -f by "
                             "name to read it)",
                             special_file_kind(st.st_mode)),
                 Location{path});
  }

  const std::vector<Regex>& ignore_;
  Diagnostics& diags_;
  const WalkOptions& more_;
  std::set<DirectoryId> visited_;
  std::vector<PendingDirectory> pending_;
  std::vector<std::string> files_;
  std::vector<SkippedFile> templates_;
};

}  // namespace

bool has_manifest_extension(const std::string& name) {
  std::string ext = std::filesystem::path(name).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

std::vector<std::string> manifest_files_under(const std::string& dir, const std::vector<Regex>& ignore,
                                              Diagnostics& diags, const WalkOptions& more) {
  return Walk(ignore, diags, more).run(dir);
}

}  // namespace grovectl
