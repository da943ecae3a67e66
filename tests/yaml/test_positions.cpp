// Source positions (issue 21): compact records instead of a path string per node, with these semantics:
// a mapping entry is located at its KEY (its value's position is there too, through locate_value), a
// sequence item at the item itself, and the document root at the start of the document. Lines and
// columns are libyaml's: 1-based, columns in characters, and CR, CRLF, LF, NEL and LS all end a line.
// Every expected position below was counted by hand on the input shown next to it.
#include <catch2/catch.hpp>

#include "input/loader.hpp"

using namespace grovectl;

namespace {

SourceDocument only(const std::string& text) {
  Diagnostics diags;
  auto docs = load_text(text, "t.yaml", diags);
  INFO(text);
  for (const auto& d : diags.items()) INFO(format_diagnostic(d));
  REQUIRE_FALSE(diags.has_errors());
  REQUIRE(docs.size() == 1);
  return docs.front();
}

std::string at(const Location& l) {
  return std::to_string(l.line) + ":" + std::to_string(l.column);
}

}  // namespace

TEST_CASE("positions: a field is located at its key, its value through locate_value") {
  SourceDocument d = only(
      "apiVersion: v1\n"   // 1
      "spec:\n"            // 2
      "  replicas:   3\n"  // 3: key at column 3, value at column 15
      "  template:\n"      // 4
      "    name: x\n");    // 5
  CHECK(at(d.locate("/spec/replicas")) == "3:3");
  CHECK(at(d.locate_value("/spec/replicas")) == "3:15");
  CHECK(at(d.locate("/spec")) == "2:1");
  CHECK(at(d.locate_value("/spec")) == "3:3");  // the mapping starts with its first key
  CHECK(at(d.locate("/spec/template/name")) == "5:5");
}

TEST_CASE("positions: sequence items are located at the item, the root at the document start") {
  SourceDocument d = only(
      "# a comment\n"  // 1
      "---\n"          // 2: the document starts here
      "items:\n"       // 3
      "- a\n"          // 4: item 0 at column 3
      "-   name: b\n"  // 5: item 1, a mapping starting at column 5
      "    x: 1\n");   // 6
  CHECK(at(d.locate()) == "2:1");
  CHECK(at(d.locate("/items/0")) == "4:3");
  CHECK(at(d.locate("/items/1")) == "5:5");
  CHECK(at(d.locate("/items/1/x")) == "6:5");
  CHECK(at(only("a: 1\n").locate()) == "1:1");  // an implicit document starts at its first token
}

TEST_CASE("positions: a missing field points at its nearest written ancestor's key") {
  SourceDocument d = only("spec:\n  template:\n    cliques: []\n");
  CHECK(at(d.locate("/spec/template/cliques/0/spec/replicas")) == "3:5");
  CHECK(at(d.locate("/spec/missing")) == "1:1");
  CHECK(at(d.locate("/nothing/here")) == "1:1");  // the root: the document start
}

TEST_CASE("positions: an alias copy and merged keys have no records of their own") {
  SourceDocument d = only(
      "base: &b {x: 1, y: 2}\n"             // 1
      "copy: *b\n"                          // 2
      "merged:\n"                           // 3
      "  <<: *b\n"                          // 4
      "  z: 3\n");                          // 5
  CHECK(at(d.locate("/copy/x")) == "2:1");  // inside the copy: the alias's entry
  CHECK(at(d.locate("/merged/x")) == "3:1");
  CHECK(at(d.locate("/merged/z")) == "5:3");
  CHECK(d.value["copy"]["y"] == 2);
  CHECK(d.positions->size() <= 12);  // one record per node written out, none for what aliases copy
}

TEST_CASE("positions: keys with '/' and '~' are found through escaped pointer tokens") {
  SourceDocument d = only("labels:\n  a/b: 1\n  c~d: 2\n");
  CHECK(at(d.locate("/labels/a~1b")) == "2:3");
  CHECK(at(d.locate("/labels/c~0d")) == "3:3");
}

TEST_CASE("positions: columns count characters, not bytes") {
  // "ab: {é: 1, k: 2}": a=1 b=2 :=3 ' '=4 {=5 é=6 :=7 ' '=8 1=9 ,=10 ' '=11 k=12
  SourceDocument d = only("ab: {\xC3\xA9: 1, k: 2}\n");
  CHECK(at(d.locate("/ab/k")) == "1:12");
}

TEST_CASE("positions: CR, CRLF, LF, NEL and LINE SEPARATOR all end a line, as libyaml counts") {
  for (const std::string brk : {"\n", "\r", "\r\n", "\xC2\x85", "\xE2\x80\xA8"}) {
    INFO("line break bytes: " << brk.size());
    SourceDocument d = only("a: 1" + brk + "b:" + brk + "  c: 2" + brk);
    CHECK(at(d.locate("/b/c")) == "3:3");
  }
}

TEST_CASE("positions: a key that overrides a merged one is located where it is written") {
  SourceDocument d = only("m:\n  <<: {a: 1}\n  a: 2\n");
  CHECK(d.value["m"]["a"] == 2);
  CHECK(at(d.locate("/m/a")) == "3:3");
}

TEST_CASE("positions: items of a kind: List locate inside the List's document") {
  Diagnostics diags;
  auto docs = load_text(
      "apiVersion: v1\n"         // 1
      "kind: List\n"             // 2
      "items:\n"                 // 3
      "- kind: A\n"              // 4: item 0 starts at column 3
      "  metadata: {name: a}\n"  // 5
      "- kind: B\n"              // 6
      "  metadata:\n"            // 7
      "    name: b\n",           // 8
      "l.yaml", diags);
  REQUIRE(docs.size() == 2);
  CHECK(at(docs[0].locate()) == "4:3");
  CHECK(at(docs[1].locate("/metadata/name")) == "8:5");
  CHECK(at(docs[0].locate("/metadata/name")) == "5:14");  // "  metadata: {name: a}": n is column 14
}

TEST_CASE("positions: lookups in a mapping of 100,000 keys find the right one") {
  std::string text = "m:\n";
  for (int i = 0; i < 100000; ++i) text += "  k" + std::to_string(i) + ": v\n";
  SourceDocument d = only(text);
  CHECK(at(d.locate("/m/k0")) == "2:3");
  CHECK(at(d.locate("/m/k99999")) == "100001:3");
  CHECK(at(d.locate("/m/k50000")) == "50002:3");
}

TEST_CASE("positions: duplicate keys name where the first was written, in CRLF files too") {
  Diagnostics diags;
  load_text("a: 1\r\nb: 2\r\na: 3\r\n", "d.yaml", diags);
  REQUIRE(diags.has_errors());
  CHECK(diags.items().front().rule == "yaml/duplicate-key");
  CHECK(at(diags.items().front().location) == "3:1");
  CHECK(diags.items().front().message.find("first defined at line 1, column 1") != std::string::npos);
}
