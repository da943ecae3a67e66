#include "frontend/object_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
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

FieldScope ObjectReader::scope(const FieldScope& parent, std::string_view name) const {
  return {parent.place.key(name), find(parent, name)};
}

FieldScope ObjectReader::item(const FieldScope& list, size_t index) const {
  const bool listed = list.node && list.node->is_array() && index < list.node->size();
  return {list.place.item(index), listed ? &(*list.node)[index] : nullptr};
}

// A field is a member of a mapping: anything else holds none.
const Json* ObjectReader::find(const FieldScope& parent, std::string_view name) const {
  if (!parent.node || !parent.node->is_object()) return nullptr;
  auto it = parent.node->find(name);
  return it == parent.node->end() ? nullptr : &*it;
}

const Json* ObjectReader::value_of(const FieldScope& parent, std::string_view name, Presence presence) {
  const Json* j = find(parent, name);
  if (j && !j->is_null()) return j;
  if (presence == Presence::kRequired) missing(parent.place.key(name));
  return nullptr;
}

std::optional<std::string> ObjectReader::string(const FieldScope& parent, std::string_view name,
                                                Presence presence) {
  const Json* j = value_of(parent, name, presence);
  if (!j) return std::nullopt;
  if (j->is_string()) return j->get<std::string>();
  type_error(parent.place.key(name), "a string", *j);
  return std::nullopt;
}

std::optional<int32_t> ObjectReader::int32(const FieldScope& parent, std::string_view name,
                                           Presence presence) {
  const Json* j = value_of(parent, name, presence);
  if (!j) return std::nullopt;
  if (!j->is_number_integer()) {
    type_error(parent.place.key(name), "an integer", *j);
    return std::nullopt;
  }
  const int64_t v = j->get<int64_t>();
  if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
    const FieldPlace place = parent.place.key(name);
    report("schema/int32-range", fmt::format("{}: {} does not fit in a 32-bit integer", place.path(), v),
           place);
    return std::nullopt;
  }
  return static_cast<int32_t>(v);
}

std::optional<bool> ObjectReader::boolean(const FieldScope& parent, std::string_view name) {
  const Json* j = value_of(parent, name, Presence::kOptional);
  if (!j) return std::nullopt;
  if (j->is_boolean()) return j->get<bool>();
  type_error(parent.place.key(name), "a boolean", *j);
  return std::nullopt;
}

std::vector<std::string> ObjectReader::string_list(const FieldScope& parent, std::string_view name,
                                                   Presence presence) {
  std::vector<std::string> out;
  const Json* j = value_of(parent, name, presence);
  if (!j) return out;
  const FieldPlace list = parent.place.key(name);
  if (!j->is_array()) {
    type_error(list, "a sequence of strings", *j);
    return out;
  }
  for (size_t i = 0; i < j->size(); ++i) {
    const Json& item = (*j)[i];
    if (item.is_string()) {
      out.push_back(item.get<std::string>());
    } else if (!item.is_null()) {
      type_error(list.item(i), "a string", item);
    }
  }
  return out;
}

StringMap ObjectReader::string_map(const FieldScope& parent, std::string_view name) {
  StringMap out;
  const Json* j = value_of(parent, name, Presence::kOptional);
  if (!j) return out;
  const FieldPlace map = parent.place.key(name);
  if (!j->is_object()) {
    type_error(map, "a mapping of strings", *j);
    return out;
  }
  for (auto it = j->begin(); it != j->end(); ++it) {
    if (it.value().is_string()) {
      out[it.key()] = it.value().get<std::string>();
    } else if (!it.value().is_null()) {
      type_error(map.key(it.key()), "a string", it.value());
    }
  }
  return out;
}

size_t ObjectReader::list_size(const FieldScope& parent, std::string_view name, Presence presence) {
  const Json* j = value_of(parent, name, presence);
  if (!j) return 0;
  if (j->is_array()) return j->size();
  type_error(parent.place.key(name), "a sequence", *j);
  return 0;
}

bool ObjectReader::expect_object(const FieldScope& parent, std::string_view name, Presence presence) {
  const Json* j = value_of(parent, name, presence);
  if (!j) return false;
  if (j->is_object()) return true;
  type_error(parent.place.key(name), "a mapping", *j);
  return false;
}

void ObjectReader::error(const std::string& rule, const std::string& message, const std::string& pointer) {
  diags_.error(rule, message, doc_.locate(pointer), pointer_to_field_path(pointer));
}

void ObjectReader::warning(const std::string& rule, const std::string& message, const std::string& pointer) {
  diags_.warning(rule, message, doc_.locate(pointer), pointer_to_field_path(pointer));
}

void ObjectReader::report(const std::string& rule, const std::string& message, const FieldPlace& place) {
  diags_.error(rule, message, doc_.locate(place.pointer()), place.path());
}

void ObjectReader::missing(const FieldPlace& place) {
  report("schema/required", fmt::format("{}: Required value", place.path()), place);
}

void ObjectReader::type_error(const FieldPlace& place, const char* expected, const Json& got) {
  report("schema/type",
         fmt::format("{}: expected {}, got {} {}", place.path(), expected, json_type_name(got),
                     got.is_structured() ? "" : got.dump()),
         place);
}

}  // namespace grovectl
