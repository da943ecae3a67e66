// grovectl diff --kubectl: a stand-in `kubectl` script on PATH records its arguments and answers like
// `kubectl get ... -o yaml --ignore-not-found` would (read-only; the rendered kinds, listed by the label the
// operator puts on every object of a PodCliqueSet, app.kubernetes.io/part-of (ai-dynamo/grove
// operator/api/common/labels.go), so that stale objects are read too; a kind without such a label whole in
// the namespace; a kubectl failure is exit 3, never 1).
// Pinned to Grove v0.1.0-alpha.11 (--grove-version): these expectations and live captures are of Grove's
// legacy PodGang names, which that release renders (docs/grove-versions.md).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/test_support.hpp"

using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

struct FakeKubectl {
  fs::path dir;
  explicit FakeKubectl(const std::string& body) {
    dir = scratch_root() / ("fake-kubectl-" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::create_directories(dir);
    std::ofstream(dir / "kubectl") << "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" << (dir / "calls.log").string()
                                   << "'\n"
                                   << body << "\n";
    fs::permissions(dir / "kubectl", fs::perms::owner_all);
  }
  ~FakeKubectl() { fs::remove_all(dir); }
  CommandResult diff(const std::string& extra = "") const {
    return run_shell("PATH='" + dir.string() + "':\"$PATH\" NO_COLOR=1 '" + GROVECTL_BINARY +
                     "' diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs.yaml").string() +
                     "' --kubectl " +
                     (extra.find("--include") == std::string::npos ? "--include podgang " : "") + extra);
  }
  std::string calls() const { return read_file(dir / "calls.log"); }
};

}  // namespace

TEST_CASE(
    "diff --kubectl: one read-only get for the rendered kind, by the operator's label, noisy live is no diff",
    "[diff]") {
  FakeKubectl k("cat '" + testdata("diff/live-noisy.yaml").string() + "'");
  auto r = k.diff();
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(k.calls() ==
        "get podgang.v1alpha1.scheduler.grove.io -l app.kubernetes.io/part-of=shop -n team-a -o yaml "
        "--ignore-not-found\n");
}

TEST_CASE("diff --kubectl: --context is passed first", "[diff]") {
  FakeKubectl k("cat '" + testdata("diff/live-noisy.yaml").string() + "'");
  auto r = k.diff("--context prod-eu");
  CHECK(r.exit_code == 0);
  CHECK(k.calls().starts_with("--context prod-eu get podgang.v1alpha1.scheduler.grove.io "));
}

TEST_CASE("diff --kubectl: objects kubectl does not find are added, exit 1", "[diff]") {
  FakeKubectl k("exit 0");  // --ignore-not-found prints nothing for missing objects
  auto r = k.diff();
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.ends_with("+2 added, -0 removed, ~0 changed, 0 unchanged\n"));
}

TEST_CASE("diff --kubectl: a failing kubectl is an error, exit 3", "[diff]") {
  FakeKubectl k("echo 'error: You must be logged in to the server (Unauthorized)' >&2; exit 1");
  auto r = k.diff();
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("Unauthorized") != std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("diff --kubectl: unparseable kubectl output is an error, exit 3", "[diff]") {
  FakeKubectl k("printf 'items: [\\n'");
  CHECK(k.diff().exit_code == 3);
}

TEST_CASE("diff --kubectl: one get per rendered kind and version, in creation order", "[diff]") {
  // The Workload API objects carry no label of the PodCliqueSet (the Workload is grovectl's rendering of
  // GREP-531, which names none), so each kind is listed whole in the namespace. Both calls answer with the
  // whole file: duplicates are compared once.
  FakeKubectl k("cat '" + testdata("diff/live-workload-1.37.yaml").string() + "'");
  auto r = k.diff("--backend default-scheduler --kube-version 1.37 --include scheduler");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(k.calls() ==
        "get workload.v1beta1.scheduling.k8s.io -n team-a -o yaml --ignore-not-found\n"
        "get podgroup.v1beta1.scheduling.k8s.io -n team-a -o yaml --ignore-not-found\n");
  CHECK(r.err.find("appears more than once") != std::string::npos);
}

TEST_CASE("diff --kubectl: pods are listed by the operator's label, not by their stub names", "[diff]") {
  // Real pods are named by generateName (Grove's pod.go), so `get pod NAME` would never find them; the
  // stubs' app.kubernetes.io/part-of label (also pod.go) selects them instead. The fake kubectl answers
  // with the KAI capture (testdata/diff/live/kai.yaml), as `get pod -l ...` on that cluster would.
  FakeKubectl k("cat '" + testdata("diff/live/kai.yaml").string() + "'");
  auto r =
      run_shell("PATH='" + k.dir.string() + "':\"$PATH\" '" + GROVECTL_BINARY +
                "' diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/live/shop.yaml").string() +
                "' --backend kai-scheduler --kubectl --include pods");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "+0 added, -0 removed, ~0 changed, 3 unchanged\n");
  CHECK(k.calls() == "get pod -l app.kubernetes.io/part-of=shop -n team-a -o yaml --ignore-not-found\n");
}

TEST_CASE("diff --kubectl: --kubeconfig is passed to kubectl before --context", "[diff]") {
  FakeKubectl k("cat '" + testdata("diff/live-noisy.yaml").string() + "'");
  auto r = k.diff("--kubeconfig /home/ci/kind.yaml --context kind-a");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(k.calls() ==
        "--kubeconfig /home/ci/kind.yaml --context kind-a get podgang.v1alpha1.scheduler.grove.io -l "
        "app.kubernetes.io/part-of=shop -n team-a -o yaml --ignore-not-found\n");
  // Without --kubectl there is no kubectl to pass it to.
  auto alone = run_grovectl("diff --grove-version v0.1.0-alpha.11 -f '" + testdata("diff/pcs.yaml").string() +
                                "' --live - --kubeconfig x",
                            "");
  CHECK(alone.exit_code == 2);
  CHECK(alone.err.find("--kubeconfig is kubectl's and needs --kubectl") != std::string::npos);
}

TEST_CASE("diff --kubectl: without -n, an input with no namespace uses the context's", "[diff]") {
  // kubectl uses the namespace of the current kubeconfig context when -n is absent; grovectl asks kubectl
  // for it (config view --minify) only when some input sets no namespace. testdata/diff/pcs.yaml is in
  // team-a; the same object without its namespace line lands in the context's namespace team-b.
  fs::path dir = scratch_dir("context-namespace");
  std::string text = read_file(testdata("diff/pcs.yaml"));
  auto at = text.find("  namespace: team-a\n");
  REQUIRE(at != std::string::npos);
  text.erase(at, std::string("  namespace: team-a\n").size());
  std::ofstream(dir / "pcs.yaml") << text;
  FakeKubectl k(R"(case "$*" in
  *"config view"*) printf 'team-b' ;;
esac)");
  auto r = run_shell("PATH='" + k.dir.string() + "':\"$PATH\" '" + GROVECTL_BINARY +
                     "' diff --grove-version v0.1.0-alpha.11 -f '" + (dir / "pcs.yaml").string() +
                     "' --kubectl --kubeconfig /k --include podgang");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);  // the fake cluster has none of them: two objects to add
  CHECK(k.calls() ==
        "--kubeconfig /k config view --minify -o jsonpath={..namespace}\n"
        "--kubeconfig /k get podgang.v1alpha1.scheduler.grove.io -l app.kubernetes.io/part-of=shop -n team-b "
        "-o yaml --ignore-not-found\n");
  // -n wins, and kubectl is not asked.
  FakeKubectl k2("exit 0");
  auto with_n = run_shell("PATH='" + k2.dir.string() + "':\"$PATH\" '" + GROVECTL_BINARY +
                          "' diff --grove-version v0.1.0-alpha.11 -f '" + (dir / "pcs.yaml").string() +
                          "' --kubectl -n team-c --include podgang");
  CHECK(k2.calls().find("config view") == std::string::npos);
  CHECK(k2.calls().find("-n team-c") != std::string::npos);
  // A context without a namespace means "default", as for kubectl.
  FakeKubectl k3("exit 0");
  run_shell("PATH='" + k3.dir.string() + "':\"$PATH\" '" + GROVECTL_BINARY +
            "' diff --grove-version v0.1.0-alpha.11 -f '" + (dir / "pcs.yaml").string() +
            "' --kubectl --include podgang");
  CHECK(k3.calls().find("-n default -o yaml") != std::string::npos);
  // A failing kubectl is exit 3.
  FakeKubectl k4("echo 'error: current-context is not set' >&2; exit 1");
  auto failed = run_shell("PATH='" + k4.dir.string() + "':\"$PATH\" '" + GROVECTL_BINARY +
                          "' diff --grove-version v0.1.0-alpha.11 -f '" + (dir / "pcs.yaml").string() +
                          "' --kubectl --include podgang");
  CHECK(failed.exit_code == 3);
  CHECK(failed.err.find("current-context is not set") != std::string::npos);
  fs::remove_all(dir);
}
