#pragma once
// Frees a JSON tree from the leaves up. nlohmann's destructor flattens every non-empty object or array
// into a freshly allocated stack first (to survive any depth), which costs an allocation and a move per
// node; emptying the children first leaves it nothing to flatten. Below kMaxNestingDepth levels (every
// tree grovectl builds or reads is within it) this recursion is bounded; deeper parts are left to nlohmann.
#include "core/json.hpp"

namespace grovectl {

void release_tree(Json& tree);

}  // namespace grovectl
