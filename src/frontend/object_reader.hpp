#pragma once
// Typed, located access to fields of an input document. Every type problem becomes a Diagnostic with
// the file:line:col of the offending node and its field path.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "model/gang.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// Whether a field must be there: a missing required field is reported (schema/required).
enum class Presence { kOptional, kRequired };

// A node of the document and its JSON pointer (`node` is null when nothing is there): the fields under
// it are found with one lookup each, not a walk from the root.
struct FieldScope {
  std::string pointer;
  const Json* node = nullptr;
};

// The field `name` (a key as written, not escaped, or an index) of `parent`. The reads below take one to
// find a well-formed value without building its pointer, which is built only for a message.
struct Field {
  const FieldScope& parent;
  std::string_view name;
  std::string pointer() const;
};

class ObjectReader {
 public:
  ObjectReader(const SourceDocument& doc, Diagnostics& diags) : doc_(doc), diags_(diags) {}

  const Json* find(const std::string& pointer) const;
  bool has(const std::string& pointer) const { return find(pointer) != nullptr; }

  std::optional<std::string> string(const std::string& pointer, Presence presence = Presence::kOptional);
  std::optional<int32_t> int32(const std::string& pointer, Presence presence = Presence::kOptional);
  std::optional<bool> boolean(const std::string& pointer);
  std::vector<std::string> string_list(const std::string& pointer, Presence presence = Presence::kOptional);
  StringMap string_map(const std::string& pointer);
  // Number of items of a sequence at `pointer` (0 when absent; a non-sequence is reported).
  size_t list_size(const std::string& pointer, Presence presence = Presence::kOptional);
  bool expect_object(const std::string& pointer, Presence presence = Presence::kOptional);

  // The node at `pointer`, and a field or an item of a scope, as scopes.
  FieldScope scope(const std::string& pointer) const { return {pointer, find(pointer)}; }
  FieldScope scope(const Field& field) const { return {field.pointer(), find(field)}; }
  FieldScope item(const FieldScope& list, size_t index) const;

  // The same reads of a field: what they find and report is exactly what the pointer forms give.
  const Json* find(const Field& field) const;
  bool has(const Field& field) const { return find(field) != nullptr; }
  std::optional<std::string> string(const Field& field, Presence presence = Presence::kOptional);
  std::optional<int32_t> int32(const Field& field, Presence presence = Presence::kOptional);
  std::optional<bool> boolean(const Field& field);
  StringMap string_map(const Field& field);
  size_t list_size(const Field& field, Presence presence = Presence::kOptional);
  bool expect_object(const Field& field, Presence presence = Presence::kOptional);

  void error(const std::string& rule, const std::string& message, const std::string& pointer);
  void warning(const std::string& rule, const std::string& message, const std::string& pointer);
  void missing(const std::string& pointer);
  Location locate(const std::string& pointer) const { return doc_.locate(pointer); }
  const SourceDocument& document() const { return doc_; }
  Diagnostics& diagnostics() { return diags_; }

 private:
  void type_error(const std::string& pointer, const char* expected, const Json& got);
  const Json* cached_parent(std::string_view parent) const;
  const SourceDocument& doc_;
  Diagnostics& diags_;
  // find's cache: the parents of the latest lookups and their nodes (the document does not change). A
  // frontend reads fields in runs under a few parents ("/spec/replicatedJobs/3", ".../template/spec").
  struct CachedParent {
    std::string pointer;
    const Json* node = nullptr;
  };
  mutable std::array<CachedParent, 4> cached_parents_;
  mutable size_t parents_cached_ = 0;  // lookups cached so far; the next goes to slot parents_cached_ % 4
};

std::string json_type_name(const Json& j);

}  // namespace grovectl
