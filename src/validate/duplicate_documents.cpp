#include "validate/duplicate_documents.hpp"

#include <fmt/format.h>

#include <map>
#include <tuple>

namespace grovectl {
namespace {

std::string text_at(const Json& v, const char* parent, const char* key) {
  if (!v.is_object() || !v.contains(parent) || !v[parent].is_object()) return "";
  auto it = v[parent].find(key);
  return it != v[parent].end() && it->is_string() ? it->get<std::string>() : "";
}

// The namespace the object would land in: its own, else --namespace, else "default"; none for a
// cluster-scoped ClusterTopologyBinding.
std::string namespace_of(const ClassifiedDocument& d, const RenderOptions& options) {
  if (d.kind == InputKind::kClusterTopologyBinding) return "";
  std::string ns = text_at(d.doc->value, "metadata", "namespace");
  if (!ns.empty()) return ns;
  return options.namespace_override.value_or("default");
}

}  // namespace

void check_duplicate_documents(const std::vector<ClassifiedDocument>& docs, const RenderOptions& options,
                               Diagnostics& diags) {
  std::map<std::tuple<InputKind, std::string, std::string>, const SourceDocument*> first;
  for (const auto& d : docs) {
    if (d.kind == InputKind::kSkipped || d.kind == InputKind::kUnknown) continue;
    const std::string name = text_at(d.doc->value, "metadata", "name");
    if (name.empty()) continue;  // layer 2 reports a missing name
    const std::string ns = namespace_of(d, options);
    auto [it, inserted] = first.try_emplace({d.kind, ns, name}, d.doc);
    if (inserted) continue;
    const std::string object = ns.empty() ? name : ns + "/" + name;
    diags.error(
        "input/duplicate-object",
        fmt::format("{} {} is defined twice across the inputs, here and at {} (the API server keeps one "
                    "object per kind, namespace and name)",
                    input_kind_name(d.kind), object, format_location(it->second->locate("/metadata/name"))),
        d.doc->locate("/metadata/name"), "metadata.name");
  }
}

}  // namespace grovectl
