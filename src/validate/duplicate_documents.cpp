#include "validate/duplicate_documents.hpp"

#include <fmt/format.h>

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

struct ObjectIdentity {
  std::string key;      // kind, namespace and name, "" for a document that names no object
  std::string display;  // "ns/name", or "name" when cluster-scoped
};

ObjectIdentity identity_of(const ClassifiedDocument& d, const RenderOptions& options) {
  if (d.kind == InputKind::kSkipped || d.kind == InputKind::kUnknown) return {};
  const std::string name = text_at(d.doc->value, "metadata", "name");
  if (name.empty()) return {};  // layer 2 reports a missing name
  const std::string ns = namespace_of(d, options);
  std::string key = input_kind_name(d.kind);
  key.append(1, '\0').append(ns).append(1, '\0').append(name);
  return {std::move(key), ns.empty() ? name : ns + "/" + name};
}

}  // namespace

// Per file, the file's name is part of the object's key.
std::string FirstDefinitions::key_of(const ClassifiedDocument& doc) const {
  std::string key = identity_of(doc, options_).key;
  if (key.empty() || scope_ == DuplicateScope::kAcrossInputs) return key;
  return key.append(1, '\0').append(doc.doc->file);
}

void FirstDefinitions::add(const ClassifiedDocument& doc, size_t ordinal) {
  std::string key = key_of(doc);
  if (key.empty()) return;
  const auto [first, added] = first_.try_emplace(std::move(key));  // one lookup, the key moved in
  if (!added) return;
  const Location at = doc.doc->locate("/metadata/name");
  if (files_.empty() || files_.back() != at.file) files_.push_back(at.file);
  first->second = First{ordinal, static_cast<uint32_t>(files_.size() - 1), at.line, at.column};
}

void FirstDefinitions::check(const ClassifiedDocument& doc, size_t ordinal, Diagnostics& diags) const {
  const ObjectIdentity id = identity_of(doc, options_);
  if (id.key.empty()) return;
  auto it = first_.find(key_of(doc));
  if (it == first_.end() || it->second.ordinal == ordinal) return;
  const First& first = it->second;
  const Location earlier{files_[first.file], first.line, first.column};
  diags.error(
      "input/duplicate-object",
      fmt::format("{} {} is defined twice across the inputs, here and at {} (the API server keeps one "
                  "object per kind, namespace and name)",
                  input_kind_name(doc.kind), id.display, format_location(earlier)),
      doc.doc->locate("/metadata/name"), "metadata.name");
}

}  // namespace grovectl
