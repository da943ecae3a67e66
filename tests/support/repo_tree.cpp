#include "support/repo_tree.hpp"

#include <fstream>

#include "support/test_support.hpp"

namespace grovectl::test {
namespace fs = std::filesystem;
namespace {

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

}  // namespace

std::string small_podcliqueset(const std::string& name) {
  return "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: " + name +
         "\nspec:\n  replicas: 1\n  template:\n    cliques:\n    - name: worker\n      spec:\n"
         "        roleName: worker\n        replicas: 2\n        podSpec:\n          containers:\n"
         "          - name: main\n            image: registry.example.com/main:1\n";
}

std::string topology_podcliqueset(const std::string& name) {
  std::string pcs = small_podcliqueset(name);
  pcs.insert(pcs.find("      spec:\n"),
             "      topologyConstraint:\n        topologyName: grove-topology\n        pack:\n          "
             "required: zone\n");
  return pcs;
}

fs::path write_repo_tree(const std::string& name) {
  const fs::path root = scratch_dir(name);
  // The shape of a typical workflow file (actions/checkout, a job per check).
  write(root / ".github/workflows/ci.yml",
        "name: ci\non:\n  pull_request:\njobs:\n  validate:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: grovectl validate -f deploy/\n");
  write(root / ".archive/old.yaml", small_podcliqueset("old") + "  colour: blue\n");
  // helm create's Chart.yaml and values.yaml shapes.
  write(root / "charts/serving/Chart.yaml",
        "apiVersion: v2\nname: serving\ndescription: A Helm chart for a model server\ntype: application\n"
        "version: 0.3.1\nappVersion: \"1.4\"\n");
  write(root / "charts/serving/values.yaml",
        "replicaCount: 1\nimage:\n  repository: registry.example.com/llm/engine\n  tag: \"\"\nservice:\n"
        "  type: ClusterIP\n  port: 8000\n");
  write(root / "charts/serving/templates/pcs.yaml",
        "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: {{ include "
        "\"serving.fullname\" . }}\n"
        "spec:\n  replicas: {{ .Values.replicaCount }}\n  template:\n    cliques:\n    {{- range "
        ".Values.cliques }}\n"
        "    - name: {{ .name }}\n    {{- end }}\n");
  write(root / "deploy/kustomization.yaml",
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- pcs.yaml\n- "
        "service.yaml\n");
  write(root / "deploy/pcs.yaml", small_podcliqueset("serving"));
  write(root / "deploy/service.yaml",
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: serving\nspec:\n  ports:\n  - port: 8000\n"
        "  selector:\n    app.kubernetes.io/part-of: serving\n");
  return root;
}

}  // namespace grovectl::test
