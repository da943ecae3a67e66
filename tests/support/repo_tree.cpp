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

std::string small_jobset(const std::string& name) {
  return "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: " + name +
         "\nspec:\n  replicatedJobs:\n  - name: workers\n    template:\n      spec:\n        parallelism: 4\n"
         "        completions: 4\n        backoffLimit: 0\n        template:\n          spec:\n"
         "            containers:\n            - name: sleep\n              image: busybox\n"
         "              command:\n                - sleep\n              args:\n                - 100s\n";
}

fs::path write_monorepo_tree(const std::string& name) {
  const fs::path root = scratch_dir(name);
  const fs::path chart = root / "operator/charts";
  write(
      chart / "Chart.yaml",
      "apiVersion: v2\nname: grove-charts\ndescription: A Helm chart for Grove Operator.\ntype: application\n"
      "version: 0.1.0\nappVersion: \"v0.1.0-dev\"\n");
  write(chart / "values.yaml",
        "serviceAccount:\n  name: grove-operator\n  automount: true\npriorityClass:\n"
        "  enabled: true\n  name: grove-operator\n  value: 1000000\n");
  write(
      chart / "templates/serviceaccount.yaml",
      "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ required \".Values.serviceAccount.name is "
      "required\" .Values.serviceAccount.name }}\n  namespace: {{ .Release.Namespace }}\n  labels:\n"
      "{{- include \"operator.serviceaccount.labels\" . | nindent 4 }}\n"
      "automountServiceAccountToken: {{ .Values.serviceAccount.automount }}");
  write(chart / "templates/priorityclass.yaml",
        "{{- if .Values.priorityClass.enabled }}\napiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\n"
        "metadata:\n  name: {{ required \".Values.priorityClass.name is required\" "
        ".Values.priorityClass.name }}\n"
        "value: {{ .Values.priorityClass.value }}\nglobalDefault: false\n{{- end }}");
  write(chart / "templates/_helpers.tpl", "{{- define \"operator.serviceaccount.labels\" -}}\n{{- end }}\n");
  write(root / "operator/crds/podcliquesets.yaml",
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n"
        "  name: podcliquesets.grove.io\nspec:\n  group: grove.io\n  names:\n    kind: PodCliqueSet\n"
        "    plural: podcliquesets\n  scope: Namespaced\n  versions:\n  - name: v1alpha1\n    served: true\n"
        "    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n");
  write(root / "deploy/base/kustomization.yaml",
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- pcs.yaml\n");
  write(root / "deploy/base/pcs.yaml", small_podcliqueset("serving"));
  write(root / "deploy/overlays/prod/kustomization.yaml",
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: prod\nresources:\n"
        "- ../../base\npatches:\n- path: replicas.yaml\n  target:\n    kind: PodCliqueSet\n");
  write(
      root / "deploy/secret.yaml",
      "apiVersion: v1\nkind: Secret\nmetadata:\n  name: registry\ntype: Opaque\ndata:\n  token: c2VjcmV0\n");
  std::string windows = "\xEF\xBB\xBF";
  for (char c : small_podcliqueset("edited")) windows += c == '\n' ? std::string("\r\n") : std::string(1, c);
  write(root / "deploy/windows.yaml", windows);
  write(root / "deploy/trainer.json",
        "{\"apiVersion\": \"jobset.x-k8s.io/v1alpha2\", \"kind\": \"JobSet\", \"metadata\": {\"name\": "
        "\"trainer\"}, \"spec\": {\"replicatedJobs\": [{\"name\": \"workers\", \"template\": {\"spec\": "
        "{\"parallelism\": 2, \"completions\": 2, \"template\": {\"spec\": {\"containers\": [{\"name\": "
        "\"main\", \"image\": \"busybox\"}]}}}}}]}}\n");
  write(root / "deploy/placeholder.yaml", "");
  write(root / "examples/simple/jobset.yaml", small_jobset("example"));
  write(root / "examples/gpu/jobset.yaml", small_jobset("example"));
  return root;
}

}  // namespace grovectl::test
