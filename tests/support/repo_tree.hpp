#pragma once
// A repository tree generated at test time, shaped like a real one that keeps Grove inputs next to
// everything else: a GitHub Actions workflow, a Helm chart (Chart.yaml, values.yaml and templates with
// {{ }} directives, which are not YAML until helm renders them), kustomize and plain manifests.
#include <filesystem>
#include <string>

namespace grovectl::test {

// A valid PodCliqueSet named `name` (Grove's smallest useful shape: one clique, one container).
std::string small_podcliqueset(const std::string& name);
// small_podcliqueset whose clique asks for topology domain "zone" of ClusterTopologyBinding grove-topology.
std::string topology_podcliqueset(const std::string& name);

// Writes the tree under a fresh scratch directory and returns its root:
//   .github/workflows/ci.yml           a workflow (no apiVersion/kind; in a hidden directory)
//   .archive/old.yaml                  an invalid PodCliqueSet, never read (hidden directory)
//   charts/serving/Chart.yaml          apiVersion: v2 but no kind
//   charts/serving/values.yaml         plain values
//   charts/serving/templates/pcs.yaml  a helm template ({{ .Values... }}): not YAML
//   deploy/kustomization.yaml          kustomize.config.k8s.io/v1beta1 Kustomization
//   deploy/pcs.yaml                    the PodCliqueSet "serving"
//   deploy/service.yaml                a v1 Service
std::filesystem::path write_repo_tree(const std::string& name);

// A valid JobSet named `name`: JobSet's own example site/static/examples/simple/paralleljobs.yaml (jobset
// 08dfbdfd), its "workers" replicated job.
std::string small_jobset(const std::string& name);

// A monorepo that keeps Grove and JobSet inputs among everything else, each shape from a real repository:
//   operator/charts/Chart.yaml, values.yaml       Grove's operator chart (ai-dynamo/grove fcc3b3bb
//   operator/charts) operator/charts/templates/serviceaccount.yaml  its templates, verbatim: {{ }}
//   directives, not YAML operator/charts/templates/priorityclass.yaml operator/charts/templates/_helpers.tpl
//   not a manifest name operator/crds/podcliquesets.yaml               a CustomResourceDefinition
//   (apiextensions.k8s.io/v1) deploy/base/kustomization.yaml, pcs.yaml       kustomize base: the PodCliqueSet
//   "serving" deploy/overlays/prod/kustomization.yaml        an overlay (namespace, patches)
//   deploy/secret.yaml                             a v1 Secret with data
//   deploy/windows.yaml                            a PodCliqueSet "edited" saved with a UTF-8 BOM and CRLF
//   lines deploy/trainer.json                            a JobSet "trainer" as JSON (kubectl reads both)
//   deploy/placeholder.yaml                        empty (a file kept for a later manifest)
//   examples/simple/jobset.yaml                    the JobSet "example" ...
//   examples/gpu/jobset.yaml                       ... again: independent examples, as JobSet's examples/ has
// 11 documents in 11 files: 5 gang sources (serving, edited, trainer, example twice), 6 skipped (Chart.yaml
// and values.yaml without kind, the CRD, two Kustomizations, the Secret); 3 files skipped: the 2 templates
// and the empty file.
std::filesystem::path write_monorepo_tree(const std::string& name);

}  // namespace grovectl::test
