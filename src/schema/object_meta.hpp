#pragma once
// The schema node used for `metadata` at a resource root and in embedded resources.
#include "schema/node.hpp"

namespace grovectl::schema {

const Node& object_meta_node();

}  // namespace grovectl::schema
