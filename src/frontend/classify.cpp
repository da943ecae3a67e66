#include "frontend/classify.hpp"

#include <fmt/format.h>

namespace grovectl {
namespace {

struct KnownKind {
  const char* api_version;
  const char* kind;
  InputKind value;
};

constexpr KnownKind kKnownKinds[] = {
    {"grove.io/v1alpha1", "PodCliqueSet", InputKind::kPodCliqueSet},
    {"jobset.x-k8s.io/v1alpha2", "JobSet", InputKind::kJobSet},
    {"grove.io/v1alpha1", "ClusterTopologyBinding", InputKind::kClusterTopologyBinding},
    {"grove.io/v1alpha1", "PodCliqueScalingGroup", InputKind::kPodCliqueScalingGroup},
    {"grove.io/v1alpha1", "PodClique", InputKind::kPodClique},
};

InputKind classify_one(const SourceDocument& doc, Diagnostics& diags) {
  const Json& v = doc.value;
  if (!v.is_object()) {
    diags.error("input/not-an-object", "a document must be a mapping with apiVersion and kind", doc.locate());
    return InputKind::kUnknown;
  }
  auto api = v.find("apiVersion");
  auto kind = v.find("kind");
  if (api == v.end() || !api->is_string() || kind == v.end() || !kind->is_string()) {
    bool api_bad = api == v.end() || !api->is_string();
    const char* field = api_bad ? "apiVersion" : "kind";
    bool present = api_bad ? api != v.end() : kind != v.end();
    diags.error("input/missing-kind", fmt::format("document has no {} (string)", field),
                doc.locate(present ? std::string("/") + field : ""), field);
    return InputKind::kUnknown;
  }
  for (const auto& k : kKnownKinds) {
    if (*api == k.api_version && *kind == k.kind) return k.value;
  }
  for (const auto& k : kKnownKinds) {
    if (*kind == k.kind) {
      diags.error("input/unknown-api-version",
                  fmt::format("{} is served as {}, not {}", k.kind, k.api_version, api->get<std::string>()),
                  doc.locate("/apiVersion"), "apiVersion");
      return InputKind::kUnknown;
    }
  }
  diags.error(
      "input/unknown-kind",
      fmt::format("unsupported kind {} ({}); grovectl reads PodCliqueSet, JobSet, ClusterTopologyBinding, "
                  "PodCliqueScalingGroup and PodClique",
                  kind->get<std::string>(), api->get<std::string>()),
      doc.locate("/kind"), "kind");
  return InputKind::kUnknown;
}

}  // namespace

DocumentRefs document_refs(const std::vector<SourceDocument>& docs) {
  DocumentRefs refs;
  refs.reserve(docs.size());
  for (const auto& d : docs) refs.push_back(&d);
  return refs;
}

std::vector<ClassifiedDocument> classify_documents(const std::vector<SourceDocument>& docs,
                                                   Diagnostics& diags) {
  return classify_documents(document_refs(docs), diags);
}

std::vector<ClassifiedDocument> classify_documents(const DocumentRefs& docs, Diagnostics& diags) {
  std::vector<ClassifiedDocument> out;
  out.reserve(docs.size());
  for (const SourceDocument* d : docs) out.push_back({classify_one(*d, diags), d});
  return out;
}

std::string input_kind_name(InputKind kind) {
  for (const auto& k : kKnownKinds) {
    if (k.value == kind) return k.kind;
  }
  return "unknown";
}

}  // namespace grovectl
