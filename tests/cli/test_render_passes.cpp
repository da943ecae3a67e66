// render reads an input beyond a few MiB twice, a chunk of documents at a time, instead of holding it whole
// (issue 18: memory that does not grow with the input). The objects must not depend on where chunks end:
// for every chunk size they are, in order, those of the whole input rendered at once. The inputs are shaped
// like a monorepo's stream: many small PodCliqueSets, some of which need a ClusterTopologyBinding that comes
// last; many copies of a JobSet every backend accepts (testdata/jobset/queued.yaml); both kinds in one
// stream (handed back: a render emits every PodCliqueSet's objects before any JobSet's); and a finding at
// the end (handed back, whole, for the usual report).
#include <catch2/catch.hpp>
#include <fstream>

#include "cli/render_passes.hpp"
#include "cli/selectors.hpp"
#include "render/pipeline.hpp"
#include "support/repo_tree.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

const char* kBinding =
    "---\napiVersion: grove.io/v1alpha1\nkind: ClusterTopologyBinding\nmetadata:\n  name: grove-topology\n"
    "spec:\n  levels:\n  - domain: zone\n    key: topology.kubernetes.io/zone\n";

std::string podcliqueset_stream() {
  std::string out;
  for (int i = 0; i < 9; ++i)
    out += "---\n" + (i % 3 ? small_podcliqueset("svc-" + std::to_string(i))
                            : topology_podcliqueset("topo-" + std::to_string(i)));
  return out + kBinding;
}

std::string jobset_stream() {
  const std::string queued = read_file(testdata("jobset/queued.yaml"));
  std::string out;
  for (int i = 0; i < 7; ++i) {
    std::string copy = queued;
    copy.replace(copy.find("name: queued"), 12, "name: queued-" + std::to_string(i));
    out += "---\n" + copy;
  }
  return out;
}

std::string write(const std::string& name, const std::string& text) {
  static const fs::path dir = scratch_dir("render-passes");  // one directory for every file of this run
  const fs::path path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

// Topology constraints render on 1.37 with the gate that the Workload API needs for them.
SelectorFlags flags_for(const std::string& file) {
  SelectorFlags flags;
  flags.files = {file};
  flags.feature_gates = "TopologyAwareWorkloadScheduling=true";
  return flags;
}

struct Rendered {
  std::vector<std::string> objects;
  size_t findings = 0;
};

Rendered whole_render(const SelectorFlags& flags, const RenderOptions& options) {
  Diagnostics diags;
  const std::vector<SourceDocument> docs = load_inputs(flags, diags);
  Rendered out;
  const DocumentRefs renderable = checked_inputs(flags, docs, options, diags);
  render_documents_each(renderable, options, TemplateSet(), diags,
                        [&](Json&& o) { out.objects.push_back(o.dump()); });
  out.findings = diags.items().size();
  return out;
}

RenderOptions options_for(const SelectorFlags& flags) {
  Diagnostics usage;
  auto options = make_render_options(flags, usage);
  REQUIRE(options);
  return *options;
}

}  // namespace

TEST_CASE("render in chunks: the objects of the whole input, in order, wherever chunks end",
          "[render][chunks]") {
  for (const auto& [name, text] :
       {std::pair{"podcliquesets.yaml", podcliqueset_stream()}, std::pair{"jobsets.yaml", jobset_stream()}}) {
    const SelectorFlags flags = flags_for(write(name, text));
    const RenderOptions options = options_for(flags);
    const Rendered whole = whole_render(flags, options);
    REQUIRE(whole.findings == 0);
    REQUIRE(whole.objects.size() > 10);
    for (size_t chunk : {1, 2, 3, 7, 64}) {
      INFO(name << ", " << chunk << " documents per chunk");
      std::vector<std::string> chunked;
      auto handed_back = render_in_chunks(flags, options, TemplateSet(), Chunking{0, chunk},
                                          [&](Json&& o, Diagnostics&) { chunked.push_back(o.dump()); });
      CHECK(!handed_back);
      CHECK(chunked == whole.objects);
    }
  }
}

TEST_CASE("render in chunks: what it cannot render as the whole input would, it hands back whole",
          "[render][chunks]") {
  const std::string mixed = write("mixed.yaml", podcliqueset_stream() + jobset_stream());
  const std::string duplicate_last =
      write("duplicate-last.yaml", podcliqueset_stream() + "---\n" + small_podcliqueset("svc-1"));
  const std::string small = write("small.yaml", podcliqueset_stream());
  struct Case {
    std::string file;
    size_t hold_bytes;
    size_t documents;  // every document of the input
    bool findings;
  };
  for (const Case& c : {Case{mixed, 0, 17, false}, Case{duplicate_last, 0, 11, true},
                        Case{small, size_t{8} << 20, 10, false}}) {
    INFO(c.file);
    const SelectorFlags flags = flags_for(c.file);
    auto handed_back = render_in_chunks(flags, options_for(flags), TemplateSet(), Chunking{c.hold_bytes, 2},
                                        [](Json&&, Diagnostics&) {});
    REQUIRE(handed_back);
    CHECK(handed_back->documents.size() == c.documents);
    CHECK(handed_back->load.empty());
    CHECK((whole_render(flags, options_for(flags)).findings > 0) == c.findings);
  }
}
