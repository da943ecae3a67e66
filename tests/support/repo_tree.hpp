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

}  // namespace grovectl::test
