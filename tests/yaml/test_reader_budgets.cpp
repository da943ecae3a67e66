// The reader's budgets refuse before they spend (yaml/reader.hpp): an alias used as a key is counted before
// it is copied; flow collections that are both deep and wide are refused by the flow levels around their
// nodes, which is what libyaml's scanner spends time on; and every refusal names the field being read.
// The limits are set small here so that the texts stay short; each expected count is worked out in the
// comment beside it.
#include <catch2/catch.hpp>

#include "yaml/reader.hpp"

using namespace grovectl;

namespace {

Diagnostic only_error(const std::string& text, const ReadLimits& limits) {
  Diagnostics diags;
  parse_yaml_stream(text, "in.yaml", diags, limits);
  REQUIRE(diags.items().size() == 1);
  return diags.items()[0];
}

}  // namespace

TEST_CASE("reader budgets: an alias used as a key is counted as the copy it is", "[yaml][budgets]") {
  ReadLimits limits;
  // Each alias of the 100-byte scalar copies 48 + 100 bytes (a node and its text): 3 copies are 444 bytes,
  // the fourth passes 500. The fourth is the key on line 6, column 4 (after "- {").
  limits.max_alias_bytes = 500;
  const std::string big(100, 'k');
  const std::string text = "a: &s " + big + "\nb:\n- {*s: 1}\n- {*s: 2}\n- {*s: 3}\n- {*s: 4}\n";
  const Diagnostic d = only_error(text, limits);
  CHECK(d.rule == "yaml/alias-expansion");
  CHECK(d.location.line == 6);
  CHECK(d.location.column == 4);
  CHECK(d.field == "b[3]");
}

TEST_CASE("reader budgets: flow levels add up per node, block nesting costs nothing", "[yaml][budgets]") {
  ReadLimits limits;
  limits.max_flow_levels = 10;
  // "a: [[[1, 2, 3]]]": the outer '[' has no flow around it (0), the second 1, the third 2, and each of the
  // three items 3: 0 + 1 + 2 + 9 = 12 > 10, passed at the third item ('3', column 13): 0+1+2+3+3 = 9, then
  // 12.
  Diagnostic d = only_error("a: [[[1, 2, 3]]]\n", limits);
  CHECK(d.rule == "yaml/flow-levels");
  CHECK(d.location.line == 1);
  CHECK(d.location.column == 13);
  CHECK(d.field == "a[0][0][2]");
  // Block style of the same depth holds no flow collection: nothing to count.
  Diagnostics diags;
  parse_yaml_stream("a:\n- - - 1\n    - 2\n    - 3\n", "in.yaml", diags, limits);
  CHECK(diags.empty());
  // Within the budget: 0 + 1 + 2 + 3 + 3 = 9.
  parse_yaml_stream("a: [[[1, 2]]]\n", "in.yaml", diags, limits);
  CHECK(diags.empty());
}

TEST_CASE("reader budgets: the flow levels of a load are shared by its streams, in parallel too",
          "[yaml][budgets]") {
  // The same count whichever reader or way: the block subset reader's one-line flow sequences count as
  // libyaml's, and a stream read in slices on every core refuses where one sequential read does.
  std::string text;
  for (int i = 0; i < 200; ++i) text += "---\nk: [1, 2, 3]\n";  // 3 flow levels a document: 600 in all
  for (BlockReader reader : {BlockReader::kSubsetFirst, BlockReader::kLibyamlOnly}) {
    for (size_t parallel_from : {size_t{0}, SIZE_MAX}) {
      ReadLimits limits;
      limits.max_flow_levels = 599;
      limits.block_reader = reader;
      limits.parallel_from_bytes = parallel_from;
      const Diagnostic d = only_error(text, limits);
      CHECK(d.rule == "yaml/flow-levels");
      CHECK(d.location.line == 400);  // the last document's "k: [1, 2, 3]", its third item
      CHECK(d.location.column == 11);
      limits.max_flow_levels = 600;
      Diagnostics diags;
      parse_yaml_stream(text, "in.yaml", diags, limits);
      CHECK(diags.empty());
    }
  }
}

TEST_CASE("reader budgets: depth and node refusals name the field", "[yaml][budgets]") {
  ReadLimits limits;
  limits.max_depth = 3;
  // The alias puts a sequence one level deep under two: 1 + 2 + 1 = 4 levels (the root mapping first), past 3
  // at the alias (line 2, column 6). The text itself nests 3 deep, which the prescan lets through.
  Diagnostic deep = only_error("a: &x [1]\nb: [[*x]]\n", limits);
  CHECK(deep.rule == "yaml/too-deep");
  CHECK(deep.location.line == 2);
  CHECK(deep.location.column == 6);
  CHECK(deep.field == "b[0][0]");
  limits = ReadLimits{};
  limits.max_nodes = 5;  // the mapping, a, 1, b, 2: the sixth node is the key c
  Diagnostic many = only_error("a: 1\nb: 2\nc: 3\n", limits);
  CHECK(many.rule == "yaml/too-many-nodes");
  CHECK(many.location.line == 3);
  CHECK(many.field.empty());  // at a key of the root mapping: the field it starts is not read yet
}
