#pragma once
// Sorting input documents by kind, before they are parsed: gang sources and their companions are read, a kind
// of another API group (a ConfigMap, a Service, a Chart.yaml) is skipped and counted, as helm template
// streams and whole repositories hold such documents, and a kind that an API group grovectl reads does not
// serve (PodCliqueSett, the retired ClusterTopology) is an error, as `kubectl apply` refuses it.
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "yaml/document.hpp"

namespace grovectl {

enum class InputKind {
  kPodCliqueSet,
  kJobSet,
  kClusterTopologyBinding,
  kPodCliqueScalingGroup,
  kPodClique,
  kSkipped,  // not grovectl's (see SkipReason); counted, never read
  kUnknown,  // refused (reported): a kind grovectl reads at another apiVersion, a kind its API groups do
             // not serve, a malformed kind, --reject-kinds
};

enum class SkipReason {
  kNone,
  kNotAnObject,   // no apiVersion and kind: a values file, a workflow, a Chart.yaml
  kOtherKind,     // a Kubernetes object of a kind grovectl does not read
  kSkipKindsFlag  // --skip-kinds
};

// --skip-kinds and --reject-kinds (kubeconform's -skip and -reject): each entry is a kind ("ConfigMap") or
// an apiVersion and kind ("v1/ConfigMap", "grove.io/v1alpha1/PodCliqueSet").
struct KindSelection {
  std::vector<std::string> skip;
  std::vector<std::string> reject;
};

struct ClassifiedDocument {
  InputKind kind = InputKind::kUnknown;
  const SourceDocument* doc = nullptr;
  SkipReason skipped = SkipReason::kNone;
};

// Documents by reference, for callers that render a subset of what they loaded (validate).
using DocumentRefs = std::vector<const SourceDocument*>;
DocumentRefs document_refs(const std::vector<SourceDocument>& docs);

// Every document with its kind. A kind grovectl reads written with another apiVersion, a kind that an API
// group grovectl reads does not serve (with the kind meant), a kind or apiVersion that is not a string, and a
// kind of --reject-kinds are reported (rules input/*) and returned as kUnknown; other documents grovectl does
// not read come back as kSkipped, unreported.
std::vector<ClassifiedDocument> classify_documents(const std::vector<SourceDocument>& docs,
                                                   const KindSelection& kinds, Diagnostics& diags);
std::vector<ClassifiedDocument> classify_documents(const DocumentRefs& docs, const KindSelection& kinds,
                                                   Diagnostics& diags);
ClassifiedDocument classify_document(const SourceDocument& doc, const KindSelection& kinds,
                                     Diagnostics& diags);  // one document, as classify_documents does
// Whether an entry of --skip-kinds or --reject-kinds names this apiVersion and kind.
bool kind_selected(const std::vector<std::string>& entries, const std::string& api_version,
                   const std::string& kind);

// Zero gang sources (PodCliqueSets, JobSets) among classified documents is an error (input/no-gang-source)
// that says how many documents were skipped and why. Returns false when reported.
bool require_gang_source(const std::vector<ClassifiedDocument>& docs, Diagnostics& diags);

// require_gang_source's counts, gathered one document at a time (validate reads its inputs as a stream).
class GangSourceTally {
 public:
  void add(const ClassifiedDocument& doc);
  bool found() const { return gang_sources_ > 0; }
  // input/no-gang-source, located at the first document read.
  void report_none(const Location& first_document, Diagnostics& diags) const;

 private:
  size_t documents_ = 0;
  size_t gang_sources_ = 0;
  std::map<SkipReason, size_t> skipped_;
  std::map<std::string, size_t> other_kinds_;
};

// Why a document was skipped, in words for reports ("kind ConfigMap (v1) is not read by grovectl").
std::string skip_message(const ClassifiedDocument& doc);

std::string input_kind_name(InputKind kind);

}  // namespace grovectl
