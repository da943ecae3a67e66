#include "diff/kubectl_source.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <tuple>

#include "core/json_member.hpp"
#include "diff/object_key.hpp"
#include "input/loader.hpp"

extern char** environ;

namespace grovectl::diff {
namespace {

constexpr size_t kValuesPerCall = 200;  // keeps a label selector, and argv, far below ARG_MAX

std::string resource_arg(const Json& object) {
  std::string kind = object_key(object).kind;
  std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return std::tolower(c); });
  std::string group = api_group(object);
  if (group.empty()) return kind;  // core group: the kind alone
  return kind + "." + api_version(object) + "." + group;
}

// The label its controller stamps on every object of a source, and its value: Grove's operator puts
// app.kubernetes.io/part-of: <PodCliqueSet> on PodGangMaps, PodGangs, pods, and KAI and Volcano copy it
// onto their PodGroups (ai-dynamo/grove operator/api/common/labels.go, PR #778 podgangmap.go,
// operator/internal/scheduler/{kai,volcano}/backend.go); the JobSet controller puts
// jobset.sigs.k8s.io/jobset-name on Jobs and pods (kubernetes-sigs/jobset api/jobset/v1alpha2).
std::pair<std::string, std::string> listing_label(const Json& object) {
  for (const char* key : {"app.kubernetes.io/part-of", "jobset.sigs.k8s.io/jobset-name"}) {
    std::string value = label_at(object, key);
    if (!value.empty()) return {key, value};
  }
  return {};
}

// key=value for one value, key in (a,b) for several (kubectl's set-based selector).
std::string selector(const std::string& key, const std::vector<std::string>& values, size_t from, size_t to) {
  if (to - from == 1) return key + "=" + values[from];
  std::string out = key + " in (";
  for (size_t i = from; i < to; ++i) out += (i == from ? "" : ",") + values[i];
  return out + ")";
}

struct Output {
  int status = -1;
  std::string out;
  std::string err;
};

std::string read_all(int fd) {
  std::string data;
  char buf[65536];
  ssize_t n;
  while ((n = read(fd, buf, sizeof buf)) > 0) data.append(buf, static_cast<size_t>(n));
  return data;
}

// Runs argv directly (no shell); stdout through a pipe, stderr into an unlinked temp file.
Output run(const std::vector<std::string>& argv) {
  Output result;
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return result;
  char err_template[] = "/tmp/grovectl-kubectl-XXXXXX";
  int err_fd = mkstemp(err_template);
  if (err_fd < 0) return result;
  unlink(err_template);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_fd, STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  if (rc != 0) {
    close(pipe_fds[0]);
    close(err_fd);
    result.err = fmt::format("cannot run {}: {}", argv[0], std::strerror(rc));
    return result;
  }
  result.out = read_all(pipe_fds[0]);
  close(pipe_fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  lseek(err_fd, 0, SEEK_SET);
  result.err = read_all(err_fd);
  close(err_fd);
  return result;
}

std::string shown_command(const std::vector<std::string>& argv) {
  std::string shown;
  for (const auto& a : argv) shown += (shown.empty() ? "" : " ") + a;
  return shown;
}

void report_failure(const std::string& shown, const Output& r, Diagnostics& diags) {
  std::string err = r.err;
  while (!err.empty() && (err.back() == '\n' || err.back() == ' ')) err.pop_back();
  diags.error("live/kubectl", fmt::format("`{}` failed (exit {}): {}", shown, r.status, err));
}

}  // namespace

std::vector<std::string> kubectl_cluster_args(const KubectlOptions& options) {
  std::vector<std::string> args;
  if (!options.kubeconfig.empty()) args.insert(args.end(), {"--kubeconfig", options.kubeconfig});
  if (!options.context.empty()) args.insert(args.end(), {"--context", options.context});
  return args;
}

std::optional<std::string> current_namespace(const KubectlOptions& options, Diagnostics& diags) {
  std::vector<std::string> argv{options.program};
  for (auto& a : kubectl_cluster_args(options)) argv.push_back(std::move(a));
  argv.insert(argv.end(), {"config", "view", "--minify", "-o", "jsonpath={..namespace}"});
  Output r = run(argv);
  if (r.status != 0) {
    report_failure(shown_command(argv), r, diags);
    return std::nullopt;
  }
  std::string ns = r.out;
  while (!ns.empty() && (ns.back() == '\n' || ns.back() == ' ')) ns.pop_back();
  return ns.empty() ? "default" : ns;
}

std::vector<std::vector<std::string>> kubectl_get_calls(const std::vector<Json>& objects,
                                                        const KubectlOptions& options) {
  // Per (resource, namespace): the label keys and their values, in the order of the objects; a resource
  // of which some object has no such label is listed whole in the namespace, once.
  struct Listing {
    std::vector<std::pair<std::string, std::vector<std::string>>> labels;  // key -> values
    bool whole = false;
  };
  using Where = std::pair<std::string, std::string>;
  std::map<Where, Listing> listings;
  std::vector<Where> order;
  for (const auto& o : objects) {
    Where where{resource_arg(o), object_key(o).ns};
    auto [it, inserted] = listings.try_emplace(where);
    if (inserted) order.push_back(where);
    Listing& l = it->second;
    // Named, not a structured binding: clang before 16 refuses a lambda that captures one (C++20 allows it).
    const std::pair<std::string, std::string> label = listing_label(o);
    const std::string& key = label.first;
    const std::string& value = label.second;
    if (key.empty()) {
      l.whole = true;
      continue;
    }
    auto values =
        std::find_if(l.labels.begin(), l.labels.end(), [&](const auto& kv) { return kv.first == key; });
    if (values == l.labels.end()) values = l.labels.insert(l.labels.end(), {key, {}});
    if (std::find(values->second.begin(), values->second.end(), value) == values->second.end())
      values->second.push_back(value);
  }
  std::vector<std::vector<std::string>> calls;
  auto call = [&](const Where& where, const std::string& selector_text) {
    std::vector<std::string> args = kubectl_cluster_args(options);
    args.insert(args.end(), {"get", where.first});
    if (!selector_text.empty()) args.insert(args.end(), {"-l", selector_text});
    if (!where.second.empty()) args.insert(args.end(), {"-n", where.second});
    args.insert(args.end(), {"-o", "yaml", "--ignore-not-found"});
    calls.push_back(std::move(args));
  };
  for (const auto& where : order) {
    const Listing& l = listings[where];
    if (l.whole) {
      call(where, "");
      continue;
    }
    for (const auto& [key, values] : l.labels) {
      for (size_t start = 0; start < values.size(); start += kValuesPerCall)
        call(where, selector(key, values, start, std::min(values.size(), start + kValuesPerCall)));
    }
  }
  return calls;
}

std::vector<SourceDocument> fetch_live_objects(const std::vector<Json>& objects,
                                               const KubectlOptions& options, Diagnostics& diags) {
  std::vector<SourceDocument> docs;
  for (const auto& args : kubectl_get_calls(objects, options)) {
    std::vector<std::string> argv{options.program};
    argv.insert(argv.end(), args.begin(), args.end());
    std::string shown = shown_command(argv);
    Output r = run(argv);
    if (r.status != 0 && r.err.find("the server doesn't have a resource type") != std::string::npos) {
      // A kind the cluster does not serve (its CRD is not installed: PodGangMaps before Grove
      // v0.1.0-alpha.13, a scheduler that is not there) has no live objects.
      diags.warning("live/kind-not-served",
                    fmt::format("the cluster does not serve {} (`{}`: no such resource type); none are live",
                                args[kubectl_cluster_args(options).size() + 1], shown));
      continue;
    }
    if (r.status != 0) {
      report_failure(shown, r, diags);
      return {};
    }
    Diagnostics parsed;
    auto got = load_text(r.out, "`" + shown + "`", parsed);
    for (auto d : parsed.items()) {
      if (d.severity == Severity::kError) d.rule = "live/kubectl";  // kubectl's output, not the user's input
      diags.add(std::move(d));
    }
    if (diags.has_errors()) return {};
    for (auto& d : got) docs.push_back(std::move(d));
  }
  return docs;
}

}  // namespace grovectl::diff
