// YAML 1.1 as kubectl reads it (issue 21). kubectl turns YAML into JSON with sigs.k8s.io/yaml, which
// decodes with its fork of go-yaml v2 (sigs.k8s.io/yaml/goyaml.v2, based on go-yaml v2.4.0) into
// interface{} values and writes them with Go's encoding/json. The expectations below follow that code:
//   resolve.go  a plain scalar starting with a digit or a sign loses its underscores and is tried as
//               strconv.ParseInt(s, 0, 64) (Go's base prefixes, and a leading 0 is octal), then
//               ParseUint, then as a float when it matches
//               ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$; booleans are
//               y|Y|yes|Yes|YES|n|...|on|off|true|false in their three spellings, nulls
//               ~|null|Null|NULL and the empty scalar; there are no base-60 numbers; timestamps decoded
//               into interface{} stay their text.
//   decode.go   merge(): the value of "<<" must be a mapping, an alias of a mapping, or a sequence of
//               those (else "map merge requires map or sequence of maps as the value"); the sequence is
//               applied last to first, so earlier mappings win; merged keys overwrite what the mapping
//               set before the merge key, and keys after it overwrite merged ones.
//   encoding/json  an integral float64 is written without a fraction (1.0 -> 1, 1e3 -> 1000), so the API
//               server reads an integer.
// Pinned to Grove v0.1.0-alpha.11 (--grove-version) where the expectations are Grove's legacy PodGang names
// or object counts, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>

#include "input/loader.hpp"
#include "support/test_support.hpp"

using namespace grovectl;

namespace {

Json value_of(const std::string& yaml) {
  Diagnostics diags;
  auto docs = load_text("v: " + yaml + "\n", "t.yaml", diags);
  INFO(yaml);
  for (const auto& d : diags.items()) INFO(format_diagnostic(d));
  REQUIRE_FALSE(diags.has_errors());
  REQUIRE(docs.size() == 1);
  return docs.front().value["v"];
}

Json document(const std::string& yaml) {
  Diagnostics diags;
  auto docs = load_text(yaml, "t.yaml", diags);
  INFO(yaml);
  for (const auto& d : diags.items()) INFO(format_diagnostic(d));
  REQUIRE_FALSE(diags.has_errors());
  REQUIRE(docs.size() == 1);
  return docs.front().value;
}

Diagnostic refusal(const std::string& yaml) {
  Diagnostics diags;
  load_text(yaml, "t.yaml", diags);
  INFO(yaml);
  REQUIRE(diags.has_errors());
  return diags.items().front();
}

}  // namespace

TEST_CASE("yaml 1.1: integers in Go's base-0 syntax, as go-yaml's ParseInt(s, 0, 64) reads them") {
  CHECK(value_of("0777") == 511);  // a leading 0 is octal
  CHECK(value_of("-0777") == -511);
  CHECK(value_of("+0777") == 511);
  CHECK(value_of("00") == 0);
  CHECK(value_of("0o17") == 15);
  CHECK(value_of("0O17") == 15);
  CHECK(value_of("0x1F") == 31);
  CHECK(value_of("-0x1f") == -31);
  CHECK(value_of("0b101") == 5);
  CHECK(value_of("-0b101") == -5);
  CHECK(value_of("1_000") == 1000);  // underscores are removed first
  CHECK(value_of("0x_FF") == 255);
  CHECK(value_of("+42") == 42);
  CHECK(value_of("0") == 0);
  CHECK(value_of("9223372036854775807") == INT64_MAX);
  CHECK(value_of("-9223372036854775808") == INT64_MIN);
}

TEST_CASE("yaml 1.1: not an integer, then a float, as go-yaml falls back") {
  // 08 and 09 are no octal numbers, but they match go-yaml's float pattern: 8 and 9, which encoding/json
  // writes as integers.
  CHECK(value_of("08") == 8);
  CHECK(value_of("09").is_number_integer());
  CHECK(value_of("1.0") == 1);
  CHECK(value_of("1.0").is_number_integer());
  CHECK(value_of("1e3") == 1000);
  CHECK(value_of("2_0.0") == 20);
  CHECK(value_of("1.5") == 1.5);
  CHECK(value_of(".5") == 0.5);
  CHECK(value_of("-2.5e-1") == -0.25);
}

TEST_CASE("yaml 1.1: what stays a string") {
  CHECK(value_of("1:30") == "1:30");  // go-yaml has no base-60 numbers
  CHECK(value_of("190:20:30") == "190:20:30");
  CHECK(value_of("2001-12-14") == "2001-12-14");  // a timestamp into interface{} keeps its text
  CHECK(value_of("2001-12-14t21:59:43.10-05:00") == "2001-12-14t21:59:43.10-05:00");
  CHECK(value_of("0b") == "0b");
  CHECK(value_of("0x") == "0x");
  CHECK(value_of("0b2") == "0b2");
  CHECK(value_of("1_") == 1);             // "1" once the underscore is gone
  CHECK(value_of("_1") == "_1");          // not starting with a digit or a sign
  CHECK(value_of("\"0777\"") == "0777");  // quoted
  CHECK(value_of("'1.0'") == "1.0");
  CHECK(value_of("!!str 0777") == "0777");
  // JSON has no infinities or NaN: kubectl's encoding/json refuses them; grovectl keeps the text, so a
  // typed field reports a type error.
  CHECK(value_of(".inf") == ".inf");
  CHECK(value_of("-.Inf") == "-.Inf");
  CHECK(value_of(".NaN") == ".NaN");
  CHECK(value_of("1e400") == "1e400");
}

TEST_CASE("yaml 1.1: booleans and nulls in every spelling go-yaml v2 knows") {
  for (const char* t : {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True", "TRUE"}) {
    INFO(t);
    CHECK(value_of(t) == true);
  }
  for (const char* f : {"n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "False", "FALSE"}) {
    INFO(f);
    CHECK(value_of(f) == false);
  }
  for (const char* n : {"~", "null", "Null", "NULL", ""}) {
    INFO(n);
    CHECK(value_of(n).is_null());
  }
  // Only the three casings are spellings: no other mix of cases, in any letter.
  for (const char* s :
       {"nULL", "yES", "YeS", "tRUE", "TRue", "truE", "oN", "oFF", "OfF", "FAlse", "falsE", "nO"}) {
    INFO(s);
    CHECK(value_of(s) == s);
  }
  // Short words that are not spellings stay strings, whatever letter they start with.
  for (const char* s : {"t", "o", "ok", "ps", "c", "nope", "yep", "fals", "bench", "Tru"}) {
    INFO(s);
    CHECK(value_of(s) == s);
  }
}

TEST_CASE("yaml 1.1: integers beyond 64 bits are refused where they are written") {
  Diagnostic d = refusal("a: 1\nv: 99999999999999999999\n");
  CHECK(d.rule == "yaml/integer-overflow");
  CHECK(d.location.line == 2);
  CHECK(d.location.column == 4);
  CHECK(refusal("v: 0xFFFFFFFFFFFFFFFFFF\n").rule == "yaml/integer-overflow");
  CHECK(refusal("v: -9223372036854775809\n").rule == "yaml/integer-overflow");
  CHECK(refusal("v: 0777777777777777777777777\n").rule == "yaml/integer-overflow");
}

TEST_CASE("yaml 1.1: merge keys take a mapping, an alias of one, or a sequence of those, as go-yaml") {
  for (const std::string bad :
       {"m:\n  <<: infra\n", "m:\n  <<:\n  a: 1\n", "m:\n  <<: [a, b]\n", "m:\n  <<: [[{a: 1}]]\n",
        "s: &s [{a: 1}]\nm:\n  <<: *s\n", "s: &s x\nm:\n  <<: *s\n", "s: &s x\nm:\n  <<: [*s]\n"}) {
    Diagnostic d = refusal(bad);
    INFO(bad);
    CHECK(d.rule == "yaml/syntax");
    CHECK(d.message.find("merge key (<<) needs a mapping") != std::string::npos);
  }
  // The scalar's own position: "  <<: infra" has "infra" at column 7 of line 2.
  Diagnostic at = refusal("m:\n  <<: infra\n");
  CHECK(at.location.line == 2);
  CHECK(at.location.column == 7);
}

TEST_CASE("yaml 1.1: merged keys overwrite earlier keys, earlier merged mappings win, later keys win") {
  Json over = document("b: &b {team: merged, x: 1}\nm:\n  team: written\n  <<: *b\n");
  CHECK(over["m"]["team"] == "merged");  // go-yaml applies the merge when it reaches it
  CHECK(over["m"]["x"] == 1);
  Json order = document("m:\n  <<: [{team: first}, {team: second, x: 2}]\n");
  CHECK(order["m"]["team"] == "first");
  CHECK(order["m"]["x"] == 2);
  Json later = document("m:\n  <<: {team: merged}\n  team: written\n");
  CHECK(later["m"]["team"] == "written");
  Json quoted = document("m:\n  \"<<\": {a: 1}\n");
  CHECK(quoted["m"]["<<"]["a"] == 1);  // a quoted "<<" is an ordinary key
  Json tagged = document("m:\n  !!merge <<: {a: 1}\n");
  CHECK(tagged["m"]["a"] == 1);
}

TEST_CASE("aliases: a value anchored inside a mapping stays intact while the mapping grows") {
  // Regression (found by the hostile corpus): anchors keep the address of their value inside the tree,
  // and a growing mapping must move its values, not copy them, or the address is freed.
  std::string text = "m:\n  a: &a {x: '1', y: [1, 2]}\n";
  for (int i = 0; i < 200; ++i) text += "  k" + std::to_string(i) + ": v\n";
  text += "copy: *a\nmerged:\n  <<: [*a, {z: '3'}]\n";
  Json v = document(text);
  CHECK(v["copy"]["x"] == "1");
  CHECK(v["copy"]["y"][1] == 2);
  CHECK(v["merged"]["y"][0] == 1);
  CHECK(v["merged"]["z"] == "3");
}

TEST_CASE("aliases: a value replaced by a merge stays available to its anchor") {
  Json v = document("m:\n  a: &a [1, 2]\n  <<: {a: 0}\ncopy: *a\n");
  CHECK(v["m"]["a"] == 0);
  CHECK(v["copy"] == Json::array({1, 2}));
}

TEST_CASE("yaml 1.1: replicas 0777 renders 511 gangs, as kubectl would create") {
  std::string pcs =
      "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: p\nspec:\n  replicas: 0777\n"
      "  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: w\n        replicas: 1\n"
      "        podSpec:\n          containers:\n          - {name: main, image: x}\n";
  auto r = test::run_grovectl("render --grove-version v0.1.0-alpha.11 --include podgang -f -", pcs);
  CHECK(r.exit_code == 0);
  CHECK(test::count_occurrences(r.out, "kind: PodGang") == 511);
}
