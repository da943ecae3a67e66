#include "frontend/classify.hpp"

#include <fmt/format.h>

#include <map>

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

const KnownKind* known_kind(const std::string& kind) {
  for (const auto& k : kKnownKinds) {
    if (kind == k.kind) return &k;
  }
  return nullptr;
}

bool ours_api_group(const std::string& api_version) {
  for (const auto& k : kKnownKinds) {
    const std::string_view known(k.api_version);
    if (api_version.substr(0, api_version.find('/')) == known.substr(0, known.find('/'))) return true;
  }
  return false;
}

std::string string_field(const Json& v, const char* key) {
  auto it = v.find(key);
  return it != v.end() && it->is_string() ? it->get<std::string>() : "";
}

// A key that is present but not a string: the object is malformed, not foreign.
bool malformed(const Json& v, const char* key) {
  auto it = v.find(key);
  return it != v.end() && !it->is_string();
}

}  // namespace

ClassifiedDocument classify_document(const SourceDocument& doc, const KindSelection& selection,
                                     Diagnostics& diags) {
  const Json& v = doc.value;
  if (!v.is_object()) return {InputKind::kSkipped, &doc, SkipReason::kNotAnObject};
  const std::string api = string_field(v, "apiVersion"), kind = string_field(v, "kind");
  const char* bad_field = malformed(v, "apiVersion") ? "apiVersion" : malformed(v, "kind") ? "kind" : nullptr;
  // Without a kind, only an apiVersion of a group grovectl reads makes it a broken input of ours.
  if (!bad_field && kind.empty() && !ours_api_group(api))
    return {InputKind::kSkipped, &doc, SkipReason::kNotAnObject};
  if (!bad_field && kind.empty()) bad_field = "kind";
  const KnownKind* ours = known_kind(kind);
  if (!bad_field && api.empty() && ours) bad_field = "apiVersion";
  if (bad_field) {
    bool present = v.contains(bad_field);
    diags.error("input/missing-kind", fmt::format("document has no {} (string)", bad_field),
                doc.locate(present ? std::string("/") + bad_field : ""), bad_field);
    return {InputKind::kUnknown, &doc};
  }
  if (kind_selected(selection.reject, api, kind)) {
    diags.error("input/rejected-kind", fmt::format("kind {} ({}) is rejected by --reject-kinds", kind, api),
                doc.locate("/kind"), "kind");
    return {InputKind::kUnknown, &doc};
  }
  if (kind_selected(selection.skip, api, kind))
    return {InputKind::kSkipped, &doc, SkipReason::kSkipKindsFlag};
  if (!ours)
    return {InputKind::kSkipped, &doc, api.empty() ? SkipReason::kNotAnObject : SkipReason::kOtherKind};
  if (api != ours->api_version) {
    diags.error("input/unknown-api-version",
                fmt::format("{} is served as {}, not {}", ours->kind, ours->api_version, api),
                doc.locate("/apiVersion"), "apiVersion");
    return {InputKind::kUnknown, &doc};
  }
  return {ours->value, &doc};
}

namespace {

bool is_gang_source(InputKind kind) {
  return kind == InputKind::kPodCliqueSet || kind == InputKind::kJobSet;
}

}  // namespace

bool kind_selected(const std::vector<std::string>& entries, const std::string& api_version,
                   const std::string& kind) {
  for (const auto& e : entries) {
    if (e == kind || e == api_version + "/" + kind) return true;
  }
  return false;
}

DocumentRefs document_refs(const std::vector<SourceDocument>& docs) {
  DocumentRefs refs;
  refs.reserve(docs.size());
  for (const auto& d : docs) refs.push_back(&d);
  return refs;
}

std::vector<ClassifiedDocument> classify_documents(const std::vector<SourceDocument>& docs,
                                                   const KindSelection& kinds, Diagnostics& diags) {
  return classify_documents(document_refs(docs), kinds, diags);
}

std::vector<ClassifiedDocument> classify_documents(const DocumentRefs& docs, const KindSelection& kinds,
                                                   Diagnostics& diags) {
  std::vector<ClassifiedDocument> out;
  out.reserve(docs.size());
  for (const SourceDocument* d : docs) out.push_back(classify_document(*d, kinds, diags));
  return out;
}

std::string skip_message(const ClassifiedDocument& doc) {
  const Json& v = doc.doc->value;
  const std::string kind = v.is_object() ? string_field(v, "kind") : "";
  const std::string api = v.is_object() ? string_field(v, "apiVersion") : "";
  switch (doc.skipped) {
    case SkipReason::kNotAnObject:
      return "not a Kubernetes object (no apiVersion and kind)";
    case SkipReason::kOtherKind:
      return fmt::format("kind {} ({}) is not read by grovectl", kind, api);
    case SkipReason::kSkipKindsFlag:
      return fmt::format("kind {} ({}) is skipped by --skip-kinds", kind, api);
    case SkipReason::kNone:
      break;
  }
  return "";
}

void GangSourceTally::add(const ClassifiedDocument& d) {
  ++documents_;
  if (is_gang_source(d.kind)) ++gang_sources_;
  if (d.kind != InputKind::kSkipped) return;
  ++skipped_[d.skipped];
  if (d.skipped == SkipReason::kOtherKind) ++other_kinds_[string_field(d.doc->value, "kind")];
}

void GangSourceTally::report_none(const Location& first_document, Diagnostics& diags) const {
  size_t total = 0;
  std::vector<std::string> why;
  for (const auto& [reason, n] : skipped_) total += n;
  auto skipped = [&](SkipReason reason) {
    auto it = skipped_.find(reason);
    return it == skipped_.end() ? size_t{0} : it->second;
  };
  if (size_t n = skipped(SkipReason::kOtherKind)) {
    std::string kinds;
    for (const auto& [kind, count] : other_kinds_)
      kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", count, kind);
    why.push_back(fmt::format("{} of kinds grovectl does not read ({})", n, kinds));
  }
  if (size_t n = skipped(SkipReason::kNotAnObject))
    why.push_back(fmt::format("{} without apiVersion and kind", n));
  if (size_t n = skipped(SkipReason::kSkipKindsFlag)) why.push_back(fmt::format("{} by --skip-kinds", n));
  std::string reasons;
  for (size_t i = 0; i < why.size(); ++i) reasons += (i ? "; " : ": ") + why[i];
  diags.error("input/no-gang-source",
              fmt::format("no PodCliqueSet or JobSet in the inputs (zero gang sources is never a pass): {} "
                          "document{} read, {} skipped{}",
                          documents_, documents_ == 1 ? "" : "s", total, reasons),
              first_document);
}

bool require_gang_source(const std::vector<ClassifiedDocument>& docs, Diagnostics& diags) {
  GangSourceTally tally;
  for (const auto& d : docs) tally.add(d);
  if (tally.found()) return true;
  tally.report_none(docs.empty() ? Location{} : docs.front().doc->locate(),
                    diags);  // the first document read
  return false;
}

std::string input_kind_name(InputKind kind) {
  for (const auto& k : kKnownKinds) {
    if (k.value == kind) return k.kind;
  }
  return kind == InputKind::kSkipped ? "skipped" : "unknown";
}

}  // namespace grovectl
