#pragma once
// Typed, located reads of an input document's fields. Every type problem becomes a Diagnostic with the
// file:line:col of the offending node and its field path.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "model/gang.hpp"
#include "yaml/document.hpp"
#include "yaml/field_place.hpp"

namespace grovectl {

// Whether a field must be there: a missing required field is reported (schema/required).
enum class Presence { kOptional, kRequired };

// A node of the document and where it is (`node` is null when nothing is there): a field under it is found
// with one lookup, and its pointer is spelled only for a message. A scope's place refers to its parent's,
// so a scope is made from a named scope only, never from a temporary (those overloads are deleted).
struct FieldScope {
  FieldPlace place;
  const Json* node = nullptr;
};

class ObjectReader {
 public:
  ObjectReader(const SourceDocument& doc, Diagnostics& diags) : doc_(doc), diags_(diags) {}

  // The document itself, field `name` of `parent` (a key as written, not escaped) and item `index` of a list.
  FieldScope root() const { return {FieldPlace("", ""), &doc_.value}; }
  FieldScope scope(const FieldScope& parent, std::string_view name) const;
  FieldScope item(const FieldScope& list, size_t index) const;
  FieldScope scope(const FieldScope&& parent, std::string_view name) const = delete;
  FieldScope item(const FieldScope&& list, size_t index) const = delete;

  // The reads of field `name` of `parent`: each takes a well-formed value, or the absence of an optional
  // one, and reports anything else (a required field missing, the wrong type, out of range).
  const Json* find(const FieldScope& parent, std::string_view name) const;
  bool has(const FieldScope& parent, std::string_view name) const { return find(parent, name) != nullptr; }
  std::optional<std::string> string(const FieldScope& parent, std::string_view name,
                                    Presence presence = Presence::kOptional);
  std::optional<int32_t> int32(const FieldScope& parent, std::string_view name,
                               Presence presence = Presence::kOptional);
  std::optional<bool> boolean(const FieldScope& parent, std::string_view name);
  std::vector<std::string> string_list(const FieldScope& parent, std::string_view name,
                                       Presence presence = Presence::kOptional);
  // A mapping of strings; null members are left out.
  StringMap string_map(const FieldScope& parent, std::string_view name);
  // Number of items of a sequence (0 when absent; a non-sequence is reported).
  size_t list_size(const FieldScope& parent, std::string_view name, Presence presence = Presence::kOptional);
  bool expect_object(const FieldScope& parent, std::string_view name,
                     Presence presence = Presence::kOptional);

  // Findings at a JSON pointer of the document (one kept in the model, e.g. ReplicatedJob::pointer).
  void error(const std::string& rule, const std::string& message, const std::string& pointer);
  void warning(const std::string& rule, const std::string& message, const std::string& pointer);
  void missing(const FieldPlace& place);

 private:
  // What a read found at field `name` of `parent`: nothing (absent or null), or a node.
  const Json* value_of(const FieldScope& parent, std::string_view name, Presence presence);
  void report(const std::string& rule, const std::string& message, const FieldPlace& place);
  void type_error(const FieldPlace& place, const char* expected, const Json& got);
  const SourceDocument& doc_;
  Diagnostics& diags_;
};

std::string json_type_name(const Json& j);

}  // namespace grovectl
