// core/json_release.hpp frees a tree from the leaves up, within kMaxNestingDepth levels by recursion and
// beyond them through nlohmann's own flattening destructor.
#include <catch2/catch.hpp>

#include "core/budgets.hpp"
#include "core/json_release.hpp"

using grovectl::Json;

TEST_CASE("release_tree: leaves a null, whatever the tree held", "[core]") {
  Json tree = {{"metadata", {{"name", "a"}, {"labels", {{"x", "y"}}}}}, {"items", {1, {{"k", {2, 3}}}, "s"}}};
  grovectl::release_tree(tree);
  CHECK(tree.is_null());
}

TEST_CASE("release_tree: a tree deeper than the nesting budget is freed without deep recursion", "[core]") {
  // 100,000 nested arrays: recursing through all of them would overflow the stack under ASan.
  Json tree = Json::array();
  Json* innermost = &tree;
  for (int i = 0; i < 100000; ++i) {
    innermost->push_back(Json::array());
    innermost = &(*innermost)[0];
  }
  grovectl::release_tree(tree);
  CHECK(tree.is_null());
  static_assert(grovectl::kMaxNestingDepth < 100000);
}
