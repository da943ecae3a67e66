// Large streams are parsed in slices on every core (yaml/stream_slices.hpp, issue 18). The promise is that
// nothing can tell: the same documents with the same indexes, values and positions, and the same
// diagnostics, as one sequential parse. Each case parses one generated stream both ways
// (ReadLimits::parallel_from_bytes 0 and SIZE_MAX) and compares everything a caller can see; the parallel
// parse twice, with a sink that may use every core and with one that takes a batch while the next is parsed
// (SinkThreads::kOneThread, as diff's live side does).
//
// The stream is shaped like `kubectl get -o yaml` output concatenated with `helm template` output: many
// documents of a few hundred bytes, comments and "# Source:" lines between them, anchors and merge keys
// inside documents, block scalars, empty documents and "..." end markers.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "yaml/reader.hpp"
#include "yaml/stream_slices.hpp"

using namespace grovectl;

namespace {

std::string one_document(int i) {
  std::string n = std::to_string(i);
  std::string doc = "# Source: chart/templates/job-" + n + ".yaml\n";
  switch (i % 5) {
    case 0:
      return doc + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-" + n +
             "\n  labels: &labels\n    app: a" + n +
             "\n    tier: \"1\"\ndata:\n  script: |\n    #!/bin/sh\n    echo " + n +
             "\n    --- not a marker (indented)\n  copy: *labels\n";
    case 1:
      return doc + "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata: {name: pcs-" + n +
             ", namespace: team}\nspec:\n  replicas: " + std::to_string(i % 7) +
             "\n  base: &base {cpu: 1, memory: 2Gi}\n  merged:\n    <<: *base\n    cpu: 2\n";
    case 2:
      return doc + "kind: List\napiVersion: v1\nitems:\n- {kind: Pod, metadata: {name: p" + n +
             "}}\n- kind: Pod\n  metadata:\n    name: q" + n + "\n...\n";
    case 3:
      return doc + "# only a comment: an empty document, which still takes an index\n";
    default:
      return doc + "[1, 2, {three: 3, four: \"4 --- 4\"}]\n";
  }
}

std::string stream_of(int documents) {
  std::string text = "# leading comment, before any marker\n";
  for (int i = 0; i < documents; ++i) text += (i == 0 ? "" : "---\n") + one_document(i);
  return text;
}

enum class ParseWay { kSequential, kParallel, kParallelSinkBesideParsing };

// Everything a caller can see of one parse, as text. The sink notes whether two of its calls ever overlapped,
// which neither way may let happen.
std::string parse_summary(const std::string& text, ParseWay way, size_t max_nodes = kMaxInputNodes) {
  Diagnostics diags;
  ReadLimits limits;
  limits.parallel_from_bytes = way == ParseWay::kSequential ? SIZE_MAX : 0;
  if (way == ParseWay::kParallelSinkBesideParsing) limits.sink_threads = SinkThreads::kOneThread;
  limits.max_nodes = max_nodes;
  ReadStats stats;
  std::string out;
  std::atomic<int> in_sink{0};
  bool overlapped = false;
  parse_yaml_stream_each(text, "s.yaml", diags, limits, &stats, [&](SourceDocument&& d) {
    overlapped |= in_sink++ != 0;
    out += std::to_string(d.index) + " " + d.value.dump() + " @" + std::to_string(d.locate().line) + "\n";
    for (const char* pointer :
         {"/metadata/name", "/data/script", "/spec/merged/cpu", "/items/1/metadata/name", "/2/four"}) {
      const Location key = d.locate(pointer), value = d.locate_value(pointer);
      out += "  " + std::string(pointer) + " " + std::to_string(key.line) + ":" + std::to_string(key.column) +
             " " + std::to_string(value.line) + ":" + std::to_string(value.column) + "\n";
    }
    --in_sink;
  });
  for (const auto& d : diags.items()) out += format_diagnostic(d) + "\n";
  if (overlapped) out += "the sink was called while a call was running\n";
  return out + "nodes " + std::to_string(stats.nodes) + "\n";
}

void require_same_every_way(const std::string& text, size_t max_nodes = kMaxInputNodes) {
  const std::string sequential = parse_summary(text, ParseWay::kSequential, max_nodes);
  for (ParseWay way : {ParseWay::kParallel, ParseWay::kParallelSinkBesideParsing}) {
    const std::string parallel = parse_summary(text, way, max_nodes);
    REQUIRE(parallel.size() == sequential.size());
    REQUIRE(parallel == sequential);
  }
}

}  // namespace

TEST_CASE("parallel parse: slices start at each document marker at column 0, with their line") {
  const std::string text = "a: 1\n---\nb: |\n  --- inside\n---   # comment\nc: 3\n----\n--- x\n";
  // Lines: 0 "a: 1", 1 "---", 2 "b: |", 3 "  --- inside" (indented: content), 4 "---   # comment",
  // 5 "c: 3", 6 "----" (not a marker: no blank after three dashes), 7 "--- x".
  const auto slices = stream_slices(text);
  REQUIRE(slices.size() == 4);
  CHECK(slices[0].offset == 0);
  CHECK(slices[1].offset == 5);
  CHECK(slices[1].first_line == 1);
  CHECK(slices[2].offset == 27);
  CHECK(slices[2].first_line == 4);
  CHECK(slices[3].first_line == 7);
  CHECK(slices[3].offset + slices[3].size == text.size());
}

TEST_CASE("parallel parse: a stream with directives or other line breaks is not cut") {
  CHECK(stream_slices("%YAML 1.1\n---\na: 1\n---\nb: 2\n").empty());
  CHECK(stream_slices("a: 1\r\n---\r\nb: 2\r\n").empty());
  CHECK(stream_slices("a: 1\n---\nb: \"x\xE2\x80\xA8y\"\n").empty());
}

TEST_CASE("parallel parse: a clean multi-megabyte stream gives what a sequential parse gives") {
  const std::string text = stream_of(14000);
  REQUIRE(text.size() > (size_t{2} << 20));  // several batches of slices
  require_same_every_way(text);
}

TEST_CASE("parallel parse: an error late in the stream is reported as a sequential parse reports it") {
  std::string text = stream_of(9000);
  SECTION("a syntax error") {
    text += "---\nkind: Broken\nmetadata: {name: [unclosed\n---\nkind: After\n";
  }
  SECTION("a duplicate key") {
    text += "---\nkind: Twice\nkind: Again\n";
  }
  SECTION("a document marker inside a quoted scalar") {
    text += "---\nnote: \"starts\n--- here\"\n---\nkind: After\n";
  }
  require_same_every_way(text);
}

TEST_CASE("parallel parse: the node budget runs out at the same node") {
  const std::string text = stream_of(9000);
  const std::string full = parse_summary(text, ParseWay::kSequential);
  const size_t nodes = std::stoul(full.substr(full.rfind("nodes ") + 6));
  require_same_every_way(text, nodes * 2 / 3);  // runs out in a middle batch
  require_same_every_way(text, nodes);          // exactly enough
}
