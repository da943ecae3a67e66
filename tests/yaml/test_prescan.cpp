// The checks that run over the whole text before it is parsed: the encoding (8 bytes at a time, each byte
// as a fallback) and the nesting depth (a bound from row lengths first, the exact estimate when the bound
// cannot rule the limit out). Their fast paths must find exactly what the byte-by-byte reading finds.
#include <catch2/catch.hpp>

#include "input/loader.hpp"
#include "support/test_support.hpp"

using namespace grovectl;

namespace {

const Diagnostic* find_rule_in(const Diagnostics& diags, const std::string& rule) {
  for (const Diagnostic& d : diags.items()) {
    if (d.rule == rule) return &d;
  }
  return nullptr;
}

// Nested block mappings, one level per row: "k:" indented by one more space each time.
std::string staircase(int levels) {
  std::string text;
  for (int i = 0; i < levels; ++i) text += std::string(i, ' ') + "k:\n";
  return text;
}

// `byte` at each column from 4 to 20 of "a: xxx...", followed by `after`: refused there unless allowed.
void check_control_byte(int byte, const std::string& after) {
  // YAML allows tab, LF and CR among the C0 controls, and not DEL (YAML 1.1, production [1] c-printable).
  const bool allowed = byte == '\t' || byte == '\n' || byte == '\r';
  for (int column = 4; column <= 20; ++column) {
    const std::string text = "a: " + std::string(column - 4, 'x') + static_cast<char>(byte) + after;
    INFO("byte " << byte << " at column " << column << ", then " << after.size() << " bytes");
    Diagnostics diags;
    load_text(text, "c.yaml", diags);
    const Diagnostic* found = find_rule_in(diags, "yaml/encoding");
    if (allowed) {
      CHECK(found == nullptr);
      continue;
    }
    REQUIRE(found != nullptr);
    CHECK(found->location.line == 1);
    CHECK(found->location.column == column);
  }
}

}  // namespace

TEST_CASE("prescan: every control byte is found at its column, wherever it falls in an 8-byte word") {
  for (int byte = 0; byte < 0x80; ++byte) {
    if (byte >= 0x20 && byte < 0x7F) continue;
    check_control_byte(byte, "yyyyyyyyy\n");  // more text on its row
    check_control_byte(byte, "\nb: 1\n");     // a line break in the same 8-byte word
  }
}

TEST_CASE("prescan: nesting at the limit is read, one level more refuses the stream before it is parsed") {
  // 256 levels (kMaxNestingDepth) of block mappings are read; the 257th row opens one too many. The
  // prescan refuses the whole stream, so the valid document before it is not read either (the reader's own
  // limit, which would also refuse it, comes only after that document).
  const std::string first = "a: 1\n---\n";
  SECTION("indentation") {
    Diagnostics at_limit;
    CHECK(load_text(first + staircase(256), "limit.yaml", at_limit).size() == 2);
    CHECK(find_rule_in(at_limit, "yaml/too-deep") == nullptr);

    Diagnostics over;
    CHECK(load_text(first + staircase(257), "over.yaml", over).empty());
    const Diagnostic* found = find_rule_in(over, "yaml/too-deep");
    REQUIRE(found != nullptr);
    CHECK(found->location.line == 259);  // the stair's 257th row, after the first document's two
  }
  SECTION("flow sequences among short rows") {
    // Every row is short, so only the count of '[' keeps the length bound from passing the text.
    std::string over = first + "b: 1\n";
    for (int i = 0; i < 257; ++i) over += "[\n";
    Diagnostics diags;
    CHECK(load_text(over, "flow.yaml", diags).empty());
    CHECK(find_rule_in(diags, "yaml/too-deep") != nullptr);
  }
  SECTION("flow sequences after documents with brackets of their own") {
    // 300 documents holding "[]" each (as `kubectl get -o yaml` writes empty lists): the brackets are counted
    // per document, so they do not add up to a refusal, and the last document still refuses on its own.
    std::string documents;
    for (int i = 0; i < 300; ++i) documents += "a: []\nb: {}\n---\n";
    auto nested = [](int levels) {
      std::string text = "c: 1\nd:\n";
      for (int i = 0; i < levels; ++i) text += " [\n";
      for (int i = 0; i < levels; ++i) text += " ]\n";
      return text;
    };
    // The estimate counts the root mapping, the brackets' indentation level and each open bracket: 256.
    Diagnostics at_limit;
    CHECK(load_text(documents + nested(254), "limit.yaml", at_limit).size() == 301);
    CHECK(find_rule_in(at_limit, "yaml/too-deep") == nullptr);
    Diagnostics over;
    CHECK(load_text(documents + nested(257), "over.yaml", over).empty());
    CHECK(find_rule_in(over, "yaml/too-deep") != nullptr);
  }
}
