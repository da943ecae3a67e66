#pragma once
// One compiled schema node: everything the checker needs at a document node, resolved ahead of time
// (types as a bit set, enum values as a set, patterns compiled, properties in a hash map). Nodes form a
// DAG: a $ref shares the node of its definition.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/json.hpp"
#include "schema/pattern.hpp"

namespace grovectl::schema {

enum TypeBit : uint8_t {
  kObject = 1 << 0,
  kArray = 1 << 1,
  kString = 1 << 2,
  kInteger = 1 << 3,
  kNumber = 1 << 4,
  kBoolean = 1 << 5,
};

enum class ListType : uint8_t { kAtomic, kSet, kMap };
enum class StringFormat : uint8_t { kNone, kDateTime };

// What happens to object keys the node does not declare.
enum class UnknownKeys : uint8_t {
  kPruned,     // structural schema: the API server drops them (strict field validation reports them)
  kPreserved,  // x-kubernetes-preserve-unknown-fields, or an open JSON schema: kept, not checked
};

struct Bound {
  double value = 0;
  bool exclusive = false;
};

struct Node {
  uint8_t types = 0;  // TypeBit set; 0 = any type
  bool int_or_string = false;
  bool nullable = false;
  bool embedded_resource = false;
  UnknownKeys unknown_keys = UnknownKeys::kPruned;
  std::string type_name;  // "integer", "integer,string", ... for messages

  StringFormat format = StringFormat::kNone;
  std::string format_name;

  std::vector<Json> enum_values;                 // in schema order, for messages
  std::unordered_set<std::string> enum_strings;  // fast path when every enum value is a string
  bool enum_all_strings = false;

  const Pattern* pattern = nullptr;
  std::optional<Bound> minimum, maximum;
  std::optional<double> multiple_of;
  std::optional<int64_t> min_length, max_length, min_items, max_items;

  std::vector<std::string> required;
  std::unordered_map<std::string, const Node*> properties;
  const Node* additional = nullptr;  // additionalProperties as a schema
  bool additional_any = false;       // additionalProperties: true
  const Node* items = nullptr;
  std::vector<const Node*> any_of;

  ListType list_type = ListType::kAtomic;
  std::vector<std::string> list_map_keys;

  std::optional<Json> default_value;

  const Node* property(const std::string& name) const {
    auto it = properties.find(name);
    return it == properties.end() ? nullptr : it->second;
  }
};

}  // namespace grovectl::schema
