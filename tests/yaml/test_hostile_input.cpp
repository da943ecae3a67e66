// Hostile input: every class gives a located, clear error and a non-zero exit, and never a
// crash or hang. Inputs are generated here. Each run is wrapped in `timeout` so a hang fails the test
// instead of blocking the suite (this is a bound, not a timing assertion).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/test_support.hpp"

using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

fs::path write_input(const std::string& name, const std::string& text) {
  fs::path dir = scratch_root() / "hostile";
  fs::create_directories(dir);
  fs::path p = dir / name;
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

CommandResult render_text(const std::string& name, const std::string& text,
                          const std::string& command = "render") {
  fs::path p = write_input(name, text);
  CommandResult r = run_shell(std::string("NO_COLOR=1 timeout 120 '") + GROVECTL_BINARY + "' " + command +
                              " --include podgang -f '" + p.string() + "'");
  fs::remove(p);
  return r;
}

// Expects a refusal: exit 1, nothing on stdout, the rule and a file:line:col location in the message.
void expect_refused(const CommandResult& r, const std::string& rule, const std::string& location) {
  INFO(r.err.substr(0, 2000));
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(contains(r.err, rule));
  CHECK(contains(r.err, location));
}

std::string pcs_with(const std::string& replicas_text) {
  return "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: p\nspec:\n  replicas: " +
         replicas_text +
         "\n  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: w\n        replicas: 1\n"
         "        podSpec:\n          containers:\n          - name: main\n            image: "
         "example.com/main:1\n";
}

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST_CASE("hostile: alias bombs are bounded") {
  // Billion laughs: 9 levels of 10 aliases each would expand to 10^9 nodes.
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i <= 9; ++i) {
    std::string prev = "*a" + std::to_string(i - 1);
    text +=
        "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + repeat(prev + ", ", 9) + prev + "]\n";
  }
  expect_refused(render_text("bomb.yaml", text), "alias expansion exceeds", "bomb.yaml:");
  SECTION("through merge keys") {
    std::string m = "b0: &b0 {k0: [x, x, x, x, x, x, x, x, x, x]}\n";
    for (int i = 1; i <= 9; ++i) {
      std::string prev = "*b" + std::to_string(i - 1);
      m +=
          "b" + std::to_string(i) + ": &b" + std::to_string(i) + " [" + repeat(prev + ", ", 9) + prev + "]\n";
    }
    expect_refused(render_text("merge-bomb.yaml", m), "alias expansion exceeds", "merge-bomb.yaml:");
  }
}

TEST_CASE("hostile: a recursive alias is an error") {
  expect_refused(render_text("recursive.yaml", "a: &a [1, *a]\n"), "yaml/", "recursive.yaml:1:");
}

TEST_CASE("hostile: 200k-deep nesting is refused without stack overflow") {
  SECTION("flow sequences") {
    expect_refused(render_text("flow.yaml", std::string(200000, '[')), "yaml/too-deep", "flow.yaml:1:");
  }
  SECTION("flow mappings") {
    expect_refused(render_text("flowmap.yaml", repeat("{a: ", 200000)), "yaml/too-deep", "flowmap.yaml:1:");
  }
  SECTION("block sequences on one line") {
    expect_refused(render_text("block.yaml", repeat("- ", 200000) + "x\n"), "yaml/too-deep", "block.yaml:1:");
  }
  SECTION("indentation") {
    std::string text;
    for (int i = 0; i < 3000; ++i) text += std::string(i, ' ') + "k:\n";
    expect_refused(render_text("indent.yaml", text), "yaml/too-deep", "indent.yaml:257:");
  }
  SECTION("closed flow brackets are fine") {
    std::string text = pcs_with("1") + "    priorityClassName: " + "x\n";
    CommandResult r = render_text("ok.yaml", text + "# " + std::string(1000, '[') + "\n");
    INFO(r.err);
    CHECK(r.exit_code == 0);
  }
}

TEST_CASE("hostile: integers that overflow") {
  SECTION("beyond 64 bits") {
    expect_refused(render_text("big.yaml", pcs_with("99999999999999999999999")), "yaml/integer-overflow",
                   "big.yaml:6:13");
  }
  SECTION("beyond 64 bits, hexadecimal and negative") {
    expect_refused(render_text("hex.yaml", pcs_with("0xFFFFFFFFFFFFFFFFFF")), "yaml/integer-overflow",
                   "hex.yaml:6:13");
    expect_refused(render_text("neg.yaml", pcs_with("-9223372036854775809")), "yaml/integer-overflow",
                   "neg.yaml:6:13");
  }
  // A field's problem points at its key: "  replicas:" starts in column 3 of line 6; the reader's own
  // integer-overflow error points at the scalar itself (column 13).
  SECTION("beyond 32 bits in an int32 field") {
    expect_refused(render_text("i32.yaml", pcs_with("3000000000")), "schema/int32-range", "i32.yaml:6:3");
    expect_refused(render_text("i32n.yaml", pcs_with("-2147483649")), "schema/int32-range", "i32n.yaml:6:3");
  }
  SECTION("a huge float is not a number") {
    expect_refused(render_text("flt.yaml", pcs_with("1e999")), "schema/type", "flt.yaml:6:3");
  }
  SECTION("a 200k-digit scalar") {
    expect_refused(render_text("digits.yaml", pcs_with(std::string(200000, '7'))), "yaml/integer-overflow",
                   "digits.yaml:6:13");
    expect_refused(render_text("digits2.yaml", pcs_with(std::string(200000, '7') + "x")), "schema/type",
                   "digits2.yaml:6:3");
  }
}

TEST_CASE("hostile: duplicate keys name both locations") {
  std::string text = pcs_with("1");
  text.insert(text.find("spec:"), "  name: q\n");
  CommandResult r = render_text("dup.yaml", text);
  expect_refused(r, "yaml/duplicate-key", "dup.yaml:5:3");
  CHECK(contains(r.err, "first defined at line 4, column 3"));
}

TEST_CASE("hostile: a 1 MB duplicate key is quoted once, cut to its start and its length") {
  // Two copies of one alias of a 1 MB scalar, used as keys: the second is the duplicate. The quoted start
  // and its "..." are one word that the message's own bound leaves whole (it once read "... (257 bytes)
  // (1048576 bytes)").
  const std::string key(1 << 20, 'k');
  CommandResult r = render_text("dup-big.yaml", "a: &s " + key + "\nm:\n  *s : 1\n  *s : 2\n");
  expect_refused(r, "yaml/duplicate-key", "dup-big.yaml:4:3");
  CHECK(contains(r.err, "duplicate key \"" + std::string(200, 'k')));
  CHECK(contains(r.err, "\"... (1048576 bytes) (first defined at line 3, column 3)"));
  CHECK_FALSE(contains(r.err, "(257 bytes)"));
  CHECK(r.err.size() < 4096);
}

TEST_CASE("hostile: non-UTF-8 and NUL bytes") {
  SECTION("invalid byte") {
    expect_refused(render_text("latin1.yaml", "a: b\nname: caf\xE9\n"), "yaml/encoding", "latin1.yaml:2:10");
  }
  SECTION("overlong encoding") {
    expect_refused(render_text("overlong.yaml", "a: \xC0\xAF\n"), "yaml/encoding", "overlong.yaml:1:4");
  }
  SECTION("NUL byte") {
    expect_refused(render_text("nul.yaml", std::string("a: b\nc: d\0e\n", 12)), "yaml/encoding",
                   "nul.yaml:2:5");
  }
}

TEST_CASE("hostile: empty inputs are an error, never a pass") {
  for (const std::string text : {"", "# only a comment\n", "---\n---\n", "~\n"}) {
    INFO("input: " << text);
    CommandResult r = render_text("empty.yaml", text);
    CHECK(r.exit_code != 0);
    CHECK(r.out.empty());
    CHECK_FALSE(r.err.empty());
  }
}

TEST_CASE("hostile: a huge document is handled") {
  SECTION("a 4 MB scalar is read, and refused as an annotation by the API server's 256 KiB limit") {
    std::string text = pcs_with("1");
    text.insert(text.find("spec:"), "  annotations:\n    big: " + std::string(4 << 20, 'z') + "\n");
    // apimachinery ValidateAnnotations: keys plus values at most 256 KiB (TotalAnnotationSizeLimitB).
    expect_refused(render_text("huge.yaml", text), "meta/annotation-size", "huge.yaml:5:3:");
  }
  SECTION("a mapping with 50k keys renders (no quadratic key lookup)") {
    std::string labels = "  labels:\n";
    for (int i = 0; i < 50000; ++i) labels += "    k" + std::to_string(i) + ": v\n";
    std::string text = pcs_with("1");
    text.insert(text.find("spec:"), labels);
    CommandResult r = render_text("wide.yaml", text);
    INFO(r.err.substr(0, 500));
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("k49999: v") != std::string::npos);
  }
  SECTION("merge keys may be overridden, real duplicates may not") {
    std::string ok = pcs_with("1");
    ok.insert(ok.find("spec:"), "  labels:\n    <<: {a: x, b: w}\n    a: z\n");
    CommandResult r = render_text("merge.yaml", ok);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("a: z") != std::string::npos);
    std::string bad = pcs_with("1");
    bad.insert(bad.find("spec:"), "  labels:\n    <<: {a: x}\n    a: z\n    a: w\n");
    expect_refused(render_text("merge-dup.yaml", bad), "yaml/duplicate-key", "merge-dup.yaml:8:5");
  }
  SECTION("100k documents of garbage keys fail cleanly") {
    CommandResult r = render_text("many.yaml", repeat("---\nfoo: bar\n", 100000));
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
  }
  SECTION("a huge expansion is refused") {
    expect_refused(render_text("fanout.yaml", pcs_with("2000000000")), "render/too-large", "fanout.yaml:6:");
  }
}

TEST_CASE("hostile: assorted syntax errors are located") {
  expect_refused(render_text("quote.yaml", "a: \"x\" y\n"), "yaml/syntax", "quote.yaml:1:");
  expect_refused(render_text("tab.yaml", "a:\n\tb: c\n"), "yaml/syntax", "tab.yaml:");
  expect_refused(render_text("key.yaml", "? [a, b]\n: c\n"), "yaml/syntax", "key.yaml:1:");
  // Found by fuzz_validate: yaml-cpp 0.7 (our first parser) looped forever on a document starting with ','.
  expect_refused(render_text("comma.yaml", "a: 1\n---\n&x ,b\n"), "yaml/syntax", "comma.yaml:3:4");
  expect_refused(render_text("tagcomma.yaml", "!x,y\n"), "yaml/syntax", "tagcomma.yaml:1:3");
  expect_refused(render_text("badkind.yaml", "apiVersion: [1\n"), "yaml/syntax", "badkind.yaml:");
}
