#include "frontend/classify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <string_view>
#include <vector>

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

std::string_view group_of(std::string_view api_version) {
  const size_t slash = api_version.find('/');
  return slash == std::string_view::npos ? std::string_view() : api_version.substr(0, slash);
}

// The API groups whose kinds grovectl reads, with every kind each of them serves (at any version). Another
// kind there is a mistake that `kubectl apply` refuses ("no matches for kind"), not a foreign object to skip.
struct ServedKind {
  std::string_view group;
  std::string_view kind;
};

constexpr ServedKind kServedKinds[] =
    {
        {"grove.io", "ClusterTopologyBinding"},
        {"grove.io", "PodClique"},
        {"grove.io", "PodCliqueScalingGroup"},
        {"grove.io", "PodCliqueSet"},
        {"grove.io", "PodGangMap"},         // written by the operator (ai-dynamo/grove PR #778), not read
        {"scheduler.grove.io", "PodGang"},  // Grove's gang object: rendered, not read
        {"jobset.x-k8s.io", "JobSet"},
};

// Kinds Grove renamed, no longer served: each with the kind that replaced it and the change that did.
struct RetiredKind {
  std::string_view group, kind, replacement, change;
};

constexpr RetiredKind kRetiredKinds[] = {
    {"grove.io", "PodGangSet", "PodCliqueSet", "ai-dynamo/grove PR #186"},
    {"grove.io", "ClusterTopology", "ClusterTopologyBinding", "ai-dynamo/grove PR #616"},
};

bool ours_api_group(const std::string& api_version) {
  const std::string_view group = group_of(api_version);
  for (const auto& k : kServedKinds) {
    if (k.group == group) return true;
  }
  return false;
}

// A served kind, or its list kind (JobSetList): kubectl get -o yaml writes those.
bool serves(const ServedKind& served, std::string_view kind) {
  return kind == served.kind ||
         (kind.size() == served.kind.size() + 4 && kind.starts_with(served.kind) && kind.ends_with("List"));
}

const ServedKind* served_kind(std::string_view group, std::string_view kind) {
  for (const auto& k : kServedKinds) {
    if (k.group == group && serves(k, kind)) return &k;
  }
  return nullptr;
}

// Levenshtein distance, case ignored: "Jobset" is 0 from "JobSet", "JobSets" 1.
size_t edit_distance(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The kind of `group` closest to `kind` (a retired kind stands for its replacement), within two edits.
std::string_view did_you_mean(std::string_view group, std::string_view kind) {
  constexpr size_t kMaxEdits = 2;
  std::string_view best;
  size_t best_distance = kMaxEdits + 1;
  auto consider = [&](std::string_view candidate, std::string_view suggestion) {
    const size_t d = edit_distance(kind, candidate);
    if (d < best_distance) best_distance = d, best = suggestion;
  };
  for (const auto& k : kServedKinds) {
    if (k.group == group) consider(k.kind, k.kind);
  }
  for (const auto& k : kRetiredKinds) {
    if (k.group == group) consider(k.kind, k.replacement);
  }
  return best;
}

// Why `kind` is not served by the group of `api_version`, in kubectl's words ("no matches for kind") and
// what to write instead.
std::string unknown_kind_message(const std::string& api_version, const std::string& kind) {
  const std::string_view group = group_of(api_version);
  const std::string head = fmt::format("no matches for kind \"{}\" in version \"{}\"", kind, api_version);
  for (const auto& k : kRetiredKinds) {
    if (k.group == group && k.kind == kind)
      return fmt::format("{}: Grove renamed {} to {} ({})", head, k.kind, k.replacement, k.change);
  }
  if (std::string_view guess = did_you_mean(group, kind); !guess.empty())
    return fmt::format("{}; did you mean \"{}\"?", head, guess);
  for (const auto& k : kServedKinds) {
    if (serves(k, kind)) return fmt::format("{}; {} is served by {}", head, kind, k.group);
  }
  std::string kinds;
  for (const auto& k : kServedKinds) {
    if (k.group == group) kinds += fmt::format("{}{}", kinds.empty() ? "" : ", ", k.kind);
  }
  return fmt::format("{}; {} serves {}", head, group, kinds);
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
  if (!ours && ours_api_group(api) && !served_kind(group_of(api), kind)) {
    diags.error("input/unknown-kind", unknown_kind_message(api, kind), doc.locate("/kind"), "kind");
    return {InputKind::kUnknown, &doc};
  }
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
