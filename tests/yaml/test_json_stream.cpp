// Strict JSON as kubectl reads it (yaml/json_stream.hpp): an input whose first non-blank byte is '{' is a
// stream of JSON values (k8s.io/apimachinery/pkg/util/yaml/decoder.go: NewYAMLOrJSONDecoder decides so by
// the first bytes alone), refused where it is not JSON; each value is then read with positions like any
// document. Expected offsets and positions are counted by hand in the texts below (columns from 1).
#include <catch2/catch.hpp>

#include "yaml/json_stream.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;

TEST_CASE("json stream: only an input that starts with '{' is read as JSON", "[yaml][json]") {
  CHECK(starts_as_json("{}"));
  CHECK(starts_as_json(" \t\r\n{\"a\": 1}"));
  CHECK_FALSE(starts_as_json("# a comment\n{\"a\": 1}"));  // kubectl reads this as YAML
  CHECK_FALSE(starts_as_json("[1, 2]"));
  CHECK_FALSE(starts_as_json("---\n{\"a\": 1}"));
  CHECK_FALSE(starts_as_json("a: {}"));
  CHECK_FALSE(starts_as_json(""));
}

TEST_CASE("json stream: where each value starts", "[yaml][json]") {
  Diagnostics diags;
  using Starts = std::vector<size_t>;
  CHECK(json_value_starts("{\"a\": 1}", "f", diags) == Starts{0});
  CHECK(json_value_starts("  {\"a\": 1}\n\n", "f", diags) == Starts{2});
  // jq -c output: one value per line; the second starts after "{"a":1}\n" (8 bytes).
  CHECK(json_value_starts("{\"a\":1}\n{\"b\":2}\n", "f", diags) == Starts{0, 8});
  CHECK(json_value_starts("{\"a\":1} {\"b\":2}", "f", diags) == Starts{0, 8});
  // Braces and quotes inside strings end nothing: "{\"a\":\"}{\\\"\"}" is one value of 13 bytes.
  CHECK(json_value_starts("{\"a\":\"}{\\\"\"} {}", "f", diags) == Starts{0, 13});
  // A later value may be any JSON value, as kubectl's decoder reads it.
  CHECK(json_value_starts("{}\n[1]\n\"s\"\n12\n", "f", diags) == Starts{0, 3, 7, 11});
  CHECK(diags.empty());
}

TEST_CASE("json stream: what is not JSON is refused where it is, said plainly", "[yaml][json]") {
  struct Case {
    std::string text;
    int line, column;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"{\"a\": 1,}", 1, 8, "a comma before '}' (JSON allows no trailing comma)"},  // the comma
      {"{\"a\": [1, 2,\n]}", 1, 12, "a comma before ']'"},
      {"{\n  // note\n  \"a\": 1}", 2, 3, "a comment (JSON has none)"},
      {"{\"a\": 1, # note\n}", 1, 10, "a comment"},
      {"{\"a\": 'x'}", 1, 7, "a string in single quotes"},
      {"{a: 1}", 1, 2, "expected string literal"},              // nlohmann's own words
      {"{\"a\": 1}\n}", 2, 1, "unexpected '}'"},                // a brace too many
      {"{\"a\": 1}\n{\"b\": 2,}", 2, 8, "a comma before '}'"},  // in the second value
      {"{\"a\": \"\\x\"}", 1, 9, "invalid string"},             // \x is YAML's escape, not JSON's
  };
  for (const auto& c : cases) {
    SECTION(c.text) {
      Diagnostics diags;
      CHECK_FALSE(json_value_starts(c.text, "in.json", diags));
      REQUIRE(diags.items().size() == 1);
      const Diagnostic& d = diags.items()[0];
      INFO(d.message);
      CHECK(d.rule == "json/syntax");
      CHECK(d.location.file == "in.json");
      CHECK(d.location.line == c.line);
      CHECK(d.location.column == c.column);
      CHECK(d.message.find(c.says) != std::string::npos);
      CHECK(d.message.find("read as JSON, as kubectl reads it") != std::string::npos);
    }
  }
}

TEST_CASE("json stream: each value is a document, with the stream's lines and columns", "[yaml][json]") {
  Diagnostics diags;
  // Two values on one line: the second's key "b" is at column 13 ('{' at 12).
  auto one_line = parse_yaml_stream("{\"a\": 1}   {\"b\": 2}\n", "s.json", diags);
  REQUIRE(diags.empty());
  REQUIRE(one_line.size() == 2);
  CHECK(one_line[0].value == Json::parse("{\"a\": 1}"));
  CHECK(one_line[1].value == Json::parse("{\"b\": 2}"));
  CHECK(one_line[1].index == 1);
  CHECK(one_line[1].locate("/b").line == 1);
  CHECK(one_line[1].locate("/b").column == 13);
  // Values on lines of their own: the third starts on line 4, its key "c" on line 5, column 3.
  auto lines = parse_yaml_stream("{\"a\": 1}\n{\"b\": 2}\n\n{\n  \"c\": [1,\n  2]}\n", "l.json", diags);
  REQUIRE(diags.empty());
  REQUIRE(lines.size() == 3);
  CHECK(lines[2].index == 2);
  CHECK(lines[2].locate("/c").line == 5);
  CHECK(lines[2].locate("/c").column == 3);
  CHECK(lines[2].locate("/c/1").line == 6);
  CHECK(lines[2].locate("/c/1").column == 3);
}

TEST_CASE("json stream: JSON's escapes read as JSON gives them", "[yaml][json]") {
  Diagnostics diags;
  auto docs = parse_yaml_stream(R"({"a": "x\/y\u00e9\t", "b": 1.5e3, "c": null, "d": [true, false]})",
                                "e.json", diags);
  REQUIRE(diags.empty());
  REQUIRE(docs.size() == 1);
  CHECK(docs[0].value["a"] == "x/y\xC3\xA9\t");
  CHECK(docs[0].value["c"].is_null());
  CHECK(docs[0].value["d"] == Json::parse("[true, false]"));
}

TEST_CASE("json stream: a YAML stream stays YAML, flow documents and all", "[yaml][json]") {
  Diagnostics diags;
  // The second document is a flow mapping with a trailing comma and an unquoted key: YAML allows both.
  auto docs = parse_yaml_stream("a: 1\n---\n{b: 2,}\n", "y.yaml", diags);
  REQUIRE(diags.empty());
  REQUIRE(docs.size() == 2);
  CHECK(docs[1].value == Json::parse("{\"b\": 2}"));
  // A comment first: kubectl reads YAML, and so does grovectl.
  auto commented = parse_yaml_stream("# header\n{\"a\": 1,}\n", "c.json", diags);
  REQUIRE(diags.empty());
  CHECK(commented.size() == 1);
}
