#pragma once
// Sorting input documents by kind (the "parse" stage of DESIGN §2).
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
  kUnknown,
};

struct ClassifiedDocument {
  InputKind kind = InputKind::kUnknown;
  const SourceDocument* doc = nullptr;
};

// Every document with its kind. Documents without apiVersion/kind, or of kinds grovectl does not
// read, are reported (rule input/unknown-kind) and returned as kUnknown.
std::vector<ClassifiedDocument> classify_documents(const std::vector<SourceDocument>& docs,
                                                   Diagnostics& diags);

// Documents by reference, for callers that render a subset of what they loaded (validate).
using DocumentRefs = std::vector<const SourceDocument*>;
DocumentRefs document_refs(const std::vector<SourceDocument>& docs);
std::vector<ClassifiedDocument> classify_documents(const DocumentRefs& docs, Diagnostics& diags);

std::string input_kind_name(InputKind kind);

}  // namespace grovectl
