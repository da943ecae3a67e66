#pragma once
// Typed, located access to fields of an input document. Every type problem becomes a Diagnostic with
// the file:line:col of the offending node and its field path.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "model/gang.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// Whether a field must be there: a missing required field is reported (schema/required).
enum class Presence { kOptional, kRequired };

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

  void error(const std::string& rule, const std::string& message, const std::string& pointer);
  void warning(const std::string& rule, const std::string& message, const std::string& pointer);
  void missing(const std::string& pointer);
  Location locate(const std::string& pointer) const { return doc_.locate(pointer); }
  const SourceDocument& document() const { return doc_; }
  Diagnostics& diagnostics() { return diags_; }

 private:
  void type_error(const std::string& pointer, const char* expected, const Json& got);
  const SourceDocument& doc_;
  Diagnostics& diags_;
  // find's cache: the parent pointer of the previous lookup and its node (the document does not change).
  mutable bool parent_cached_ = false;
  mutable std::string cached_parent_;
  mutable const Json* cached_parent_node_ = nullptr;
};

std::string json_type_name(const Json& j);

}  // namespace grovectl
