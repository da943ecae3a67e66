#pragma once
// Compiles a schema (JSON) into a tree of Nodes once, so each document is checked by walking it
// against ready-made nodes.
#include <deque>
#include <memory>
#include <string>

#include "core/json.hpp"
#include "schema/node.hpp"

namespace grovectl::schema {

enum class Dialect {
  // A CRD's structural schema (schemas/crd/*.json): an object node declares every field it keeps; the API
  // server prunes the others, so they are unknown fields unless x-kubernetes-preserve-unknown-fields.
  kStructural,
  // A plain JSON schema (src/validate/schemas/objects_*.json): objects accept undeclared fields unless
  // additionalProperties is false.
  kOpenJsonSchema,
};

class CompiledSchema {
 public:
  // `schema` is the root node; "$ref": "#/definitions/<name>" resolves in `definitions`.
  // Returns nullptr with `error` set when the schema uses a keyword or pattern the checker cannot honour.
  static std::unique_ptr<CompiledSchema> compile(const Json& schema, const Json& definitions, Dialect dialect,
                                                 std::string& error);

  const Node& root() const { return *root_; }

  CompiledSchema(const CompiledSchema&) = delete;
  CompiledSchema& operator=(const CompiledSchema&) = delete;

 private:
  CompiledSchema() = default;
  friend class NodeCompiler;
  std::deque<Node> nodes_;  // a deque: node addresses stay fixed while nodes are added
  std::deque<Pattern> patterns_;
  const Node* root_ = nullptr;
};

}  // namespace grovectl::schema
