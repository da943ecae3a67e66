#include "frontend/object_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>

namespace grovectl {

std::string json_type_name(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "boolean";
    case Json::value_t::string:
      return "string";
    case Json::value_t::array:
      return "sequence";
    case Json::value_t::object:
      return "mapping";
    case Json::value_t::number_float:
      return "number";
    default:
      return "integer";
  }
}

namespace {

// One step down from `node` by the pointer token `token` (escaped as RFC 6901 writes it).
const Json* child(const Json* node, std::string_view token) {
  if (node->is_object()) {
    if (token.find('~') == std::string_view::npos) {
      auto it = node->find(token);
      return it == node->end() ? nullptr : &*it;
    }
    auto it = node->find(unescape_pointer_token(token));
    return it == node->end() ? nullptr : &*it;
  }
  if (node->is_array()) {
    size_t idx = 0;
    auto [end_of_number, ec] = std::from_chars(token.data(), token.data() + token.size(), idx);
    // A name where an index belongs (a sequence where a mapping was expected) finds nothing.
    if (token.empty() || ec != std::errc() || end_of_number != token.data() + token.size()) return nullptr;
    return idx < node->size() ? &(*node)[idx] : nullptr;
  }
  return nullptr;
}

// The node at `pointer` below `node` ("" is `node` itself).
const Json* walk(const Json* node, std::string_view pointer) {
  size_t pos = 0;
  while (node && pos < pointer.size()) {
    size_t next = pointer.find('/', pos + 1);
    size_t end = next == std::string_view::npos ? pointer.size() : next;
    node = child(node, pointer.substr(pos + 1, end - pos - 1));
    pos = end;
  }
  return node;
}

}  // namespace

// The frontend reads fields in runs under a few parents ("/spec/template/cliques/3/spec/..."), so the
// parents of the latest lookups are kept: a pointer under one of them costs one step, not a walk from the
// root.
const Json* ObjectReader::find(const std::string& pointer) const {
  const size_t last = pointer.rfind('/');
  if (last == std::string::npos || last == 0) return walk(&doc_.value, pointer);
  const Json* parent = cached_parent(std::string_view(pointer.data(), last));
  return parent ? walk(parent, std::string_view(pointer).substr(last)) : nullptr;
}

// A parent not cached is walked to from its longest cached ancestor: the parents of a run are read
// outside in ("/spec/replicatedJobs/3", then ".../3/template", ".../3/template/spec").
const Json* ObjectReader::cached_parent(std::string_view parent) const {
  const size_t cached = std::min(parents_cached_, cached_parents_.size());
  const CachedParent* ancestor = nullptr;
  for (size_t i = 0; i < cached; ++i) {
    const CachedParent& c = cached_parents_[i];
    if (c.pointer == parent) return c.node;
    const bool is_ancestor = c.node && parent.size() > c.pointer.size() && parent.starts_with(c.pointer) &&
                             parent[c.pointer.size()] == '/';
    if (is_ancestor && (!ancestor || c.pointer.size() > ancestor->pointer.size())) ancestor = &c;
  }
  const Json* node =
      ancestor ? walk(ancestor->node, parent.substr(ancestor->pointer.size())) : walk(&doc_.value, parent);
  CachedParent& slot = cached_parents_[parents_cached_++ % cached_parents_.size()];
  slot.pointer.assign(parent);
  slot.node = node;
  return node;
}

std::string Field::pointer() const {
  return pointer_append(parent.pointer, name);
}

FieldScope ObjectReader::item(const FieldScope& list, size_t index) const {
  const bool listed = list.node && list.node->is_array() && index < list.node->size();
  return {pointer_append(list.pointer, index), listed ? &(*list.node)[index] : nullptr};
}

const Json* ObjectReader::find(const Field& field) const {
  const Json* parent = field.parent.node;
  if (!parent || !parent->is_object()) return parent ? child(parent, field.name) : nullptr;
  auto it = parent->find(field.name);  // a key as written: nothing to unescape
  return it == parent->end() ? nullptr : &*it;
}

// Each field read takes the well-formed value it finds, or the absence of an optional one; anything else
// (a required field missing, the wrong type, out of range) goes to the pointer form, which reports it.
std::optional<std::string> ObjectReader::string(const Field& field, Presence presence) {
  const Json* j = find(field);
  if (j && j->is_string()) return j->get<std::string>();
  if ((!j || j->is_null()) && presence == Presence::kOptional) return std::nullopt;
  return string(field.pointer(), presence);
}

std::optional<int32_t> ObjectReader::int32(const Field& field, Presence presence) {
  const Json* j = find(field);
  if ((!j || j->is_null()) && presence == Presence::kOptional) return std::nullopt;
  if (j && j->is_number_integer()) {
    const int64_t v = j->get<int64_t>();
    if (v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max())
      return static_cast<int32_t>(v);
  }
  return int32(field.pointer(), presence);
}

std::optional<bool> ObjectReader::boolean(const Field& field) {
  const Json* j = find(field);
  if (!j || j->is_null()) return std::nullopt;
  if (j->is_boolean()) return j->get<bool>();
  return boolean(field.pointer());
}

StringMap ObjectReader::string_map(const Field& field) {
  const Json* j = find(field);
  if (!j || j->is_null()) return {};
  const auto is_string_or_null = [](const Json& v) { return v.is_string() || v.is_null(); };
  if (!j->is_object() || !std::all_of(j->begin(), j->end(), is_string_or_null)) {
    return string_map(field.pointer());
  }
  StringMap out;
  for (auto it = j->begin(); it != j->end(); ++it) {
    if (it.value().is_string()) out[it.key()] = it.value().get<std::string>();
  }
  return out;
}

size_t ObjectReader::list_size(const Field& field, Presence presence) {
  const Json* j = find(field);
  if (j && j->is_array()) return j->size();
  if ((!j || j->is_null()) && presence == Presence::kOptional) return 0;
  return list_size(field.pointer(), presence);
}

bool ObjectReader::expect_object(const Field& field, Presence presence) {
  const Json* j = find(field);
  if (j && j->is_object()) return true;
  return expect_object(field.pointer(), presence);
}

void ObjectReader::error(const std::string& rule, const std::string& message, const std::string& pointer) {
  diags_.error(rule, message, doc_.locate(pointer), pointer_to_field_path(pointer));
}

void ObjectReader::warning(const std::string& rule, const std::string& message, const std::string& pointer) {
  diags_.warning(rule, message, doc_.locate(pointer), pointer_to_field_path(pointer));
}

void ObjectReader::missing(const std::string& pointer) {
  error("schema/required", fmt::format("{}: Required value", pointer_to_field_path(pointer)), pointer);
}

void ObjectReader::type_error(const std::string& pointer, const char* expected, const Json& got) {
  error("schema/type",
        fmt::format("{}: expected {}, got {} {}", pointer_to_field_path(pointer), expected,
                    json_type_name(got), got.is_structured() ? "" : got.dump()),
        pointer);
}

std::optional<std::string> ObjectReader::string(const std::string& pointer, Presence presence) {
  const Json* j = find(pointer);
  if (!j || j->is_null()) {
    if (presence == Presence::kRequired) missing(pointer);
    return std::nullopt;
  }
  if (!j->is_string()) {
    type_error(pointer, "a string", *j);
    return std::nullopt;
  }
  return j->get<std::string>();
}

std::optional<int32_t> ObjectReader::int32(const std::string& pointer, Presence presence) {
  const Json* j = find(pointer);
  if (!j || j->is_null()) {
    if (presence == Presence::kRequired) missing(pointer);
    return std::nullopt;
  }
  if (!j->is_number_integer()) {
    type_error(pointer, "an integer", *j);
    return std::nullopt;
  }
  int64_t v = j->get<int64_t>();
  if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
    error("schema/int32-range",
          fmt::format("{}: {} does not fit in a 32-bit integer", pointer_to_field_path(pointer), v), pointer);
    return std::nullopt;
  }
  return static_cast<int32_t>(v);
}

std::optional<bool> ObjectReader::boolean(const std::string& pointer) {
  const Json* j = find(pointer);
  if (!j || j->is_null()) return std::nullopt;
  if (!j->is_boolean()) {
    type_error(pointer, "a boolean", *j);
    return std::nullopt;
  }
  return j->get<bool>();
}

std::vector<std::string> ObjectReader::string_list(const std::string& pointer, Presence presence) {
  std::vector<std::string> out;
  const Json* j = find(pointer);
  if (!j || j->is_null()) {
    if (presence == Presence::kRequired) missing(pointer);
    return out;
  }
  if (!j->is_array()) {
    type_error(pointer, "a sequence of strings", *j);
    return out;
  }
  for (size_t i = 0; i < j->size(); ++i) {
    if (auto s = string(pointer_append(pointer, i))) out.push_back(*s);
  }
  return out;
}

StringMap ObjectReader::string_map(const std::string& pointer) {
  StringMap out;
  const Json* j = find(pointer);
  if (!j || j->is_null()) return out;
  if (!j->is_object()) {
    type_error(pointer, "a mapping of strings", *j);
    return out;
  }
  // Read the members directly: looking each one up again would be quadratic for a huge mapping.
  for (auto it = j->begin(); it != j->end(); ++it) {
    if (it.value().is_string()) {
      out[it.key()] = it.value().get<std::string>();
    } else if (!it.value().is_null()) {
      type_error(pointer_append(pointer, it.key()), "a string", it.value());
    }
  }
  return out;
}

size_t ObjectReader::list_size(const std::string& pointer, Presence presence) {
  const Json* j = find(pointer);
  if (!j || j->is_null()) {
    if (presence == Presence::kRequired) missing(pointer);
    return 0;
  }
  if (!j->is_array()) {
    type_error(pointer, "a sequence", *j);
    return 0;
  }
  return j->size();
}

bool ObjectReader::expect_object(const std::string& pointer, Presence presence) {
  const Json* j = find(pointer);
  if (!j || j->is_null()) {
    if (presence == Presence::kRequired) missing(pointer);
    return false;
  }
  if (!j->is_object()) {
    type_error(pointer, "a mapping", *j);
    return false;
  }
  return true;
}

}  // namespace grovectl
