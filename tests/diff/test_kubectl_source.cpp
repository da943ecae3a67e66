// grovectl diff --kubectl: a stand-in `kubectl` script on PATH records its arguments and answers like
// `kubectl get ... -o yaml --ignore-not-found` would (DESIGN §7: read-only, exactly the rendered kinds and
// names; NotFound is a missing object, not an error; a kubectl failure is exit 3, never 1).
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
    dir = fs::temp_directory_path() / ("grovectl-fake-kubectl-" + std::to_string(::getpid()) + "-" +
                                       std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::create_directories(dir);
    std::ofstream(dir / "kubectl") << "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" << (dir / "calls.log").string()
                                   << "'\n"
                                   << body << "\n";
    fs::permissions(dir / "kubectl", fs::perms::owner_all);
  }
  ~FakeKubectl() { fs::remove_all(dir); }
  CommandResult diff(const std::string& extra = "") const {
    return run_shell("PATH='" + dir.string() + "':\"$PATH\" NO_COLOR=1 '" + GROVECTL_BINARY + "' diff -f '" +
                     testdata("diff/pcs.yaml").string() + "' --kubectl " +
                     (extra.find("--include") == std::string::npos ? "--include podgang " : "") + extra);
  }
  std::string calls() const { return read_file(dir / "calls.log"); }
};

}  // namespace

TEST_CASE("diff --kubectl: one read-only get for the rendered kind and names; noisy live is no diff",
          "[diff]") {
  FakeKubectl k("cat '" + testdata("diff/live-noisy.yaml").string() + "'");
  auto r = k.diff();
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(k.calls() ==
        "get podgang.v1alpha1.scheduler.grove.io shop-0 shop-0-sg-0 -n team-a -o yaml --ignore-not-found\n");
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
  // Both calls answer with the whole list, as a namespace-wide get would: duplicates are compared once.
  FakeKubectl k("cat '" + testdata("diff/live-workload-1.37.yaml").string() + "'");
  auto r = k.diff("--backend default-scheduler --kube-version 1.37 --include scheduler");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(k.calls() ==
        "get workload.v1beta1.scheduling.k8s.io shop-0 shop-0-sg-0 -n team-a -o yaml --ignore-not-found\n"
        "get podgroup.v1beta1.scheduling.k8s.io shop-0-shop-0-leader shop-0-shop-0-sg-0-worker "
        "shop-0-sg-0-shop-0-sg-1-worker -n team-a -o yaml --ignore-not-found\n");
  CHECK(r.err.find("appears more than once") != std::string::npos);
}

TEST_CASE("diff --kubectl: pods are listed by the operator's label, not by their stub names", "[diff]") {
  // Real pods are named by generateName (grove.md §4.1), so `get pod NAME` would never find them; the
  // stubs' app.kubernetes.io/part-of label (grove.md §4.5) selects them instead. The fake kubectl answers
  // with the KAI capture (testdata/diff/live/kai.yaml), as `get pod -l ...` on that cluster would.
  FakeKubectl k("cat '" + testdata("diff/live/kai.yaml").string() + "'");
  auto r = run_shell("PATH='" + k.dir.string() + "':\"$PATH\" '" + GROVECTL_BINARY + "' diff -f '" +
                     testdata("diff/live/shop.yaml").string() +
                     "' --backend kai-scheduler --kubectl --include pods");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "+0 added, -0 removed, ~0 changed, 3 unchanged\n");
  CHECK(k.calls() == "get pod -l app.kubernetes.io/part-of=shop -n team-a -o yaml --ignore-not-found\n");
}
