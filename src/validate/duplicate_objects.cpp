#include "validate/duplicate_objects.hpp"

#include <fmt/format.h>

#include <map>
#include <tuple>

#include "core/text_excerpt.hpp"

namespace grovectl {
namespace {

struct ObjectIdentity {
  std::string kind;
  std::string ns;
  std::string name;
  auto operator<=>(const ObjectIdentity&) const = default;
};

const Json* metadata_field(const Json& v, const char* key) {
  if (!v.is_object()) return nullptr;
  auto meta = v.find("metadata");
  if (meta == v.end() || !meta->is_object()) return nullptr;
  auto it = meta->find(key);
  return it != meta->end() && it->is_string() ? &*it : nullptr;
}

// The object's identity as the API server sees it: its namespace as written, else --namespace, else
// "default" (kubectl's); a cluster-scoped kind has none. Documents without a name are left to the schema.
std::optional<ObjectIdentity> identity_of(const ClassifiedDocument& c, const RenderOptions& options) {
  const Json* name = metadata_field(c.doc->value, "name");
  if (!name) return std::nullopt;
  ObjectIdentity id{input_kind_name(c.kind), "", name->get<std::string>()};
  if (c.kind != InputKind::kClusterTopologyBinding) {
    const Json* ns = metadata_field(c.doc->value, "namespace");
    id.ns = ns ? ns->get<std::string>() : options.namespace_override.value_or("default");
  }
  return id;
}

}  // namespace

void check_duplicate_objects(const std::vector<ClassifiedDocument>& docs, const RenderOptions& options,
                             Diagnostics& diags) {
  std::map<ObjectIdentity, const SourceDocument*> first;
  for (const auto& c : docs) {
    if (c.kind == InputKind::kUnknown) continue;
    auto id = identity_of(c, options);
    if (!id) continue;
    auto [it, inserted] = first.try_emplace(*id, c.doc);
    if (inserted) continue;
    const std::string object = id->ns.empty()
                                   ? fmt::format("{} {}", id->kind, excerpt(id->name))
                                   : fmt::format("{} {}/{}", id->kind, excerpt(id->ns), excerpt(id->name));
    diags.error("input/duplicate-object",
                fmt::format("{} is defined twice: here and at {}; the API server keeps only the last one "
                            "applied, so the inputs disagree on what it is",
                            object, format_location(it->second->locate("/metadata/name"))),
                c.doc->locate("/metadata/name"), "metadata.name");
  }
}

}  // namespace grovectl
