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

#include "diff/object_key.hpp"
#include "input/loader.hpp"

extern char** environ;

namespace grovectl::diff {
namespace {

constexpr size_t kNamesPerCall = 200;  // keeps argv far below ARG_MAX

std::string resource_arg(const Json& object) {
  std::string kind = object_key(object).kind;
  std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return std::tolower(c); });
  std::string group = api_group(object);
  if (group.empty()) return kind;  // core group: the kind alone
  return kind + "." + api_version(object) + "." + group;
}

// Real pods are named by generateName, so pod stubs are fetched by the labels their controller sets
// (grove.md §4.5 app.kubernetes.io/part-of; jobset.md §2 jobset.sigs.k8s.io/jobset-name).
std::string pod_selector(const Json& object) {
  ObjectKey k = object_key(object);
  if (k.kind != "Pod" || !k.group.empty()) return "";
  const Json* labels = nullptr;
  if (object.contains("metadata") && object["metadata"].is_object() && object["metadata"].contains("labels"))
    labels = &object["metadata"]["labels"];
  if (!labels || !labels->is_object()) return "";
  for (const char* key : {"app.kubernetes.io/part-of", "jobset.sigs.k8s.io/jobset-name"}) {
    auto it = labels->find(key);
    if (it != labels->end() && it->is_string()) return std::string(key) + "=" + it->get<std::string>();
  }
  return "";
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
  // (resource, ns, selector) -> names; a selector (pods) lists by label instead of by name.
  using Call = std::tuple<std::string, std::string, std::string>;
  std::map<Call, std::vector<std::string>> groups;
  std::vector<Call> order;
  for (const auto& o : objects) {
    ObjectKey k = object_key(o);
    auto id = Call{resource_arg(o), k.ns, pod_selector(o)};
    auto [it, inserted] = groups.try_emplace(id);
    if (inserted) order.push_back(id);
    if (std::get<2>(id).empty() &&
        std::find(it->second.begin(), it->second.end(), k.name) == it->second.end())
      it->second.push_back(k.name);
  }
  std::vector<std::vector<std::string>> calls;
  for (const auto& id : order) {
    const auto& [resource, ns, selector] = id;
    const auto& names = groups[id];
    for (size_t start = 0; start < std::max<size_t>(names.size(), 1); start += kNamesPerCall) {
      std::vector<std::string> args = kubectl_cluster_args(options);
      args.insert(args.end(), {"get", resource});
      if (!selector.empty()) args.insert(args.end(), {"-l", selector});
      for (size_t i = start; i < std::min(names.size(), start + kNamesPerCall); ++i) args.push_back(names[i]);
      if (!ns.empty()) args.insert(args.end(), {"-n", ns});
      args.insert(args.end(), {"-o", "yaml", "--ignore-not-found"});
      calls.push_back(std::move(args));
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
