// The pipeline's stages run in the same order for every gang source, whatever its kind: parse, then
// defaults (where --namespace is checked), then the backend from the pods' schedulerName. A source is
// refused at the first stage that fails; what a later stage would report is not. The inputs below each
// carry two errors, the same two for a PodCliqueSet and a JobSet; exit codes from docs/exit-codes.md (usage =
// 2).
#include <catch2/catch.hpp>

#include "support/test_support.hpp"

using namespace grovectl::test;

namespace {

std::string podcliqueset(const std::string& replicas, const std::string& scheduler) {
  return "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: p\n  namespace: team\n"
         "spec:\n  replicas: " +
         replicas +
         "\n  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: w\n        replicas: 1\n"
         "        podSpec:\n          schedulerName: " +
         scheduler + "\n          containers:\n          - name: c\n            image: x\n";
}

std::string jobset(const std::string& replicas, const std::string& scheduler) {
  return "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: j\n  namespace: team\n"
         "spec:\n  replicatedJobs:\n  - name: w\n    replicas: " +
         replicas +
         "\n    template:\n      spec:\n        template:\n          spec:\n            schedulerName: " +
         scheduler + "\n            containers:\n            - name: c\n              image: x\n";
}

// Renders each kind's input with `flags`: the exit code and the one error the first failing stage reports.
void expect_for_both_kinds(const std::string& replicas, const std::string& flags, int exit_code,
                           const std::string& reported) {
  for (const std::string& input : {podcliqueset(replicas, "fake"), jobset(replicas, "fake")}) {
    CommandResult r = run_grovectl("render " + flags + " -f -", input);
    INFO(input << r.err);
    CHECK(r.exit_code == exit_code);
    CHECK(r.err.find(reported) != std::string::npos);
    CHECK(count_occurrences(r.err, ": error: ") == 1);
  }
}

}  // namespace

TEST_CASE("a source that cannot be parsed is refused before its schedulerName is resolved") {
  expect_for_both_kinds("many", "", 1, "[schema/type]");
}

TEST_CASE("a source outside --namespace is refused before its schedulerName is resolved") {
  expect_for_both_kinds("1", "--namespace other", 2,
                        "-:5:3: error: the namespace of the object (team) does not match --namespace other");
}

TEST_CASE("with the first error taken away, the next stage's error is reported") {
  expect_for_both_kinds("1", "", 1, "schedulerName \"fake\" is not a backend grovectl knows");
}

// Issue 15, item 6: an unknown schedulerName was reported at the clique list with the path
// spec.podSpec.schedulerName; it points at the key of the field, with its full, indexed path. Both cliques
// name it: cliques that name different schedulers are Grove's own error (grove/scheduler-name), refused
// first.
TEST_CASE("an unknown schedulerName is reported at its key with the full field path") {
  const std::string pcs =
      "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: p\nspec:\n  replicas: 1\n"
      "  template:\n    cliques:\n"
      "    - name: a\n      spec:\n        roleName: a\n        replicas: 1\n"
      "        podSpec:\n          schedulerName: fake\n          containers:\n          - {name: c, image: "
      "x}\n"
      "    - name: b\n      spec:\n        roleName: b\n        replicas: 1\n"
      "        podSpec:\n          schedulerName: fake\n          containers:\n          - {name: c, image: "
      "x}\n";
  CommandResult r = run_grovectl("render -f -", pcs);
  CHECK(r.exit_code == 1);
  // line 14 ("          schedulerName: fake" of clique a, the first), column 11: the key
  CHECK(r.err.find("-:14:11: error: schedulerName \"fake\" is not a backend grovectl knows") !=
        std::string::npos);
  CHECK(r.err.find("(field: spec.template.cliques[0].spec.podSpec.schedulerName)") != std::string::npos);

  const std::string js =
      "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: j\nspec:\n  replicatedJobs:\n"
      "  - name: w\n    template:\n      spec:\n        template:\n          spec:\n"
      "            schedulerName: fake\n            restartPolicy: Never\n"
      "            containers:\n            - {name: c, image: x}\n";
  r = run_grovectl("render -f -", js);
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("-:12:13: error: schedulerName \"fake\"") != std::string::npos);
  CHECK(r.err.find("(field: spec.replicatedJobs[0].template.spec.template.spec.schedulerName)") !=
        std::string::npos);
}

// Issue 15, item 7: --backend default-scheduler on pod templates that say kai-scheduler gave no word that
// the operator keeps scheduling those pods with KAI (Grove copies the template's schedulerName to its pods).
TEST_CASE("a --backend that differs from a template's schedulerName is a warning at that field") {
  const std::string pcs =
      "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: p\nspec:\n  replicas: 1\n"
      "  template:\n    cliques:\n"
      "    - name: a\n      spec:\n        roleName: a\n        replicas: 1\n"
      "        podSpec:\n          schedulerName: kai-scheduler\n          containers:\n"
      "          - {name: c, image: x}\n";
  CommandResult r = run_grovectl("render --backend default-scheduler -f -", pcs);
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("-:14:11: warning: --backend default-scheduler renders default-scheduler's objects, but "
                   "this pod template sets schedulerName \"kai-scheduler\": its pods are still scheduled by "
                   "kai-scheduler") != std::string::npos);
  CHECK(r.err.find("(field: spec.template.cliques[0].spec.podSpec.schedulerName) "
                   "[render/scheduler-name-differs]") != std::string::npos);
  // The same backend, or no --backend: nothing to say.
  CHECK(run_grovectl("render --backend kai-scheduler -f -", pcs).err.find("scheduler-name-differs") ==
        std::string::npos);
  CHECK(run_grovectl("render -f -", pcs).err.find("scheduler-name-differs") == std::string::npos);
}
