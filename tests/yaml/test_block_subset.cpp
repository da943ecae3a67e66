// grovectl reads the block-style subset of YAML with its own reader and leaves the rest to libyaml
// (yaml/block_subset.hpp, issue 18). The promise is that nothing can tell: every case parses one text
// with both readers (ReadLimits::block_reader) and compares all a caller can see: documents, indexes,
// values, every position record, diagnostics and the node count. Each case also says whether the
// subset reader is expected to read the text itself, so that a case cannot pass by libyaml reading
// both sides.
//
// Shapes: `kubectl get -o yaml` of objects on a 1.37 cluster (managedFields, finalizers, the
// last-applied-configuration literal block, server-written nulls, status), a `kubectl get -o yaml`
// List, `helm template` streams ("# Source:" comments, empty documents), and everything in testdata/.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "support/test_support.hpp"
#include "yaml/block_subset.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;

namespace {

struct Parsed {
  std::vector<SourceDocument> documents;
  std::string diagnostics;
  size_t nodes = 0;
};

Parsed parse_with(const std::string& text, BlockReader reader, size_t parallel_from_bytes = SIZE_MAX) {
  Parsed parsed;
  Diagnostics diags;
  ReadLimits limits;
  limits.block_reader = reader;
  limits.parallel_from_bytes = parallel_from_bytes;
  ReadStats stats;
  parsed.documents = parse_yaml_stream(text, "in.yaml", diags, limits, &stats);
  for (const auto& d : diags.items()) parsed.diagnostics += format_diagnostic(d) + "\n";
  parsed.nodes = stats.nodes;
  return parsed;
}

void require_same_readers(const std::string& text, size_t parallel_from_bytes = SIZE_MAX) {
  INFO(text.substr(0, 2000));
  const Parsed libyaml = parse_with(text, BlockReader::kLibyamlOnly, parallel_from_bytes);
  const Parsed subset = parse_with(text, BlockReader::kSubsetFirst, parallel_from_bytes);
  REQUIRE(subset.diagnostics == libyaml.diagnostics);
  REQUIRE(subset.nodes == libyaml.nodes);
  REQUIRE(subset.documents.size() == libyaml.documents.size());
  for (size_t i = 0; i < subset.documents.size(); ++i) {
    const SourceDocument &a = subset.documents[i], &b = libyaml.documents[i];
    REQUIRE(a.index == b.index);
    REQUIRE(a.value.dump() == b.value.dump());
    REQUIRE(*a.positions == *b.positions);
  }
}

// Whether the subset reader reads every document of `text` itself.
bool subset_reads_all(const std::string& text) {
  if (!subset_may_read(text)) return false;
  SubsetDocument doc;
  size_t offset = 0, line = 0;
  for (;;) {
    const SubsetRead read = read_subset_document(text, offset, line, SIZE_MAX, doc);
    if (read == SubsetRead::kEndOfText) return true;
    if (read == SubsetRead::kOutsideSubset) return false;
    offset = doc.end_offset;
    line = doc.end_line;
  }
}

void require_subset_reads(const std::string& text) {
  INFO(text);
  CHECK(subset_reads_all(text));
  require_same_readers(text);
}

void require_left_to_libyaml(const std::string& text) {
  INFO(text);
  CHECK_FALSE(subset_reads_all(text));
  require_same_readers(text);
}

// `kubectl get podgroup -o yaml` on a 1.37 cluster, with every server-side field.
const char* kLivePodGroup = R"(apiVersion: scheduling.k8s.io/v1beta1
kind: PodGroup
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"scheduling.k8s.io/v1beta1","kind":"PodGroup","metadata":{"annotations":{},"name":"serve-0"}}
  creationTimestamp: "2026-11-01T00:00:00Z"
  finalizers:
  - scheduling.k8s.io/podgroup-protection
  generation: 1
  labels:
    app.kubernetes.io/part-of: serve
  managedFields:
  - apiVersion: scheduling.k8s.io/v1beta1
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:annotations:
          .: {}
          f:kubectl.kubernetes.io/last-applied-configuration: {}
      f:spec:
        f:schedulingPolicy:
          f:gang:
            f:minCount: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2026-11-01T00:00:00Z"
  name: serve-0
  namespace: bench
  ownerReferences:
  - apiVersion: grove.io/v1alpha1
    blockOwnerDeletion: true
    controller: true
    kind: PodCliqueSet
    name: serve
    uid: 0b7c0c4e-0000-0000-0000-000000000001
  resourceVersion: "1897"
  uid: 0b7c0c4e-0000-0000-0000-000000000897
spec:
  disruptionMode: Pod
  priority: 1000
  priorityClassName: high
  schedulingConstraints: null
  schedulingPolicy:
    gang:
      minCount: 2
status:
  conditions: []
  phase: Running
)";

}  // namespace

TEST_CASE("block subset: kubectl get -o yaml objects and Lists are read by the subset reader") {
  require_subset_reads(kLivePodGroup);
  require_subset_reads(std::string("apiVersion: v1\nitems:\n- ") + "kind: Pod\n  metadata:\n    name: a\n" +
                       "- kind: Pod\n  metadata:\n    name: b\n    labels: {}\n" +
                       "kind: List\nmetadata:\n  resourceVersion: \"\"\n");
}

TEST_CASE("block subset: helm template streams, comments and empty documents") {
  require_subset_reads(
      "---\n# Source: chart/templates/a.yaml\napiVersion: v1\nkind: ConfigMap\n"
      "metadata:\n  name: a # trailing comment\n    # a comment indented deeper\ndata:\n"
      "  k: v\n---\n# Source: chart/templates/empty.yaml\n---\nkind: B\n");
  require_subset_reads("a: 1\n---\n");
  require_subset_reads("---\n---   # a comment after the marker\n---\n");
  require_subset_reads("# only comments\n\n   # indented\n");
  require_subset_reads("");
  require_subset_reads("  a: 1\n  b:\n    c: 2\n");  // a root mapping that is indented
  // Text that ends without a line break (an editor's last line, `printf` in a pipeline).
  for (const char* text : {"a: 1", "a:", "- x", "a: [1, 2]", "a: 'q'", "---", "a: 1\n---", "a: 1\n# c"})
    require_subset_reads(text);
}

TEST_CASE("block subset: nulls, nesting and sequences at their key's indentation") {
  require_subset_reads("a:\nb: 1\nc:\n");
  require_subset_reads("a: # only a comment\n  b: 1\nc: # then null\nd: 2\n");
  require_subset_reads("- a:\n  b:\n    - x\n    -   y\n- c: 1\n  d:\n  - e\n  f: 2\n- plain\n");
  require_subset_reads("k:\n- a\n- b:\n  - c\n  d: e\nl: 1\n");
  require_subset_reads("a:\n  b:\n    c:\n      d: 1\n  e: 2\nf: 3\n");
  require_subset_reads("- {}\n- []\n- k: {}   # empty\n  l: []\n");
}

TEST_CASE("block subset: scalars of every YAML 1.1 type, quoted and plain") {
  require_subset_reads(
      "a: ~\nb: null\nc: true\nd: yes\ne: Off\nf: 0x1F\ng: 0o17\nh: 017\ni: 1e3\nj: .inf\nk: -.5\n"
      "l: '012'\nm: \"true\"\nn: a:b\no: http://x/y?z=1#frag\np: a#b\nq: trailing spaces   \n"
      "r: 2026-11-01T00:00:00Z\ns: 1_000\nt: -1\nu: \"\"\nv: ''\nw: 'it''s'\nx: a  b\n"
      "'quoted key': 1\n\"double key\": 2\nkey with spaces : 3\n-dash: 4\n");
  require_subset_reads("big: 99999999999999999999\n");  // the builder reports the overflow, both ways
}

TEST_CASE("block subset: double-quoted escapes and characters beyond ASCII") {
  require_subset_reads(R"(a: "tab\tnewline\nquote\"backslash\\slash\/"
b: "\u00e9\x41\U0001F600\0\a\b\e\f\r\v\ \N\_\L\P"
c: "plain after: colon, # not a comment"
)");
  // Columns count characters, not bytes.
  require_subset_reads("ключ: значение\nnext: {}\n\"ü\": 'ö'\n");
  require_left_to_libyaml("ключ: значение\n- x\n");  // a syntax error
  require_subset_reads("列表:\n- 项: 值\n  下: 1\n");
}

TEST_CASE("block subset: one-line flow sequences of scalars") {
  // As Grove's and JobSet's own samples write commands and clique names.
  require_subset_reads(
      "command: [\"/bin/sh\", \"-c\", \"sleep infinity\"]\ncliqueNames: [pleader, pworker]\n");
  require_subset_reads("a: [ spaced , items ]\nb: ['it''s', \"\\u00e9\", 1, true, ~]\n");
  require_subset_reads("- [a]\n- [a b, -1, x.y]   # comment\n- k: [1, 2]\n");
  for (const char* text : {"a: [a, ]\n", "a: [,a]\n", "a: [a, [b]]\n", "a: [a: b]\n", "a: [a, b\n  , c]\n",
                           "a: [a]x\n", "a: [a#b]\n", "a: [a, {b: c}]\n", "a: [- a]\n", "a: [a, 'b]\n"}) {
    require_left_to_libyaml(text);
  }
}

TEST_CASE("block subset: each collection start counts its keys or items, for the builder to size it") {
  // Counted by hand: the root mapping has 3 keys; "spec" 2 (a one-line flow sequence of 3, a block
  // sequence of 2); the second item of that sequence is a mapping of 2 keys, one of them null.
  const std::string text =
      "kind: X\nspec:\n  args: [a, b, c]\n  items:\n  - one\n  - k: v\n    empty:\nlast: 1\n";
  SubsetDocument doc;
  REQUIRE(read_subset_document(text, 0, 0, SIZE_MAX, doc) == SubsetRead::kDocument);
  std::vector<uint32_t> starts;
  for (const SubsetEvent& e : doc.events) {
    if (e.kind == SubsetEvent::Kind::kMappingStart || e.kind == SubsetEvent::Kind::kSequenceStart)
      starts.push_back(e.entries);
  }
  CHECK(starts == std::vector<uint32_t>{3, 2, 3, 2, 2});
  require_same_readers(text);
}

TEST_CASE("block subset: mappings read one after another at one depth keep apart their keys") {
  // The builder reuses its state for each depth: a mapping past the size at which keys are hashed
  // (16), then mappings beside it must see only their own keys, with either reader. Lines: "first:" 1,
  // its keys 2-21, "second:" 22-24, "third:" 25 and its keys 26 and 27.
  std::string text = "first:\n";
  for (int i = 0; i < 20; ++i) text += "  k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
  text += "second:\n  k0: a\n  k19: b\n";
  for (BlockReader reader : {BlockReader::kSubsetFirst, BlockReader::kLibyamlOnly}) {
    const Parsed read = parse_with(text, reader);
    REQUIRE(read.diagnostics.empty());
    REQUIRE(read.documents.size() == 1);
    CHECK(read.documents[0].value["first"].size() == 20);
    CHECK(read.documents[0].value["second"].dump() == R"({"k0":"a","k19":"b"})");
    const Parsed duplicate = parse_with(text + "third:\n  k5: x\n  k5: y\n", reader);
    CHECK(duplicate.diagnostics.find("in.yaml:27:3: error: duplicate key \"k5\" (first defined at line 26, "
                                     "column 3) (field: third.k5)") != std::string::npos);
  }
}

TEST_CASE("block subset: literal blocks") {
  require_subset_reads("a: |\n  line 1\n\n    indented\n  # not a comment\nb: |-\n  stripped\n\n\nc: 1\n");
  require_subset_reads("- |\n  in a sequence\n- k: |\n    in a compact mapping\n  l: x\n");
  require_subset_reads("a: |\n  ends the document\n---\nb: |-\n  last\n");
  require_subset_reads("a: |\n  trailing blank lines\n\n  \n");
}

TEST_CASE("block subset: what it leaves to libyaml still reads the same") {
  for (const char* text : {
           "a: &x 1\nb: *x\n",                   // anchors and aliases
           "base: &b {c: 1}\nm:\n  <<: *b\n",    // merge keys
           "a: {b: 1, c: [2, 3]}\n",             // flow collections with content
           "a: plain\n  continued\n",            // multi-line plain
           "a: \"quoted\n  continued\"\n",       // multi-line quoted
           "a: >\n  folded\n",                   // folded block
           "a: |+\n  kept\n\n",                  // keep chomping
           "a: |2\n   explicit\n",               // indentation indicator
           "a: |\n\n  leading blank\n",          // a blank first line
           "a: |\n  no final break",             // a block at the end of the text without a break
           "a:\tb\n",                            // a tab
           "a: 1\r\nb: 2\r\n",                   // CRLF
           "a: 1\n...\n---\nb: 2\n",             // document end marker
           "%YAML 1.1\n---\na: 1\n",             // directive
           "- - a\n",                            // compact nested sequence
           "-\n  a: 1\n",                        // entry value on the next line
           "a:\n  plain on its own line\n",      // scalar value below its key
           "? complex\n: key\n",                 // complex key
           "{\"kind\": \"Pod\", \"x\": [1]}\n",  // JSON
           "!!str a: 1\n",                       // tag
           "a: b: c\n",                          // mapping value in a plain scalar
           "a: 1\n b: 2\n",                      // bad indentation (a syntax error)
           "a:\n  - b\n c: 1\n",                 // bad indentation after a sequence
           "a: 'unterminated\n",                 // syntax error
           "a: \"bad \\q escape\"\n",            // an escape libyaml refuses
           "plain root scalar\n",                // a document that is a scalar
           "a: 1\n---x: 2\n",                    // "---" not followed by a blank
           "--- a: 1\n",                         // content after the marker
       }) {
    require_left_to_libyaml(text);
  }
}

TEST_CASE("block subset: a document outside it hands the rest of the stream to libyaml") {
  const std::string text = "a: 1\n---\nb: &x 2\nc: *x\n---\nd: 3\n---\ne: 4\n";
  CHECK_FALSE(subset_reads_all(text));
  require_same_readers(text);
  // The builder's findings come out alike: a duplicate key in a document the subset reader read.
  require_subset_reads("a: 1\n---\nkind: A\nkind: B\n---\nc: 1\n");
  require_subset_reads("a: 1\nnull: 2\n~: 3\n");  // null keys are refused by the builder
}

namespace {

// Random documents from the fragments above and around them: a differential check over many shapes.
std::string random_document(std::mt19937& rng) {
  static const std::vector<std::string> values = {
      "1",       "-2",          "x y",        "'q'",     "\"d\\n\"", "{}",      "[]",     "~",
      "true",    "a:b",         "a #c",       "|\n",     "|-\n",     "&a 1",    "*a",     "{a: 1}",
      "",        "\"é\"",       "ü:",         "b: c",    "- x",      ">\n",     "'x",     "0x10",
      "'it''s'", "\"\\u00e9\"", "-",          "--",      "#",        "\"\\q\"", "[a, b]", "[\"x\", 'y']",
      "[a: b]",  "[a,]",        "[ 1 , -2 ]", "[a, [b]]"};
  static const std::vector<std::string> keys = {"a",   "b",  "'k'", "\"k k\"", "ключ",
                                                "a b", "-x", "?",   "<<",      "a"};
  std::string out;
  std::vector<int> indents = {0};
  const int lines = 1 + static_cast<int>(rng() % 12);
  for (int i = 0; i < lines; ++i) {
    int indent = indents[rng() % indents.size()];
    const bool entry = rng() % 4 == 0;
    std::string line(static_cast<size_t>(indent), ' ');
    line += entry ? "- " : "";
    line += keys[rng() % keys.size()] + ":";
    const std::string& v = values[rng() % values.size()];
    if (v.empty() || rng() % 5 == 0) {
      out += line + "\n";
      indents.push_back(indent + (entry ? 2 : 0) + static_cast<int>(rng() % 3) * 2);
      continue;
    }
    line += " " + v;
    if (v[0] == '|' || v[0] == '>')
      line += std::string(static_cast<size_t>(indent) + 2 + rng() % 3, ' ') + "text\n";
    out += line + (line.back() == '\n' ? "" : "\n");
    if (rng() % 6 == 0) out += "# comment\n";
    if (rng() % 8 == 0) out += "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("block subset: random block documents read alike") {
  std::mt19937 rng(20261125);
  int read_by_subset = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text;
    const int documents = 1 + static_cast<int>(rng() % 3);
    for (int d = 0; d < documents; ++d) text += (d == 0 ? "" : "---\n") + random_document(rng);
    read_by_subset += subset_reads_all(text) ? 1 : 0;
    require_same_readers(text);
  }
  // Most generated streams contain something outside the subset; enough of them must not.
  CHECK(read_by_subset > 100);
}

TEST_CASE("block subset: every YAML file under testdata/ and examples/ reads alike") {
  size_t files = 0;
  for (const char* root : {GROVECTL_SOURCE_DIR "/testdata", GROVECTL_SOURCE_DIR "/examples"}) {
    for (const auto& path : test::yaml_files_under(root)) {
      INFO(path.string());
      require_same_readers(test::read_file(path));
      ++files;
    }
  }
  CHECK(files > 50);
}

TEST_CASE("block subset: Grove's and JobSet's upstream samples are read by the subset reader, alike") {
  REQUIRE_SHARED_OR_SKIP(shared);
  const auto files = test::yaml_files_under(shared / "samples");
  for (const auto& path : files) {
    INFO(path.string());
    require_subset_reads(test::read_file(path));
  }
  CHECK(files.size() > 10);
}

TEST_CASE("block subset: a large stream read in parallel slices reads alike") {
  std::string text;
  for (int i = 0; i < 4000; ++i) text += std::string(i ? "---\n" : "") + kLivePodGroup;
  text += "---\nleft: &to libyaml\n---\n" + std::string(kLivePodGroup);
  require_same_readers(text, 0);
}
