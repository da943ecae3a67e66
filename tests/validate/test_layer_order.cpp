// The input checks run every layer of a document on one thread (check_input_chunk) and merge what they
// found layer by layer: every document's layer-1 findings (kinds, then objects defined twice), then every
// document's schema findings (layer 2), then admission (layer 3), each layer in input order. This is the
// order validate printed when each layer ran over the whole input in turn; the documents below are written
// so that input order and layer order disagree.
#include <catch2/catch.hpp>

#include "validate/input_verdict.hpp"
#include "yaml/reader.hpp"

namespace {

// A JobSet of one replicated job; `job_names` are the replicated jobs' names.
std::string jobset_text(const std::string& name, const std::string& parallelism,
                        const std::vector<std::string>& job_names = {"workers"}) {
  std::string text = "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: " + name +
                     "\n  namespace: team\nspec:\n  replicatedJobs:\n";
  for (const auto& job : job_names) {
    text += "  - name: " + job +
            "\n    replicas: 1\n    template:\n      spec:\n        parallelism: " + parallelism +
            "\n        template:\n          spec:\n            containers:\n            - name: c\n"
            "              image: example.com/c:1\n";
  }
  return text;
}

std::vector<std::string> rules_in_order(const std::string& stream) {
  grovectl::Diagnostics parse_findings;
  const auto docs = grovectl::parse_yaml_stream(stream, "in.yaml", parse_findings);
  REQUIRE(parse_findings.empty());
  grovectl::Diagnostics found;
  grovectl::check_inputs(docs, grovectl::RenderOptions{}, grovectl::InputCheckSettings{}, found);
  std::vector<std::string> rules;
  for (const auto& d : found.items()) rules.push_back(d.rule + " @" + std::to_string(d.location.line));
  return rules;
}

}  // namespace

TEST_CASE("input checks: findings come layer by layer, each layer in input order") {
  // Its second replicated job makes Jobs named a-W-0, not a DNS-1035 label: JobSet's webhook refuses it.
  const std::string admission_error = jobset_text("a", "1", {"w", "W"});
  const std::string schema_error = jobset_text("b", "four");  // parallelism is an integer
  const std::string defined_twice = jobset_text("a", "1");    // the same JobSet as the first
  const std::string wrong_api =
      "apiVersion: jobset.x-k8s.io/v1alpha1\nkind: JobSet\nmetadata:\n  name: c\n  namespace: team\n";
  const std::string stream =
      admission_error + "---\n" + schema_error + "---\n" + defined_twice + "---\n" + wrong_api;
  // Lines, counted by hand: a JobSet is 7 lines and 10 per replicated job, and "---" takes a line. The
  // first document is lines 1-27 (its second job's name on 18), the second 29-45 (parallelism on 40), the
  // third 47-63 (metadata.name on 50), the fourth starts on 65.
  const std::vector<std::string> expected = {
      "input/unknown-api-version @65",  // layer 1, fourth document (its apiVersion)
      "input/duplicate-object @50",     // layer 1, third document (its metadata.name)
      "schema/type @40",                // layer 2, second document (parallelism)
      "jobset/name-length @18",         // layer 3, first document (the second job's name)
  };
  // The same order every time, however the documents fall to the threads.
  for (int run = 0; run < 20; ++run) CHECK(rules_in_order(stream) == expected);
}
