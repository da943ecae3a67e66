// Inputs the fuzzers found that once hung or crashed the YAML reader.
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>

#include "input/loader.hpp"
#include "support/test_support.hpp"
#include "yaml/emitter.hpp"

using namespace grovectl;

namespace {

// What the emitter wrote reads back, without a diagnostic, as one document equal to `value`.
void check_reads_back(const std::string& text, const Json& value) {
  Diagnostics diags;
  auto docs = load_text(text, "emitted.yaml", diags);
  INFO(text.substr(0, 300));
  REQUIRE_FALSE(diags.has_errors());
  REQUIRE(docs.size() == 1);
  CHECK(docs[0].value == value);
}

}  // namespace

TEST_CASE("reader: a ',' after an indented root mapping is a located error, not an endless loop") {
  // Found by fuzz_yaml_render when the reader used yaml-cpp 0.7, which reported the ',' as a null
  // document without consuming it. Kept for any parser: the input must end in a located error.
  Diagnostics diags;
  auto docs = load_text("  s:\n,", "m.yaml", diags);
  REQUIRE(diags.has_errors());
  const std::string message = format_diagnostic(diags.items().back());
  CHECK(message.rfind("m.yaml:2:1: error: ", 0) == 0);
  CHECK(message.find("[yaml/syntax]") != std::string::npos);
}

TEST_CASE("reader: consecutive empty documents are skipped, not mistaken for a stuck parser") {
  Diagnostics diags;
  auto docs = load_text("a: 1\n---\n---\n---\nb: 2\n", "m.yaml", diags);
  CHECK_FALSE(diags.has_errors());
  CHECK(docs.size() == 2);
}

TEST_CASE("reader: a duplicate key names its own field, not the entry before it joined to it") {
  // Once reported as "metadata.labels.b.a": the mapping's previous key was still taken as pending. The
  // anchored variant goes through libyaml instead of the block reader; both build with one builder.
  for (const std::string anchor : {"", "&first "}) {
    const std::string text = "metadata:\n  labels:\n    a: " + anchor + "\"1\"\n    b: \"2\"\n    a: \"3\"\n";
    INFO(text);
    Diagnostics diags;
    load_text(text, "m.yaml", diags);
    REQUIRE(diags.has_errors());
    const std::string message = format_diagnostic(diags.items().back());
    CHECK(message.rfind("m.yaml:5:5: error: duplicate key \"a\" (first defined at line 3, column 5)", 0) ==
          0);
    CHECK(message.find("(field: metadata.labels.a)") != std::string::npos);
  }
}

TEST_CASE("emitter: a key longer than YAML's 1024-character implicit-key limit reads back") {
  // Found by fuzz_emitter_roundtrip: YAML parsers refuse implicit keys over 1024 characters.
  Json value = Json::object();
  value["list"] = Json::array({Json::object({{"short", 1}, {std::string(1500, 'k'), "v"}})});
  value[std::string(1200, 'x') + "\x01"] = Json::object({{"a", 1}});
  std::string text = to_yaml(value);
  check_reads_back(text, value);
}

TEST_CASE("emitter: a byte order mark inside a key or value survives the round trip") {
  // Found by fuzz_emitter_roundtrip: a BOM after the first line became the first byte of the emitted
  // stream, where readers drop it.
  Json value = Json::object({{"\xEF\xBB\xBFVersion", "a\xEF\xBB\xBF"}});
  std::string text = to_yaml(value);
  CHECK(text == "\"\\uFEFFVersion\": \"a\\uFEFF\"\n");
  check_reads_back(text, value);
}

TEST_CASE("emitter: C1 controls, YAML 1.1 line breaks and non-characters are escaped and read back") {
  // Found by fuzz_emitter_roundtrip after the switch to libyaml, which (rightly) refuses a raw U+009E:
  // YAML does not allow C1 control characters unescaped.
  const std::string c1 = "caf\xC2\x9E",
                    nel =
                        "a\xC2\x85"
                        "b",
                    separators = "x\xE2\x80\xA8y\xE2\x80\xA9", noncharacter = "z\xEF\xBF\xBE";
  Json value = Json::object({{c1, c1},
                             {"nel", nel},
                             {"separators", separators},
                             {"nc", noncharacter},
                             {"multi", "line one\n" + c1 + "\n"}});
  std::string text = to_yaml(value);
  CHECK(text.find("\"caf\\u009E\": \"caf\\u009E\"") != std::string::npos);
  CHECK(text.find("\"a\\u0085b\"") != std::string::npos);
  CHECK(text.find("\"x\\u2028y\\u2029\"") != std::string::npos);
  CHECK(text.find("\"z\\uFFFE\"") != std::string::npos);
  check_reads_back(text, value);
}

TEST_CASE("emitter: integers at both ends of their ranges, beside floats and strings of digits") {
  // The emitter writes integers itself (std::to_chars) instead of through Json::dump. Expected text by
  // hand: plain decimal with a sign only when negative, the extremes of int64 and uint64 included; a
  // float still goes through dump; a string of digits is quoted so that it reads back as a string.
  Json value = Json::object({{"zero", 0},
                             {"negative", -42},
                             {"min", std::numeric_limits<int64_t>::min()},
                             {"max", std::numeric_limits<int64_t>::max()},
                             {"unsigned", std::numeric_limits<uint64_t>::max()},
                             {"float", 1.5},
                             {"digits", "8080"}});
  const std::string text = to_yaml(value);
  CHECK(text ==
        "zero: 0\nnegative: -42\nmin: -9223372036854775808\nmax: 9223372036854775807\n"
        "unsigned: 18446744073709551615\nfloat: 1.5\ndigits: '8080'\n");
  // The reader refuses integers beyond int64 (yaml/integer-overflow), as the API server does.
  value.erase("unsigned");
  check_reads_back(to_yaml(value), value);
}

TEST_CASE("loader: an empty item of a List is skipped like an empty document") {
  // Found by fuzz_emitter_roundtrip: a trailing "-" made a null item, which became a null document that
  // the emitter wrote and the reader then skipped.
  Diagnostics diags;
  auto docs = load_text("apiVersion: v1\nkind: List\nitems:\n- {kind: A}\n-\n- {kind: B}\n", "l.yaml", diags);
  REQUIRE_FALSE(diags.has_errors());
  REQUIRE(docs.size() == 2);
  CHECK(docs[0].value["kind"] == "A");
  CHECK(docs[1].value["kind"] == "B");
}

TEST_CASE("prescan: an open bracket inside a block plain scalar is text, not nesting") {
  // Found by fuzz_emitter_roundtrip: the depth prescan counted every '[' as an open flow collection and
  // carried the count to later lines, so two values with 130 '[' each were refused as 260 levels deep.
  const std::string brackets(130, '[');
  const std::string text = "a: x" + brackets + "\nb: y" + brackets + " # and a comment [[[\nc: &c z" +
                           brackets + "\nd: !!str w" + brackets + "\n";
  Diagnostics diags;
  auto docs = load_text(text, "p.yaml", diags);
  INFO((diags.empty() ? "" : format_diagnostic(diags.items().front())));
  REQUIRE_FALSE(diags.has_errors());
  REQUIRE(docs.size() == 1);
  CHECK(docs[0].value["b"] == "y" + brackets);
  CHECK(docs[0].value["d"] == "w" + brackets);
  // The round trip that the fuzzer checked.
  check_reads_back(to_yaml_stream({docs[0].value}), docs[0].value);
}

TEST_CASE("prescan: flow collections after a key, an anchor or a tag still count") {
  const std::string deep(300, '[');
  for (const std::string prefix : {"k: ", "k: &a ", "k: !!seq ", "- "}) {
    INFO(prefix);
    Diagnostics diags;
    load_text(prefix + deep + "\n", "d.yaml", diags);
    REQUIRE(diags.has_errors());
    CHECK(diags.items().front().rule == "yaml/too-deep");
  }
}

TEST_CASE("emitter: a multi-line string whose first line starts with a tab is quoted, not a literal block") {
  // Found by fuzz_emitter_roundtrip: a literal block's first line sets its indentation, and YAML parsers
  // refuse a tab there ("found a tab character where an indentation space is expected").
  Json value = Json::object({{"args", "\tsecond field\n"}, {"later", "first\n\tindented by a tab\n"}});
  std::string text = to_yaml(value);
  CHECK(text.find("args: \"\\tsecond field\\n\"") != std::string::npos);
  CHECK(text.find("later: |\n") != std::string::npos);  // a tab after the first line is fine
  check_reads_back(text, value);
}

TEST_CASE("emitter: words are plain unless YAML 1.1 reads them as a boolean or null") {
  // The emitter's fast path for letter-led words (is_plain_word): each scalar below is written as a value
  // and as a key. Quoted, by hand from the YAML 1.1 boolean and null spellings: y, Yes, off, NULL, FALSE.
  // Plain: words that only start like one (yesterday, nullable, offset, Falsey), and names of word bytes.
  for (const std::string word : {"y", "Yes", "off", "NULL", "FALSE"}) {
    INFO(word);
    CHECK(to_yaml(Json::object({{"k", word}})) == "k: '" + word + "'\n");
    CHECK(to_yaml(Json::object({{word, 1}})) == "'" + word + "': 1\n");
  }
  for (const std::string word : {"yesterday", "nullable", "offset", "Falsey", "train-0.workers_x/y", "Y2"}) {
    INFO(word);
    CHECK(to_yaml(Json::object({{"k", word}})) == "k: " + word + "\n");
    CHECK(to_yaml(Json::object({{word, 1}})) == word + ": 1\n");
  }
}
