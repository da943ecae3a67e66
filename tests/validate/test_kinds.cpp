// Kinds in the API groups grovectl reads (grove.io, scheduler.grove.io, jobset.x-k8s.io): a kind those groups
// do not serve is an error, as `kubectl apply` refuses it ("no matches for kind"), with the kind meant; a
// kind of any other group is skipped. The served kinds are those of the CRDs at ai-dynamo/grove fcc3b3bb
// (operator/api/core/v1alpha1/crds: ClusterTopologyBinding, PodClique, PodCliqueScalingGroup, PodCliqueSet;
// scheduler/api/core/v1alpha1/crds: PodGang), PodGangMap (ai-dynamo/grove PR #778) and JobSet
// (kubernetes-sigs/jobset config/components/crd/bases). Retired kinds: PodGangSet became PodCliqueSet
// (ai-dynamo/grove PR #186), ClusterTopology became ClusterTopologyBinding (PR #616).
#include <algorithm>
#include <catch2/catch.hpp>

#include "frontend/classify.hpp"
#include "support/test_support.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;
using grovectl::test::run_grovectl;

namespace {

struct Classified {
  InputKind kind;
  SkipReason skipped;
  Diagnostics diags;
};

Classified classify(const std::string& api_version, const std::string& kind) {
  const std::string text = "apiVersion: " + api_version + "\nkind: " + kind + "\nmetadata:\n  name: x\n";
  Diagnostics parse;
  auto docs = parse_yaml_stream(text, "in.yaml", parse);
  REQUIRE(docs.size() == 1);
  Classified out{};
  const ClassifiedDocument c = classify_document(docs[0], KindSelection{}, out.diags);
  out.kind = c.kind;
  out.skipped = c.skipped;
  return out;
}

// The one finding of an unknown kind: rule, message, and its place (line 2, the kind; column 1).
std::string unknown_kind_message(const Classified& c) {
  REQUIRE(c.kind == InputKind::kUnknown);
  REQUIRE(c.diags.items().size() == 1);
  const Diagnostic& d = c.diags.items()[0];
  CHECK(d.rule == "input/unknown-kind");
  CHECK(d.severity == Severity::kError);
  CHECK(d.location.line == 2);
  CHECK(d.location.column == 1);
  CHECK(d.field == "kind");
  return d.message;
}

}  // namespace

TEST_CASE("kinds: a misspelled kind in grovectl's groups is an error naming the kind meant", "[kinds]") {
  // One edit away (a letter added, a letter dropped, case): the nearest served kind of the same group.
  CHECK(unknown_kind_message(classify("grove.io/v1alpha1", "PodCliqueSett")) ==
        "no matches for kind \"PodCliqueSett\" in version \"grove.io/v1alpha1\"; did you mean "
        "\"PodCliqueSet\"?");
  CHECK(unknown_kind_message(classify("jobset.x-k8s.io/v1alpha2", "JobSets")) ==
        "no matches for kind \"JobSets\" in version \"jobset.x-k8s.io/v1alpha2\"; did you mean \"JobSet\"?");
  CHECK(unknown_kind_message(classify("jobset.x-k8s.io/v1alpha2", "Jobset")) ==
        "no matches for kind \"Jobset\" in version \"jobset.x-k8s.io/v1alpha2\"; did you mean \"JobSet\"?");
  CHECK(unknown_kind_message(classify("grove.io/v1alpha1", "PodCliqe")) ==
        "no matches for kind \"PodCliqe\" in version \"grove.io/v1alpha1\"; did you mean \"PodClique\"?");
  CHECK(unknown_kind_message(classify("scheduler.grove.io/v1alpha1", "PodGangs")) ==
        "no matches for kind \"PodGangs\" in version \"scheduler.grove.io/v1alpha1\"; did you mean "
        "\"PodGang\"?");
}

TEST_CASE("kinds: a retired Grove kind names the kind that replaced it and the change", "[kinds]") {
  CHECK(unknown_kind_message(classify("grove.io/v1alpha1", "ClusterTopology")) ==
        "no matches for kind \"ClusterTopology\" in version \"grove.io/v1alpha1\": Grove renamed "
        "ClusterTopology "
        "to ClusterTopologyBinding (ai-dynamo/grove PR #616)");
  CHECK(unknown_kind_message(classify("grove.io/v1alpha1", "PodGangSet")) ==
        "no matches for kind \"PodGangSet\" in version \"grove.io/v1alpha1\": Grove renamed PodGangSet to "
        "PodCliqueSet (ai-dynamo/grove PR #186)");
  // A misspelling of a retired kind points at its replacement.
  CHECK(unknown_kind_message(classify("grove.io/v1alpha1", "ClusterTopolgy")) ==
        "no matches for kind \"ClusterTopolgy\" in version \"grove.io/v1alpha1\"; did you mean "
        "\"ClusterTopologyBinding\"?");
}

TEST_CASE("kinds: nothing close is answered with the group's kinds, or the group that serves it", "[kinds]") {
  CHECK(unknown_kind_message(classify("grove.io/v1alpha1", "Deployment")) ==
        "no matches for kind \"Deployment\" in version \"grove.io/v1alpha1\"; grove.io serves "
        "ClusterTopologyBinding, PodClique, PodCliqueScalingGroup, PodCliqueSet, PodGangMap");
  CHECK(unknown_kind_message(classify("jobset.x-k8s.io/v1alpha2", "PodGang")) ==
        "no matches for kind \"PodGang\" in version \"jobset.x-k8s.io/v1alpha2\"; PodGang is served by "
        "scheduler.grove.io");
}

TEST_CASE("kinds: served kinds grovectl does not read, and other groups, are skipped as before", "[kinds]") {
  for (const auto& [api, kind] : std::vector<std::pair<std::string, std::string>>{
           {"scheduler.grove.io/v1alpha1", "PodGang"},  // Grove's own output
           {"grove.io/v1alpha1", "PodGangMap"},         // written by the operator after PR #778
           {"grove.io/v1alpha1", "PodCliqueSetList"},   // a list kind without items
           {"jobset.x-k8s.io/v1alpha2", "JobSetList"},
           {"v1", "ConfigMap"},                         // core group
           {"scheduling.k8s.io/v1alpha2", "Workload"},  // JobSet's workload-aware-scheduling examples
           {"kueue.x-k8s.io/v1beta1", "LocalQueue"},    // another x-k8s.io group
           {"apiextensions.k8s.io/v1", "CustomResourceDefinition"},
       }) {
    INFO(api << " " << kind);
    const Classified c = classify(api, kind);
    CHECK(c.kind == InputKind::kSkipped);
    CHECK(c.skipped == SkipReason::kOtherKind);
    CHECK(c.diags.empty());
  }
  // --skip-kinds still skips a kind that would be refused.
  Diagnostics parse, diags;
  auto docs = parse_yaml_stream("apiVersion: grove.io/v1alpha1\nkind: PodCliqueSett\n", "in.yaml", parse);
  KindSelection selection;
  selection.skip = {"PodCliqueSett"};
  CHECK(classify_document(docs[0], selection, diags).kind == InputKind::kSkipped);
  CHECK(diags.empty());
}

TEST_CASE("kinds: validate, render and diff refuse a misspelled kind with one message", "[kinds]") {
  // A JobSet of kubernetes-sigs/jobset v0.12.0 site/static/examples/simple/success-policy.yaml next to a
  // misspelled one: the good one does not make the run pass.
  const std::string good = grovectl::test::read_file(
      grovectl::test::testdata("upstream/jobset-v0.12.0/simple-success-policy.yaml"));
  const std::string bad = "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSets\nmetadata:\n  name: typo\n";
  const std::string stream = good + "\n---\n" + bad;
  // The misspelled kind's line: the good document's lines (its last one unterminated, ended by the "\n"
  // added), the separator, the apiVersion line, then the kind.
  const int kind_line = static_cast<int>(std::count(good.begin(), good.end(), '\n')) + 4;
  const std::string expected =
      "-:" + std::to_string(kind_line) +
      ":1: error: no matches for kind \"JobSets\" in version \"jobset.x-k8s.io/v1alpha2\"; "
      "did you mean \"JobSet\"? (field: kind) [input/unknown-kind]";
  auto v = run_grovectl("validate -f -", stream);
  INFO(v.out << v.err);
  CHECK(v.exit_code == 1);
  CHECK(v.out.find(expected) != std::string::npos);
  auto r = run_grovectl("render -f -", stream);
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(r.err.find("grovectl: " + expected) != std::string::npos);
  auto d = run_grovectl("diff -f - --live /dev/null", stream);
  CHECK(d.exit_code == 4);  // an input diff cannot use; 1 is differences only
  CHECK(d.err.find("grovectl: " + expected) != std::string::npos);
}
