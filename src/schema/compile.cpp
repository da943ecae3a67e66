#include "schema/compile.hpp"

#include <fmt/format.h>

#include <array>
#include <map>
#include <set>

namespace grovectl::schema {

class NodeCompiler {
 public:
  NodeCompiler(CompiledSchema& out, const Json& definitions, Dialect dialect, std::string& error)
      : out_(out), definitions_(definitions), dialect_(dialect), error_(error) {}

  const Node* compile(const Json& s, const std::string& where) {
    if (!error_.empty()) return nullptr;
    if (!s.is_object()) return fail(where, "a schema must be an object");
    if (auto ref = s.find("$ref"); ref != s.end()) return resolve(*ref, where);
    Node& n = out_.nodes_.emplace_back();
    for (auto it = s.begin(); it != s.end() && error_.empty(); ++it) keyword(n, it.key(), it.value(), where);
    finish(n);
    return &n;
  }

 private:
  std::nullptr_t fail(const std::string& where, const std::string& why) {
    if (error_.empty()) error_ = fmt::format("schema {}: {}", where.empty() ? "<root>" : where, why);
    return nullptr;
  }

  const Node* resolve(const Json& ref, const std::string& where) {
    static constexpr std::string_view kPrefix = "#/definitions/";
    if (!ref.is_string() || !ref.get_ref<const std::string&>().starts_with(kPrefix))
      return fail(where, "only \"#/definitions/<name>\" references are supported");
    std::string name = ref.get<std::string>().substr(kPrefix.size());
    if (auto done = resolved_.find(name); done != resolved_.end()) return done->second;
    if (!definitions_.is_object() || !definitions_.contains(name))
      return fail(where, fmt::format("unresolved reference \"{}\"", name));
    if (!resolving_.insert(name).second) return fail(where, fmt::format("reference cycle at \"{}\"", name));
    const Node* n = compile(definitions_[name], "#/definitions/" + name);
    resolving_.erase(name);
    resolved_[name] = n;
    return n;
  }

  std::optional<int64_t> count(const Json& v, const std::string& where, const std::string& key) {
    if (!v.is_number_integer() || v.get<int64_t>() < 0) {
      fail(where, key + " must be a non-negative integer");
      return std::nullopt;
    }
    return v.get<int64_t>();
  }

  void type(Node& n, const Json& v, const std::string& where) {
    static const std::map<std::string, uint8_t> kTypes = {{"object", kObject}, {"array", kArray},
                                                          {"string", kString}, {"integer", kInteger},
                                                          {"number", kNumber}, {"boolean", kBoolean}};
    auto it = v.is_string() ? kTypes.find(v.get<std::string>()) : kTypes.end();
    if (it == kTypes.end()) {
      fail(where, "unsupported type " + v.dump());
      return;
    }
    n.types = it->second;
    n.type_name = it->first;
  }

  void keyword(Node& n, const std::string& key, const Json& v, const std::string& where) {
    if (key == "type") {
      type(n, v, where);
    } else if (key == "x-kubernetes-int-or-string") {
      n.int_or_string = v.is_boolean() && v.get<bool>();
    } else if (key == "nullable") {
      n.nullable = v.is_boolean() && v.get<bool>();
    } else if (key == "x-kubernetes-preserve-unknown-fields") {
      if (v.is_boolean() && v.get<bool>()) n.unknown_keys = UnknownKeys::kPreserved;
    } else if (key == "x-kubernetes-embedded-resource") {
      n.embedded_resource = v.is_boolean() && v.get<bool>();
    } else if (key == "format") {
      n.format_name = v.is_string() ? v.get<std::string>() : "";
      // date-time is the one string format of these CRDs; int32/int64 only name the integer width.
      if (n.format_name == "date-time") n.format = StringFormat::kDateTime;
    } else if (key == "enum") {
      if (!v.is_array()) {
        fail(where, "enum must be an array");
        return;
      }
      n.enum_values.assign(v.begin(), v.end());
    } else if (key == "pattern") {
      pattern(n, v, where);
    } else if (key == "minimum" || key == "maximum") {
      if (!v.is_number()) {
        fail(where, key + " must be a number");
        return;
      }
      (key == "minimum" ? n.minimum : n.maximum) = Bound{v.get<double>(), false};
    } else if (key == "exclusiveMinimum" || key == "exclusiveMaximum") {
      exclusive_[&n][key == "exclusiveMinimum" ? 0 : 1] = v.is_boolean() && v.get<bool>();
    } else if (key == "multipleOf") {
      if (!v.is_number() || v.get<double>() <= 0) {
        fail(where, "multipleOf must be a positive number");
        return;
      }
      n.multiple_of = v.get<double>();
    } else if (key == "minLength") {
      n.min_length = count(v, where, key);
    } else if (key == "maxLength") {
      n.max_length = count(v, where, key);
    } else if (key == "minItems") {
      n.min_items = count(v, where, key);
    } else if (key == "maxItems") {
      n.max_items = count(v, where, key);
    } else if (key == "required") {
      if (!v.is_array()) {
        fail(where, "required must be an array");
        return;
      }
      for (const auto& r : v) {
        if (r.is_string()) n.required.push_back(r.get<std::string>());
      }
    } else if (key == "properties") {
      if (!v.is_object()) {
        fail(where, "properties must be an object");
        return;
      }
      for (auto it = v.begin(); it != v.end(); ++it)
        n.properties[it.key()] = compile(it.value(), where + "." + it.key());
    } else if (key == "additionalProperties") {
      if (v.is_boolean()) {
        n.additional_any = v.get<bool>();
        explicit_additional_.insert(&n);
      } else {
        n.additional = compile(v, where + "{}");
      }
    } else if (key == "items") {
      n.items = compile(v, where + "[]");
    } else if (key == "anyOf") {
      if (!v.is_array()) {
        fail(where, "anyOf must be an array");
        return;
      }
      for (const auto& branch : v) n.any_of.push_back(compile(branch, where + "<anyOf>"));
    } else if (key == "x-kubernetes-list-type") {
      std::string t = v.is_string() ? v.get<std::string>() : "";
      n.list_type = t == "map" ? ListType::kMap : t == "set" ? ListType::kSet : ListType::kAtomic;
    } else if (key == "x-kubernetes-list-map-keys") {
      for (const auto& k : v) {
        if (k.is_string()) n.list_map_keys.push_back(k.get<std::string>());
      }
    } else if (key == "default") {
      n.default_value = v;
    } else if (!ignored(key)) {
      fail(where, fmt::format("keyword \"{}\" is not supported", key));
    }
  }

  // CEL rules (x-kubernetes-validations) of an official CRD given with --crd are left to validate's rules
  // of Grove and JobSet, as scripts/structural_schema.py leaves them out of the embedded copies.
  static bool ignored(const std::string& key) {
    static const std::set<std::string> kIgnored = {"description", "example",
                                                   "title",       "$schema",
                                                   "definitions", "x-kubernetes-map-type",
                                                   "x-kubernetes-validations"};
    return kIgnored.count(key) > 0;
  }

  void pattern(Node& n, const Json& v, const std::string& where) {
    if (!v.is_string()) {
      fail(where, "pattern must be a string");
      return;
    }
    const std::string& source = v.get_ref<const std::string&>();
    if (auto it = patterns_.find(source); it != patterns_.end()) {
      n.pattern = it->second;
      return;
    }
    std::string why;
    auto p = Pattern::compile(source, why);
    if (!p) {
      fail(where, fmt::format("pattern '{}': {}", source, why));
      return;
    }
    n.pattern = patterns_[source] = &out_.patterns_.emplace_back(std::move(*p));
  }

  void finish(Node& n) {
    if (n.int_or_string) {
      n.types = kInteger | kString;
      n.type_name = "integer,string";
    }
    if (auto it = exclusive_.find(&n); it != exclusive_.end()) {
      if (n.minimum) n.minimum->exclusive = it->second[0];
      if (n.maximum) n.maximum->exclusive = it->second[1];
    }
    n.enum_all_strings = !n.enum_values.empty();
    for (const auto& e : n.enum_values) {
      if (e.is_string()) {
        n.enum_strings.insert(e.get<std::string>());
      } else {
        n.enum_all_strings = false;
      }
    }
    // An open JSON schema keeps undeclared keys unless additionalProperties says false.
    if (dialect_ == Dialect::kOpenJsonSchema && n.unknown_keys == UnknownKeys::kPruned && !n.additional &&
        !explicit_additional_.count(&n)) {
      n.unknown_keys = UnknownKeys::kPreserved;
    }
  }

  CompiledSchema& out_;
  const Json& definitions_;
  Dialect dialect_;
  std::string& error_;
  std::map<std::string, const Node*> resolved_;
  std::set<std::string> resolving_;
  std::map<std::string, const Pattern*> patterns_;
  std::map<const Node*, std::array<bool, 2>> exclusive_;
  std::set<const Node*> explicit_additional_;
};

std::unique_ptr<CompiledSchema> CompiledSchema::compile(const Json& schema, const Json& definitions,
                                                        Dialect dialect, std::string& error) {
  error.clear();
  std::unique_ptr<CompiledSchema> out(new CompiledSchema());
  NodeCompiler compiler(*out, definitions, dialect, error);
  out->root_ = compiler.compile(schema, "");
  if (!error.empty() || !out->root_) return nullptr;
  return out;
}

}  // namespace grovectl::schema
