#include "frontend/object_reader.hpp"

#include <fmt/format.h>

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

const Json* ObjectReader::find(const std::string& pointer) const {
  const Json* node = &doc_.value;
  size_t pos = 0;
  std::string key;  // reused: this runs for every field the frontend reads
  while (pos < pointer.size()) {
    size_t next = pointer.find('/', pos + 1);
    size_t end = next == std::string::npos ? pointer.size() : next;
    key.clear();
    for (size_t i = pos + 1; i < end; ++i) {
      if (pointer[i] == '~' && i + 1 < end) {
        key += pointer[i + 1] == '1' ? '/' : '~';
        ++i;
      } else {
        key += pointer[i];
      }
    }
    if (node->is_object()) {
      auto it = node->find(key);
      if (it == node->end()) return nullptr;
      node = &*it;
    } else if (node->is_array()) {
      size_t idx = 0;
      auto [end_of_number, ec] = std::from_chars(key.data(), key.data() + key.size(), idx);
      // A name where an index belongs (a sequence where a mapping was expected) finds nothing.
      if (key.empty() || ec != std::errc() || end_of_number != key.data() + key.size()) return nullptr;
      if (idx >= node->size()) return nullptr;
      node = &(*node)[idx];
    } else {
      return nullptr;
    }
    if (next == std::string::npos) break;
    pos = next;
  }
  return node;
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
