// The walk follows the API server's order for a custom resource on create (apiextensions-apiserver):
//   1 PruneNonNullableNullsWithoutDefaults (pkg/apiserver/schema/defaulting/prunenulls.go): a null whose
//     schema is neither nullable nor defaulted is dropped; a defaulted one takes its default. Nulls in
//     arrays stay and fail the type check.
//   2 pruning (pkg/apiserver/schema/pruning/algorithm.go): undeclared fields are dropped; kubectl's
//     default --validate=strict turns each into `unknown field "<path>"`.
//   3 schema validation (kube-openapi pkg/validation/validate): type first (a wrong type stops the other
//     keywords of that node here, where kube-openapi would add an enum or range error for the same value),
//     then length, pattern, format, range and enum.
//   4 list types (pkg/apiserver/schema/listtype/validation.go): list-map keys and set items unique, the
//     second occurrence reported as `Duplicate value`.
// Deviation: kube-openapi names the integer *format* for a bool or object in an int32/int64 field and the
// value's Go type ("float64") for a fraction there; this checker always names the schema type and the JSON
// type ("must be of type integer: \"number\""), the form the API server uses everywhere else.
#include "schema/check.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>
#include <unordered_map>

#include "schema/date_time.hpp"
#include "schema/messages.hpp"
#include "schema/object_meta.hpp"
#include "yaml/field_place.hpp"

namespace grovectl::schema {
namespace {

bool integral(double d) {
  return std::isfinite(d) && std::trunc(d) == d;
}

bool type_matches(const Json& v, const Node& s) {
  if (s.types == 0) return true;
  switch (v.type()) {
    case Json::value_t::object:
      return s.types & kObject;
    case Json::value_t::array:
      return s.types & kArray;
    case Json::value_t::string:
      return s.types & kString;
    case Json::value_t::boolean:
      return s.types & kBoolean;
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return s.types & (kInteger | kNumber);
    case Json::value_t::number_float:
      // kube-openapi accepts a float with an integral value where an integer is expected.
      return (s.types & kNumber) || ((s.types & kInteger) && integral(v.get<double>()));
    default:
      return false;
  }
}

size_t rune_count(const std::string& s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

bool in_enum(const Json& v, const Node& s) {
  if (s.enum_values.empty()) return true;
  if (v.is_string() && s.enum_all_strings) return s.enum_strings.count(v.get_ref<const std::string&>()) > 0;
  for (const auto& e : s.enum_values) {
    if (e == v) return true;
  }
  return false;
}

// Json::dump sets up a serializer at each call, which costs more than the list-map check around it. The
// usual key values (integers, and strings of printable ASCII without a quote or backslash) are written
// directly, exactly as dump writes them; anything else goes through dump.
void append_json_string(std::string& out, const std::string& s) {
  const bool verbatim = std::all_of(
      s.begin(), s.end(), [](unsigned char c) { return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'; });
  if (!verbatim) {
    out += Json(s).dump();
    return;
  }
  out += '"';
  out += s;
  out += '"';
}

void append_json_scalar(std::string& out, const Json& v) {
  char digits[24];
  if (v.is_number_unsigned()) {
    out.append(digits, std::to_chars(std::begin(digits), std::end(digits), v.get<uint64_t>()).ptr);
  } else if (v.is_number_integer()) {
    out.append(digits, std::to_chars(std::begin(digits), std::end(digits), v.get<int64_t>()).ptr);
  } else if (v.is_string()) {
    append_json_string(out, v.get_ref<const std::string&>());
  } else {
    out += v.dump();
  }
}

const Node& string_node() {
  static const Node n = [] {
    Node s;
    s.types = kString;
    s.type_name = "string";
    return s;
  }();
  return n;
}

class Walker {
 public:
  Walker(const CheckOptions& options, std::vector<SchemaFinding>& out, const FieldPlace& root)
      : options_(options), out_(out), root_(&root) {}

  void value(const Json& v, const Node& s, const FieldPlace& at) {
    if (v.is_null()) {
      if (values_ && s.types != 0 && !s.nullable) type_error(s, v, at);
      return;
    }
    if (!type_matches(v, s)) {
      if (values_) type_error(s, v, at);
      return;
    }
    if (values_ && !s.any_of.empty()) any_of(v, s, at);
    switch (v.type()) {
      case Json::value_t::object:
        object(v, s, at);
        break;
      case Json::value_t::array:
        array(v, s, at);
        break;
      case Json::value_t::string:
        if (values_) string_value(v, s, at);
        break;
      case Json::value_t::number_integer:
      case Json::value_t::number_unsigned:
      case Json::value_t::number_float:
        if (values_) number_value(v, s, at);
        break;
      default:
        if (values_ && !in_enum(v, s))
          add("schema/enum", at, unsupported_message(at.path(), v, s.enum_values));
        break;
    }
  }

 private:
  void add(const char* rule, const FieldPlace& at, std::string message) {
    out_.push_back({rule, at.pointer(), at.path(), std::move(message)});
  }

  void type_error(const Node& s, const Json& v, const FieldPlace& at) {
    add("schema/type", at, type_message(at.path(), s.type_name, json_type_name(v)));
  }

  // True when `v` passes `branch` (anyOf); findings of the trial are discarded.
  bool passes(const Json& v, const Node& branch, const FieldPlace& at) {
    std::vector<SchemaFinding> trial;
    Walker w(options_, trial, *root_);
    w.value(v, branch, at);
    return trial.empty();
  }

  void any_of(const Json& v, const Node& s, const FieldPlace& at) {
    for (const Node* branch : s.any_of) {
      if (passes(v, *branch, at)) return;
    }
    add("schema/any-of", at, any_of_message(at.path(), json_type_name(v)));
  }

  void string_value(const Json& v, const Node& s, const FieldPlace& at) {
    const std::string& text = v.get_ref<const std::string&>();
    if (s.max_length || s.min_length) {
      size_t n = rune_count(text);
      if (s.max_length && n > static_cast<size_t>(*s.max_length))
        add("schema/length", at, too_long_message(at.path(), *s.max_length));
      if (s.min_length && n < static_cast<size_t>(*s.min_length))
        add("schema/length", at, too_short_message(at.path(), v, *s.min_length));
    }
    if (s.pattern && !s.pattern->matches(text))
      add("schema/pattern", at, pattern_message(at.path(), v, s.pattern->source()));
    if (s.format == StringFormat::kDateTime && !is_date_time(text))
      add("schema/format", at, format_message(at.path(), v, s.format_name));
    if (!in_enum(v, s)) add("schema/enum", at, unsupported_message(at.path(), v, s.enum_values));
  }

  void number_value(const Json& v, const Node& s, const FieldPlace& at) {
    double d = v.get<double>();
    if (s.maximum && (s.maximum->exclusive ? d >= s.maximum->value : d > s.maximum->value))
      add("schema/range", at, maximum_message(at.path(), v, s.maximum->value, s.maximum->exclusive));
    if (s.minimum && (s.minimum->exclusive ? d <= s.minimum->value : d < s.minimum->value))
      add("schema/range", at, minimum_message(at.path(), v, s.minimum->value, s.minimum->exclusive));
    if (s.multiple_of && !integral(d / *s.multiple_of))
      add("schema/range", at, multiple_of_message(at.path(), v, *s.multiple_of));
    if (!in_enum(v, s)) add("schema/enum", at, unsupported_message(at.path(), v, s.enum_values));
  }

  // The schema for `key` of an object whose schema is `s`; nullptr when the key is undeclared.
  const Node* child_schema(const Node& s, const std::string& key, bool resource) const {
    if (resource && key == "metadata") return &object_meta_node();
    if (const Node* p = s.property(key)) return p;
    if (s.embedded_resource && (key == "apiVersion" || key == "kind")) return &string_node();
    return s.additional;
  }

  void object(const Json& v, const Node& s, const FieldPlace& at) {
    const bool root = options_.resource_root && &at == root_;
    const bool resource = root || s.embedded_resource;
    for (auto it = v.begin(); it != v.end(); ++it) {
      const std::string& key = it.key();
      const Json& child = it.value();
      const Node* cs = child_schema(s, key, resource);
      const FieldPlace member = at.key(key);
      if (cs) {
        // A null without nullable is dropped, or takes its default (valid by construction).
        if (!child.is_null() || cs->nullable) {
          const bool saved = values_;
          if (root && key == "status" && options_.status_subresource) values_ = false;
          value(child, *cs, member);
          values_ = saved;
        }
      } else if (!s.additional_any && s.unknown_keys == UnknownKeys::kPruned &&
                 options_.unknown_fields == UnknownFields::kReport) {
        add("schema/unknown-field", member, unknown_field_message(member.path()));
      }
    }
    if (values_) required(v, s, at);
  }

  void required(const Json& v, const Node& s, const FieldPlace& at) {
    for (const auto& name : s.required) {
      const Node* cs = s.property(name);
      auto it = v.find(name);
      bool present = it != v.end() && (!it->is_null() || (cs && cs->nullable));
      if (present || (cs && cs->default_value)) continue;  // defaults apply before validation
      const FieldPlace missing = at.key(name);
      add("schema/required", missing, required_message(missing.path()));
    }
  }

  void array(const Json& v, const Node& s, const FieldPlace& at) {
    if (s.items) {
      for (size_t i = 0; i < v.size(); ++i) {
        const FieldPlace item = at.item(i);
        value(v[i], *s.items, item);
      }
    }
    if (!values_) return;
    if (s.max_items && v.size() > static_cast<size_t>(*s.max_items))
      add("schema/items", at, too_many_items_message(at.path(), v.size(), *s.max_items));
    if (s.min_items && v.size() < static_cast<size_t>(*s.min_items))
      add("schema/items", at, too_few_items_message(at.path(), v.size(), *s.min_items));
    if (s.list_type == ListType::kMap) list_map(v, s, at);
    if (s.list_type == ListType::kSet) list_set(v, at);
  }

  // The key fields of a list map in the order Go marshals a map's keys: sorted.
  static std::vector<const std::string*> sorted_key_fields(const Node& s) {
    std::vector<const std::string*> fields;
    for (const auto& k : s.list_map_keys) fields.push_back(&k);
    std::sort(fields.begin(), fields.end(),
              [](const std::string* a, const std::string* b) { return *a < *b; });
    return fields;
  }

  // The key of one list-map item as JSON text, as Go marshals a map: each key field as written, else its
  // default, else left out. A structured value is written through nlohmann::json, whose objects sort their
  // keys too.
  static std::string map_key_text(const Json& item, const Node& s,
                                  const std::vector<const std::string*>& fields) {
    std::string text = "{";
    for (const std::string* k : fields) {
      const Json* value = nullptr;
      if (auto it = item.find(*k); it != item.end() && !it->is_null()) {
        value = &*it;
      } else if (const Node* ks = s.items ? s.items->property(*k) : nullptr; ks && ks->default_value) {
        value = &*ks->default_value;
      }
      if (!value) continue;
      if (text.size() > 1) text += ',';
      append_json_string(text, *k);
      text += ':';
      if (value->is_structured()) {
        text += nlohmann::json(*value).dump();
      } else {
        append_json_scalar(text, *value);
      }
    }
    return text += '}';
  }

  void list_map(const Json& v, const Node& s, const FieldPlace& at) {
    if (v.size() <= 1) return;
    for (const auto& item : v) {
      if (!item.is_object() && !item.is_null()) return;  // already a type error
    }
    const std::vector<const std::string*> fields = sorted_key_fields(s);
    std::unordered_map<std::string, int> seen;
    for (size_t i = 0; i < v.size(); ++i) {
      const std::string text = v[i].is_object() ? map_key_text(v[i], s, fields) : "{}";
      if (++seen[text] == 2) {
        const FieldPlace item = at.item(i);
        add("schema/duplicate", item, duplicate_message(item.path(), text));
      }
    }
  }

  void list_set(const Json& v, const FieldPlace& at) {
    std::unordered_map<std::string, int> seen;
    for (size_t i = 0; i < v.size(); ++i) {
      if (++seen[nlohmann::json(v[i]).dump()] == 2) {
        const FieldPlace item = at.item(i);
        add("schema/duplicate", item, duplicate_message(item.path(), go_value(v[i])));
      }
    }
  }

  const CheckOptions& options_;
  std::vector<SchemaFinding>& out_;
  const FieldPlace* root_;  // the document's root: where resource_root applies
  bool values_ = true;      // false inside a status the server resets: only unknown fields count there
};

}  // namespace

const char* json_type_name(const Json& v) {
  switch (v.type()) {
    case Json::value_t::object:
      return "object";
    case Json::value_t::array:
      return "array";
    case Json::value_t::string:
      return "string";
    case Json::value_t::boolean:
      return "boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "integer";
    case Json::value_t::number_float:
      return "number";
    default:
      return "null";
  }
}

std::vector<SchemaFinding> check(const Json& document, const Node& root, const CheckOptions& options) {
  std::vector<SchemaFinding> out;
  const FieldPlace document_root("", "");
  Walker(options, out, document_root).value(document, root, document_root);
  return out;
}

}  // namespace grovectl::schema
