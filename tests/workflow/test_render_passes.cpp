// render checks and renders an input beyond 1 MiB a chunk of documents at a time as it reads it, instead of
// holding it whole (issue 18: memory that does not grow with the input); when a chunk's check could differ
// from the whole input's, it reads the input a second time. The objects must not depend on where chunks
// end or which pass rendered them: for every chunk size they are, in order, those of the whole input
// rendered at once. The inputs are shaped like a monorepo's stream: many small PodCliqueSets, some of which
// need a ClusterTopologyBinding that comes last (the second pass); the same with the binding first (one
// pass); many copies of a JobSet every backend accepts (testdata/jobset/queued.yaml); a helm-style stream
// whose first documents are other kinds (no gang source in the first chunk: the second pass); both kinds in
// one stream (handed back: a render emits every PodCliqueSet's objects before any JobSet's); a finding at the
// end, and a warning (handed back, whole, for the usual report); output past its budget (handed back).
#include <catch2/catch.hpp>
#include <fstream>

#include "render/pipeline.hpp"
#include "support/repo_tree.hpp"
#include "support/test_support.hpp"
#include "workflow/inputs.hpp"
#include "workflow/render_passes.hpp"

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

std::string binding_first_stream() {
  std::string out = kBinding;
  for (int i = 0; i < 9; ++i) out += "---\n" + topology_podcliqueset("topo-" + std::to_string(i));
  return out;
}

// What `helm template` puts before a workload: a ServiceAccount and ConfigMaps.
std::string other_kinds_first_stream() {
  std::string out;
  for (int i = 0; i < 5; ++i)
    out += "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings-" + std::to_string(i) +
           "\ndata:\n  a: b\n";
  return out + podcliqueset_stream();
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

// render_in_chunks into a list of JSON texts, as the render command's output takes them.
struct ListOutput {
  std::vector<std::string> objects;
  size_t budget = SIZE_MAX;  // objects that fit
  size_t discarded = 0;
  TextOutput output() {
    return TextOutput{.format = [](const Json& o) { return o.dump(); },
                      .append =
                          [this](std::string&& text) {
                            objects.push_back(std::move(text));
                            return objects.size() <= budget;
                          },
                      .discard =
                          [this] {
                            objects.clear();
                            ++discarded;
                          }};
  }
};

struct Rendered {
  std::vector<std::string> objects;
  size_t findings = 0;
};

Rendered whole_render(const SelectorFlags& flags, const RenderOptions& options) {
  Diagnostics diags;
  const std::vector<SourceDocument> docs = load_inputs(flags, diags);
  Rendered out;
  const DocumentRefs renderable = checked_inputs(flags, docs, options, nullptr, diags);
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
  struct Stream {
    std::string name;
    std::string text;
    // A single pass serves chunks of at least this many documents; smaller ones check a chunk before the
    // binding is read (or, for the helm-style stream, a first chunk without a gang source) and need the
    // second pass, which starts by discarding what the first one rendered. A first chunk of the binding
    // alone has no gang source either.
    size_t single_pass_from;
  };
  for (const auto& [name, text, single_pass_from] :
       {Stream{"podcliquesets.yaml", podcliqueset_stream(), 10},
        Stream{"binding-first.yaml", binding_first_stream(), 2},
        Stream{"other-kinds-first.yaml", other_kinds_first_stream(), 15},
        Stream{"jobsets.yaml", jobset_stream(), 1}}) {
    const SelectorFlags flags = flags_for(write(name, text));
    const RenderOptions options = options_for(flags);
    const Rendered whole = whole_render(flags, options);
    REQUIRE(whole.findings == 0);
    REQUIRE(whole.objects.size() > 10);
    for (size_t chunk : {1, 2, 3, 7, 64}) {
      INFO(name << ", " << chunk << " documents per chunk");
      ListOutput chunked;
      auto handed_back =
          render_in_chunks(flags, options, nullptr, TemplateSet(), Chunking{0, chunk}, chunked.output());
      CHECK(!handed_back);
      CHECK(chunked.objects == whole.objects);
      CHECK(chunked.discarded == (chunk < single_pass_from ? 1 : 0));
    }
  }
}

TEST_CASE("render in chunks: what it cannot render as the whole input would, it hands back whole",
          "[render][chunks]") {
  const std::string mixed = write("mixed.yaml", podcliqueset_stream() + jobset_stream());
  const std::string duplicate_last =
      write("duplicate-last.yaml", podcliqueset_stream() + "---\n" + small_podcliqueset("svc-1"));
  const std::string small = write("small.yaml", podcliqueset_stream());
  // Its pod template names another scheduler than --backend: a warning (render/scheduler-name-differs).
  std::string warned_text = binding_first_stream();
  warned_text.replace(warned_text.rfind("containers:"), 11, "schedulerName: volcano\n          containers:");
  const std::string warned = write("warned.yaml", warned_text);
  struct Case {
    std::string file;
    size_t hold_bytes;
    size_t documents;  // every document of the input
    bool findings;
    size_t output_budget = SIZE_MAX;
  };
  for (const Case& c :
       {Case{mixed, 0, 17, false}, Case{duplicate_last, 0, 11, true}, Case{small, size_t{8} << 20, 10, false},
        Case{warned, 0, 10, true}, Case{small, 0, 10, false, 5}}) {
    INFO(c.file << ", output budget " << c.output_budget);
    SelectorFlags flags = flags_for(c.file);
    if (c.file == warned) flags.backend = "default-scheduler";
    ListOutput out;
    out.budget = c.output_budget;
    auto handed_back = render_in_chunks(flags, options_for(flags), nullptr, TemplateSet(),
                                        Chunking{c.hold_bytes, 2}, out.output());
    REQUIRE(handed_back);
    CHECK(handed_back->documents.size() == c.documents);
    CHECK(handed_back->load.empty());
    CHECK(out.objects.empty());  // what was rendered before the hand-back is gone
    CHECK((whole_render(flags, options_for(flags)).findings > 0) == c.findings);
  }
}
