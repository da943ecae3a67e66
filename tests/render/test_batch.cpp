// render_clean_batch renders the sources of an input side by side (issue 18: render at twice the speed
// on two cores). It may only ever say what render() says: for every input, it returns true exactly when
// the sequential render finds nothing, and then its objects are render()'s, in render()'s order. The
// inputs are every YAML file under testdata/ and examples/ (Grove's and JobSet's samples, PodCliqueSets
// with bindings and overrides, JobSets of every gang mode, inputs that are refused), each rendered for
// several backends and --include sets; plus streams made for the order rules: both kinds in one input
// (render() emits every PodCliqueSet's objects first), a binding after the PodCliqueSet that uses it, and
// a warning.
#include <catch2/catch.hpp>
#include <fstream>

#include "workflow/inputs.hpp"
#include "render/pipeline.hpp"
#include "support/repo_tree.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

struct Options {
  std::string backend;
  std::string include;
};

struct Renders {
  std::vector<std::string> sequential;
  bool sequential_found = false;
  std::vector<std::string> batch;
  bool batch_clean = false;
};

Renders render_both_ways(const std::vector<SourceDocument>& docs, const SelectorFlags& flags,
                         const std::string& include) {
  Diagnostics usage;
  auto options = make_render_options(flags, usage);
  REQUIRE(options);
  if (!include.empty()) options->include = parse_include(include, usage);
  Diagnostics checks;
  const DocumentRefs renderable = checked_inputs(flags, docs, *options, nullptr, checks);
  Renders r;
  Diagnostics found;
  const TemplateSet templates;  // the embedded ones; the session keeps a reference
  render_documents_each(renderable, *options, templates, found,
                        [&](Json&& o) { r.sequential.push_back(o.dump()); });
  r.sequential_found = !found.empty();
  RenderSession session(*options, templates);
  TextBatchOutput texts([](const Json& o) { return o.dump(); },
                        [&](std::string&& t) { r.batch.push_back(t); });
  r.batch_clean = session.render_clean_batch(renderable, texts.output());
  if (r.batch_clean) {
    Diagnostics finish;
    session.finish(finish);
    r.batch_clean = finish.empty();
  }
  return r;
}

void expect_same_verdict(const std::vector<SourceDocument>& docs, const SelectorFlags& flags,
                         const std::string& include) {
  const Renders r = render_both_ways(docs, flags, include);
  CHECK(r.batch_clean == !r.sequential_found);
  if (r.batch_clean && !r.sequential_found) CHECK(r.batch == r.sequential);
}

std::vector<SourceDocument> load(const SelectorFlags& flags) {
  Diagnostics diags;
  return load_inputs(flags, diags);
}

const std::vector<Options> kOptionSets{
    {"", ""}, {"kai-scheduler", ""}, {"volcano", ""}, {"default-scheduler", "podgang,scheduler,pods"}};

}  // namespace

TEST_CASE("render_clean_batch: render()'s objects whenever render() finds nothing, for every test input",
          "[render][batch]") {
  size_t clean = 0;
  for (const auto& root : {testdata(""), source_dir() / "examples"}) {
    for (const fs::path& file : yaml_files_under(root)) {
      SelectorFlags flags;
      flags.files = {file.string()};
      const std::vector<SourceDocument> docs = load(flags);
      for (const auto& [backend, include] : kOptionSets) {
        INFO(file.string() << " --backend " << backend << " --include " << include);
        flags.backend = backend;
        expect_same_verdict(docs, flags, include);
        clean += !render_both_ways(docs, flags, include).sequential_found;
      }
    }
  }
  CHECK(clean > 100);  // the property was tested on many clean renders, not only on refusals
}

TEST_CASE("render_clean_batch: both kinds in one input, a late binding, a warning", "[render][batch]") {
  const std::string binding =
      "apiVersion: grove.io/v1alpha1\nkind: ClusterTopologyBinding\nmetadata:\n  name: grove-topology\n"
      "spec:\n  levels:\n  - domain: zone\n    key: topology.kubernetes.io/zone\n";
  const std::string jobset = read_file(testdata("jobset/queued.yaml"));
  const fs::path dir = scratch_dir("render-batch");
  struct Case {
    std::string name;
    std::string text;
    std::string backend;
    bool clean;
  };
  std::string warned = small_podcliqueset("warned");
  warned.replace(warned.rfind("containers:"), 11, "schedulerName: volcano\n          containers:");
  for (const Case& c :
       {Case{"mixed.yaml", jobset + "---\n" + small_podcliqueset("a") + "---\n" + small_podcliqueset("b"), "",
             true},
        Case{"late-binding.yaml", topology_podcliqueset("t") + "---\n" + binding, "", true},
        Case{"warned.yaml", warned, "default-scheduler", false}}) {
    INFO(c.name);
    std::ofstream(dir / c.name) << c.text;
    SelectorFlags flags;
    flags.files = {(dir / c.name).string()};
    flags.backend = c.backend;
    flags.feature_gates = "TopologyAwareWorkloadScheduling=true";
    const Renders r = render_both_ways(load(flags), flags, "");
    CHECK(r.batch_clean == c.clean);
    CHECK(r.sequential_found == !c.clean);
    if (c.clean) {
      CHECK(r.batch == r.sequential);
      CHECK(r.batch.size() >= 3);
    }
  }
}
