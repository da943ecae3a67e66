#include "core/json_release.hpp"

#include "core/budgets.hpp"

namespace grovectl {
namespace {

void empty_children(Json& node, size_t depth) {
  if (depth >= kMaxNestingDepth) return;
  if (node.is_object()) {
    for (auto& [key, child] : node.get_ref<Json::object_t&>()) {
      if (child.is_structured()) empty_children(child, depth + 1);
    }
    node.get_ref<Json::object_t&>().clear();
  } else if (node.is_array()) {
    for (Json& child : node.get_ref<Json::array_t&>()) {
      if (child.is_structured()) empty_children(child, depth + 1);
    }
    node.get_ref<Json::array_t&>().clear();
  }
}

}  // namespace

void release_tree(Json& tree) {
  empty_children(tree, 0);
  tree = nullptr;
}

}  // namespace grovectl
