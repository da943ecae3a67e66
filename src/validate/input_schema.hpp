#pragma once
// Layer 2 of validate (docs/rules.md), the CRD schema part: each input document against the structural copy
// of the official CRD schema of its kind for the chosen Grove version (schemas/crd/, checked by src/schema/),
// or against the CRD the user gives with --crd, as the API server would on `kubectl apply`. Unknown fields
// are errors by default, as with kubectl's default --validate=strict.
#include <map>
#include <memory>
#include <string>

#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "model/grove_version.hpp"
#include "schema/crd_schemas.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// What an unknown (pruned) field is: kubectl's --validate=strict, warn and ignore.
enum class UnknownFieldPolicy { kError, kWarn, kIgnore };

// CRDs given with --crd (CRD documents, or a `kubectl get crd -o yaml` List): each replaces, for every
// version it serves, the CRD grovectl embeds for its kind.
class CrdOverrides {
 public:
  // Reads `doc` when it is a CustomResourceDefinition of a kind grovectl reads (others are ignored; returns
  // whether it was one). One whose schema the checker cannot honour is an error (usage/crd) at `doc`.
  bool add(const SourceDocument& doc, Diagnostics& diags);
  // The CRD given for `api_version` ("grove.io/v1alpha1") and `kind`, or nullptr.
  const schema::CrdSchema* find(const std::string& api_version, const std::string& kind) const;
  bool empty() const { return schemas_.empty(); }

 private:
  std::map<std::string, std::unique_ptr<schema::CrdSchema>> schemas_;  // by "<group>/<version>/<kind>"
};

// Which CRDs check the inputs: the embedded ones of a Grove version, and those of --crd over them.
struct CrdSelection {
  const GroveVersion* grove_version = &GroveVersion::newest();
  std::shared_ptr<const CrdOverrides> overrides;
};

// The embedded structural schema of an input kind ("schemas/crd/grove/v0.1.0-alpha.11/podcliqueset.json"),
// or "" when there is none.
std::string crd_schema_file(InputKind kind, const GroveVersion& grove_version);

// Checks one classified input document. Returns false when it has schema errors.
bool check_input_schema(const SourceDocument& doc, InputKind kind, const CrdSelection& crds,
                        UnknownFieldPolicy unknown_fields, Diagnostics& diags);

}  // namespace grovectl
