#pragma once
// The value of grove.io/podcliqueset-generation-hash and of the PodGangMap entries'
// podCliqueSetGenerationHash. The operator hashes its Go values of the clique pod templates (ai-dynamo/grove
// operator/internal/controller/ podcliqueset/reconcilespec.go computeGenerationHash: FNV-64a over
// k8s.io/apimachinery dump.ForHash of each template, encoded with rand.SafeEncodeString). dump.ForHash prints
// Go structs field by field, which an offline tool cannot reproduce, so the operator's value is known only
// from a live PodCliqueSet (status.currentGenerationHash). Without it grovectl computes a stand-in of the
// same shape: FNV-64a over the templates as canonical JSON (labels, annotations, podSpec with the
// PodCliqueSet's priorityClassName), encoded the same way; it changes when a template changes, as the
// operator's does, but is not its value (docs/grove-versions.md).
#include <string>

#include "frontend/pcs/types.hpp"

namespace grovectl {

std::string podcliqueset_generation_hash(const PodCliqueSet& pcs);

// k8s.io/apimachinery/pkg/util/rand SafeEncodeString.
std::string safe_encode_string(const std::string& s);

}  // namespace grovectl
