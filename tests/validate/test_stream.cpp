// validate reads its inputs as a stream, a chunk of documents at a time (issue 18: memory that does not
// grow with the number of documents). The report must not depend on where chunks end: for every chunk size
// the four formats are byte for byte the report of the whole input checked at once. The inputs are shaped
// like what CI meets: the validate corpus (testdata/validate: one Grove, JobSet or capability finding per
// file), a helm template stream (testdata/ci), a kubectl get -o yaml List of PodCliqueSets, the same object
// twice, a ClusterTopologyBinding that comes after the PodCliqueSets that need it, and a YAML syntax error
// after the last document of a file (the reader reports it only once it has handed that document over).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "cli/selectors.hpp"
#include "workflow/validate_passes.hpp"
#include "support/repo_tree.hpp"
#include "support/test_support.hpp"
#include "validate/report/formats.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

std::string as_list_of_podcliquesets() {
  std::string out = "apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: \"\"\nitems:\n";
  for (const char* name : {"listed-a", "listed-b"}) {
    std::istringstream pcs(small_podcliqueset(name));
    std::string line;
    bool first = true;
    while (std::getline(pcs, line)) {
      if (line == "---" || line.empty()) continue;
      out += (first ? "- " : "  ") + line + "\n";
      first = false;
    }
  }
  return out;
}

fs::path write_stream_inputs() {
  const fs::path dir = scratch_dir("validate-stream");
  std::ofstream(dir / "list.yaml") << as_list_of_podcliquesets();
  std::ofstream stream(dir / "stream.yaml");
  for (int i = 0; i < 9; ++i)
    stream << "---\n"
           << (i % 3 ? small_podcliqueset("svc-" + std::to_string(i))
                     : topology_podcliqueset("topo-" + std::to_string(i)));
  stream << "---\n" << small_podcliqueset("svc-1");  // defined twice
  stream << "---\napiVersion: grove.io/v1alpha1\nkind: ClusterTopologyBinding\nmetadata:\n  name: "
            "grove-topology\n"
            "spec:\n  levels:\n  - domain: zone\n    key: topology.kubernetes.io/zone\n";
  stream.close();
  std::ofstream(dir / "trailing-error.yaml") << small_podcliqueset("last") << "---\nkind: [unclosed\n";
  return dir;
}

SelectorFlags flags_for(const std::vector<std::string>& files) {
  CLI::App app;
  SelectorFlags flags;
  add_selector_flags(app, flags);
  std::vector<std::string> args{"validate"};
  for (const auto& f : files) args.insert(args.end(), {"-f", f});
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  app.parse(static_cast<int>(argv.size()), argv.data());
  return flags;
}

std::string streamed_report(const SelectorFlags& flags, ReportFormat format, size_t documents_per_chunk) {
  Diagnostics usage, load;
  const auto options = make_render_options(flags, usage);
  REQUIRE(options);
  const TemplateSet templates;
  std::ostringstream out;
  auto writer = make_report_writer(format, out);
  ValidationStream stream(*options, templates, ValidateSettings{}, *writer, documents_per_chunk);
  run_validation_passes(flags, input_load_options(flags), {"test", options->kube_version.text(), "", "", ""},
                        Templates::kUsable, load, stream);
  return out.str();
}

}  // namespace

TEST_CASE("validate stream: the report does not depend on where chunks end", "[validate][stream]") {
  const fs::path dir = write_stream_inputs();
  const SelectorFlags flags =
      flags_for({(dir / "list.yaml").string(), testdata("validate").string(),
                 testdata("ci/helm-template-stream.yaml").string(), (dir / "stream.yaml").string(),
                 (dir / "trailing-error.yaml").string()});
  for (ReportFormat format : {ReportFormat::kText, ReportFormat::kJson, ReportFormat::kJunit,
                              ReportFormat::kGithub, ReportFormat::kSarif, ReportFormat::kTap}) {
    const std::string whole = streamed_report(flags, format, ValidationStream::kWholeInput);
    for (size_t chunk : {1, 2, 3, 7, 64}) {
      INFO("format " << static_cast<int>(format) << ", " << chunk << " documents per chunk");
      CHECK(streamed_report(flags, format, chunk) == whole);
    }
  }
}

TEST_CASE("validate stream: what the shaped inputs hold is reported where it belongs", "[validate][stream]") {
  const fs::path dir = write_stream_inputs();
  const SelectorFlags flags = flags_for(
      {(dir / "list.yaml").string(), (dir / "stream.yaml").string(), (dir / "trailing-error.yaml").string()});
  const std::string text = streamed_report(flags, ReportFormat::kText, 2);
  // The second svc-1 names the first.
  CHECK_THAT(text, Catch::Contains("PodCliqueSet default/svc-1 is defined twice across the inputs"));
  // The binding at the end makes "zone" a known domain for the PodCliqueSets before it: Grove's topology
  // rules find nothing (without it: grove/topology-disabled), only the 1.37 feature gate is missing.
  CHECK_THAT(text, !Catch::Contains("[grove/topology"));
  CHECK(count_occurrences(text, "[capability/topology-gate]") == 3);
  // The syntax error after the last PodCliqueSet of trailing-error.yaml.
  CHECK_THAT(text, Catch::Contains("trailing-error.yaml:") && Catch::Contains("[yaml/syntax]"));
  CHECK_THAT(text, Catch::Contains("Summary: 14 documents found in 3 files"));
}
