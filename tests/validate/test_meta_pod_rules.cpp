// Layer 2's own rule families: meta/ (the API server's ObjectMeta rules, k8s.io/apimachinery
// pkg/api/validation/objectmeta.go and pkg/apis/meta/v1/validation: ValidateLabels, ValidateAnnotations,
// names) and pod/ (core Pod validation, k8s.io/kubernetes pkg/apis/core/validation/validation.go:
// container names, image, ports, requests against limits; batch validation for a Job's restartPolicy).
// Expected messages were written by hand from those functions and the messages of
// k8s.io/apimachinery pkg/util/validation (IsDNS1123Label, IsQualifiedName, IsValidLabelValue,
// IsValidPortName).
#include <catch2/catch.hpp>

#include "model/k8s_names.hpp"
#include "validate/input_rules.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;

namespace {

const char* kPcsHead =
    "apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: p\n  namespace: team\n";

std::string pcs(const std::string& metadata_extra, const std::string& containers,
                const std::string& clique_extra = "") {
  return std::string(kPcsHead) + metadata_extra + "spec:\n  template:\n    cliques:\n    - name: w\n" +
         clique_extra +
         "      spec:\n        roleName: w\n        replicas: 1\n        podSpec:\n          containers:\n" +
         containers;
}

struct Result {
  Diagnostics diags;
  std::vector<Diagnostic> of(const std::string& rule) const {
    std::vector<Diagnostic> out;
    for (const auto& d : diags.items()) {
      if (d.rule == rule) out.push_back(d);
    }
    return out;
  }
};

Result layer2(const std::string& text, InputKind kind = InputKind::kPodCliqueSet) {
  Result r;
  Diagnostics parse;
  auto docs = parse_yaml_stream(text, "in.yaml", parse);
  INFO(text);
  REQUIRE_FALSE(parse.has_errors());
  REQUIRE(docs.size() == 1);
  check_input_document(docs[0], kind, CrdSelection{}, UnknownFieldPolicy::kError, r.diags);
  return r;
}

const char* kMain = "          - name: main\n            image: example.com/main:1\n";

}  // namespace

TEST_CASE("k8s names: the API server's messages, problem by problem") {
  CHECK(dns1123_label_errors("my-name").empty());
  CHECK(dns1123_label_errors("a.b") == std::vector<std::string>{"must not contain dots"});
  CHECK(dns1123_label_errors("App") ==
        std::vector<std::string>{
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or "
            "'-', and must start and end with an alphanumeric character (e.g. 'my-name',  or "
            "'123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"});
  CHECK(dns1123_label_errors(std::string(64, 'a')) ==
        std::vector<std::string>{"must be no more than 63 characters"});
  CHECK(dns1123_subdomain_errors("example.com").empty());
  CHECK(dns1123_subdomain_errors(std::string(254, 'a')).size() == 1);
  CHECK(label_key_errors("app.kubernetes.io/name").empty());
  CHECK(label_key_errors("/name") == std::vector<std::string>{"prefix part must be non-empty"});
  CHECK(label_key_errors("a/b/c").size() == 1);
  CHECK(label_key_errors(std::string(64, 'k')) ==
        std::vector<std::string>{"name part must be no more than 63 characters"});
  CHECK(label_key_errors("Example.com/x").size() == 1);  // the prefix is a lowercase subdomain
  CHECK(label_value_errors("").empty());
  CHECK(label_value_errors("my_value").empty());
  CHECK(label_value_errors("-x").size() == 1);
  CHECK(port_name_errors("http").empty());
  CHECK(port_name_errors("metrics-server-x") ==
        std::vector<std::string>{"must be no more than 15 characters"});
  CHECK(port_name_errors("80") == std::vector<std::string>{"must contain at least one letter (a-z)"});
  CHECK(port_name_errors("a--b") == std::vector<std::string>{"must not contain consecutive hyphens"});
  CHECK(port_name_errors("-ab") == std::vector<std::string>{"must not begin or end with a hyphen"});
  CHECK(port_name_errors("Http") ==
        std::vector<std::string>{"must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)"});
}

TEST_CASE("meta: label keys and values, annotation keys and total size, name and namespace") {
  auto r = layer2(
      pcs("  labels:\n    ok: yes-1\n    \"bad key\": x\n    v: " + std::string(64, 'v') + "\n", kMain));
  auto keys = r.of("meta/label-key");
  REQUIRE(keys.size() == 1);
  CHECK(keys[0].location.line == 8);
  CHECK(keys[0].field == "metadata.labels.bad key");
  CHECK(keys[0].message.rfind("metadata.labels: Invalid value: \"bad key\": name part must consist of", 0) ==
        0);
  auto values = r.of("meta/label-value");
  REQUIRE(values.size() == 1);
  CHECK(values[0].message == "metadata.labels: Invalid value: \"" + std::string(64, 'v') +
                                 "\": must be no more than 63 characters");

  // 256 KiB counts keys and values together: 262,144 bytes pass, one more does not.
  std::string exact = "  annotations:\n    a: " + std::string(262143, 'x') + "\n";
  CHECK(layer2(pcs(exact, kMain)).of("meta/annotation-size").empty());
  std::string over = "  annotations:\n    a: " + std::string(262144, 'x') + "\n";
  Result size_all = layer2(pcs(over, kMain));
  auto size = size_all.of("meta/annotation-size");
  REQUIRE(size.size() == 1);
  CHECK(size[0].message == "metadata.annotations: Too long: may not be more than 262144 bytes");
  // Annotation keys follow the label-key rule with case ignored.
  CHECK(layer2(pcs("  annotations:\n    Example.COM/Note: x\n", kMain)).of("meta/annotation-key").empty());
  CHECK(layer2(pcs("  annotations:\n    \"a b\": x\n", kMain)).of("meta/annotation-key").size() == 1);

  auto ns =
      layer2(std::string("apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: Bad_Name\n"
                         "  namespace: " +
                         std::string(64, 'n') + "\nspec:\n  replicatedJobs: []\n"),
             InputKind::kJobSet);
  REQUIRE(ns.of("meta/name").size() == 1);
  CHECK(ns.of("meta/name")[0].message.rfind(
            "metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of",
            0) == 0);
  REQUIRE(ns.of("meta/namespace").size() == 1);
  CHECK(ns.of("meta/namespace")[0].message == "metadata.namespace: Invalid value: \"" + std::string(64, 'n') +
                                                  "\": must be no more than 63 characters");
  // A cluster-scoped ClusterTopologyBinding's namespace is cleared by the server, not refused.
  auto ctb = layer2(
      "apiVersion: grove.io/v1alpha1\nkind: ClusterTopologyBinding\nmetadata:\n  name: t\n  namespace: X_\n"
      "spec:\n  levels:\n  - domain: rack\n    key: topology.kubernetes.io/rack\n",
      InputKind::kClusterTopologyBinding);
  CHECK(ctb.of("meta/namespace").empty());
}

TEST_CASE("meta: template metadata the operator copies onto PodCliques, pods and Jobs") {
  auto r =
      layer2(pcs("", kMain, "      labels:\n        \"x/y/z\": a\n      annotations:\n        \"?\": b\n"));
  REQUIRE(r.of("meta/label-key").size() == 1);
  CHECK(r.of("meta/label-key")[0].field == "spec.template.cliques[0].labels.x/y/z");
  REQUIRE(r.of("meta/annotation-key").size() == 1);
  CHECK(r.of("meta/annotation-key")[0].message.rfind(
            "spec.template.cliques[0].annotations: Invalid value: \"?\"", 0) == 0);
  auto js = layer2(
      "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: j\nspec:\n  replicatedJobs:\n"
      "  - name: w\n    template:\n      metadata:\n        labels:\n          job: \"-bad\"\n      spec:\n"
      "        template:\n          metadata:\n            labels:\n              pod: \"bad-\"\n          "
      "spec:\n"
      "            containers:\n            - name: c\n              image: i\n",
      InputKind::kJobSet);
  auto values = js.of("meta/label-value");
  REQUIRE(values.size() == 2);
  CHECK(values[0].field == "spec.replicatedJobs[0].template.metadata.labels.job");
  CHECK(values[1].field == "spec.replicatedJobs[0].template.spec.template.metadata.labels.pod");
}

TEST_CASE("pod: container names are unique DNS labels across containers and init containers") {
  std::string text =
      std::string(kPcsHead) +
      "spec:\n  template:\n    cliques:\n    - name: w\n      spec:\n        roleName: w\n"
      "        replicas: 1\n        podSpec:\n          initContainers:\n          - name: main\n"
      "            image: x\n          containers:\n          - name: main\n            image: x\n"
      "          - name: Side_Car\n            image: x\n          - name: \"\"\n            image: x\n";
  auto p = layer2(text);
  auto names = p.of("pod/container-name");
  REQUIRE(names.size() == 3);
  CHECK(names[0].message.rfind("spec.template.cliques[0].spec.podSpec.containers[1].name: Invalid value: "
                               "\"Side_Car\": a lowercase RFC "
                               "1123 label",
                               0) == 0);
  CHECK(names[1].message == "spec.template.cliques[0].spec.podSpec.containers[2].name: Required value");
  CHECK(names[2].message ==
        "spec.template.cliques[0].spec.podSpec.initContainers[0].name: Duplicate value: \"main\"");
  CHECK(names[2].location.line == 15);  // the init container is the later one checked
}

TEST_CASE("pod: an image is required, ports in range with IANA names, protocols") {
  auto r = layer2(
      pcs("",
          "          - name: a\n            ports:\n            - containerPort: 0\n"
          "            - containerPort: 65536\n              hostPort: -1\n"
          "            - containerPort: 80\n              name: web-server-metrics\n"
          "            - containerPort: 81\n              name: http\n"
          "            - containerPort: 82\n              name: http\n              protocol: QUIC\n"));
  auto image = r.of("pod/image");
  REQUIRE(image.size() == 1);
  CHECK(image[0].message == "spec.template.cliques[0].spec.podSpec.containers[0].image: Required value");
  auto ports = r.of("pod/port");
  REQUIRE(ports.size() == 4);
  CHECK(ports[0].message ==
        "spec.template.cliques[0].spec.podSpec.containers[0].ports[0].containerPort: Required value");
  CHECK(ports[1].message ==
        "spec.template.cliques[0].spec.podSpec.containers[0].ports[1].containerPort: Invalid value: 65536: "
        "must be "
        "between 1 and 65535, inclusive");
  CHECK(ports[2].field == "spec.template.cliques[0].spec.podSpec.containers[0].ports[1].hostPort");
  CHECK(ports[3].message ==
        "spec.template.cliques[0].spec.podSpec.containers[0].ports[4].protocol: Unsupported value: \"QUIC\": "
        "supported values: \"SCTP\", \"TCP\", \"UDP\"");
  auto names = r.of("pod/port-name");
  REQUIRE(names.size() == 2);
  CHECK(names[0].message ==
        "spec.template.cliques[0].spec.podSpec.containers[0].ports[2].name: Invalid value: "
        "\"web-server-metrics\": "
        "must be no more than 15 characters");
  CHECK(names[1].message ==
        "spec.template.cliques[0].spec.podSpec.containers[0].ports[4].name: Duplicate value: \"http\"");
}

TEST_CASE("pod: requests against limits, exactly, extended resources may not overcommit") {
  auto resources = [](const std::string& limits, const std::string& requests) {
    return std::string("          - name: a\n            image: x\n            resources:\n") +
           (limits.empty() ? "" : "              limits:\n" + limits) +
           (requests.empty() ? "" : "              requests:\n" + requests);
  };
  // Equal values written differently are equal; less is fine for cpu and memory.
  CHECK(layer2(pcs("", resources("                memory: 1Gi\n                cpu: 500m\n",
                                 "                memory: 1024Mi\n                cpu: \"0.5\"\n")))
            .of("pod/resources")
            .empty());
  CHECK(layer2(pcs("", resources("                cpu: \"2\"\n", "                cpu: 1500m\n")))
            .of("pod/resources")
            .empty());
  Result over_all =
      layer2(pcs("", resources("                cpu: \"1\"\n", "                cpu: \"2\"\n")));
  auto over = over_all.of("pod/resources");
  REQUIRE(over.size() == 1);
  CHECK(over[0].message ==
        "spec.template.cliques[0].spec.podSpec.containers[0].resources.requests: Invalid value: \"2\": must "
        "be less "
        "than or equal to cpu limit of 1");
  CHECK(over[0].field == "spec.template.cliques[0].spec.podSpec.containers[0].resources.requests.cpu");
  auto gpu =
      layer2(pcs("", resources("                nvidia.com/gpu: 8\n", "                nvidia.com/gpu: 4\n")))
          .of("pod/resources");
  REQUIRE(gpu.size() == 1);
  CHECK(gpu[0].message ==
        "spec.template.cliques[0].spec.podSpec.containers[0].resources.requests: Invalid value: \"4\": must "
        "be equal "
        "to nvidia.com/gpu limit of 8");
  auto no_limit =
      layer2(pcs("", resources("", "                hugepages-2Mi: 1Gi\n                memory: 1Gi\n")))
          .of("pod/resources");
  REQUIRE(no_limit.size() == 1);
  CHECK(no_limit[0].message ==
        "spec.template.cliques[0].spec.podSpec.containers[0].resources.limits: Required value: Limit must be "
        "set for "
        "non overcommitable resources");
  Result negative_all = layer2(pcs("", resources("                cpu: \"-1\"\n", "")));
  auto negative = negative_all.of("pod/resources");
  REQUIRE(negative.size() == 1);
  CHECK(negative[0].message ==
        "spec.template.cliques[0].spec.podSpec.containers[0].resources.limits.cpu: Invalid value: \"-1\": "
        "must be "
        "greater than or equal to 0");
}

TEST_CASE("pod: a Job's pod template restarts OnFailure or Never, a PodCliqueSet's is Grove's to override") {
  auto js = [](const std::string& policy) {
    return "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: j\nspec:\n  "
           "replicatedJobs:\n"
           "  - name: w\n    template:\n      spec:\n        template:\n          spec:\n            "
           "restartPolicy: " +
           policy + "\n            containers:\n            - name: c\n              image: i\n";
  };
  Result r_all = layer2(js("Always"), InputKind::kJobSet);
  auto r = r_all.of("pod/restart-policy");
  REQUIRE(r.size() == 1);
  CHECK(r[0].message ==
        "spec.replicatedJobs[0].template.spec.template.spec.restartPolicy: Unsupported value: \"Always\": "
        "supported "
        "values: \"OnFailure\", \"Never\"");
  CHECK(layer2(js("Never"), InputKind::kJobSet).of("pod/restart-policy").empty());
  std::string always = pcs("", kMain);
  always.insert(always.find("          containers:"), "          restartPolicy: Always\n");
  CHECK(layer2(always).of("pod/restart-policy").empty());
}
