// Core Pod validation of the pod templates (layer 2, rule family pod/): what the API server refuses when
// Grove's operator creates the pods of a clique, or when JobSet's controller creates the Jobs of a replicated
// job. The inputs are Grove's sample simple1.yaml (ai-dynamo/grove fcc3b3bb operator/samples/simple) and
// JobSet's example success-policy.yaml (kubernetes-sigs/jobset v0.12.0 site/static/examples/simple), copied
// verbatim to testdata/upstream, with fields added here to the first clique's pod spec and container, or to
// the first replicated job's. Expected messages were written by hand from kubernetes/kubernetes v1.35.7
// pkg/apis/core/validation/validation.go (the function is named at each case) and the field.Error format of
// k8s.io/apimachinery v0.35.7: "<path>: <Type>: <value>: <detail>", NotSupported listing the supported values
// quoted, in the order upstream gives them.
#include <catch2/catch.hpp>

#include "support/test_support.hpp"
#include "validate/input_rules.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;
using grovectl::test::read_file;
using grovectl::test::testdata;

namespace {

// Lines added under the first clique's podSpec (simple1.yaml line 22) land from line 23 on; lines added
// under its first container's image (line 25, or later by the spec lines) follow it.
struct Template {
  std::string spec_lines{};       // at the pod spec's indentation, each ending in "\n"
  std::string container_lines{};  // at the container's
};

std::string indent(const std::string& lines, size_t spaces) {
  std::string out;
  size_t start = 0;
  while (start < lines.size()) {
    const size_t end = lines.find('\n', start);
    out += std::string(spaces, ' ') + lines.substr(start, end - start + 1);
    start = end + 1;
  }
  return out;
}

std::string insert_after(std::string text, const std::string& anchor, const std::string& lines) {
  const size_t at = text.find(anchor);
  REQUIRE(at != std::string::npos);
  return text.insert(at + anchor.size(), lines);
}

std::string grove(const Template& t) {
  std::string text = read_file(testdata("upstream/grove-fcc3b3bb/simple1.yaml"));
  text = insert_after(text, "                image: nginx:latest\n", indent(t.container_lines, 16));
  return insert_after(text, "          podSpec:\n", indent(t.spec_lines, 12));
}

std::string jobset(const Template& t) {
  std::string text = read_file(testdata("upstream/jobset-v0.12.0/simple-success-policy.yaml"));
  text = insert_after(text, "              image: bash:latest\n", indent(t.container_lines, 14));
  return insert_after(text, "        template:\n          spec:\n", indent(t.spec_lines, 12));
}

struct Found {
  std::vector<Diagnostic> items;
  std::vector<std::string> messages() const {
    std::vector<std::string> out;
    for (const auto& d : items) out.push_back(d.message);
    return out;
  }
};

// Layer 2's pod/ findings (and meta/ ones, which nodeSelector and label selectors share).
Found pod_findings(const std::string& text, InputKind kind) {
  Diagnostics parse;
  auto docs = parse_yaml_stream(text, "in.yaml", parse);
  INFO(text);
  REQUIRE_FALSE(parse.has_errors());
  const SourceDocument& doc = docs.back();  // simple1.yaml starts with a comment-only document
  Diagnostics diags;
  check_input_document(doc, kind, CrdSelection{}, UnknownFieldPolicy::kError, diags);
  Found found;
  for (const auto& d : diags.items()) {
    INFO(d.rule << ": " << d.message);
    CHECK_FALSE(d.rule.starts_with("schema/"));  // every input here is valid for the CRD schema
    if (d.rule.starts_with("pod/") || d.rule.starts_with("meta/")) found.items.push_back(d);
  }
  return found;
}

Found grove_pod(const Template& t) {
  return pod_findings(grove(t), InputKind::kPodCliqueSet);
}
Found jobset_pod(const Template& t) {
  return pod_findings(jobset(t), InputKind::kJobSet);
}

const std::string kGrove = "spec.template.cliques[0].spec.podSpec";
const std::string kJob = "spec.replicatedJobs[0].template.spec.template.spec";

}  // namespace

TEST_CASE("pod templates: the upstream samples themselves pass", "[pod-rules]") {
  CHECK(grove_pod({}).items.empty());
  CHECK(jobset_pod({}).items.empty());
  Diagnostics parse;
  auto docs =
      parse_yaml_stream(read_file(testdata("upstream/grove-fcc3b3bb/pcsg-env-vars.yaml")), "in.yaml", parse);
  Diagnostics diags;
  check_input_document(docs.back(), InputKind::kPodCliqueSet, CrdSelection{}, UnknownFieldPolicy::kError,
                       diags);
  CHECK(diags.empty());
}

TEST_CASE("pod templates: a volumeMount names a volume of the pod", "[pod-rules]") {
  // ValidateVolumeMounts: field.NotFound at volumeMounts[i].name.
  const std::string mount = "volumeMounts:\n- name: data\n  mountPath: /data\n";
  auto missing = jobset_pod({.container_lines = mount});
  REQUIRE(missing.items.size() == 1);
  CHECK(missing.items[0].rule == "pod/volume-mount");
  CHECK(missing.items[0].message == kJob + ".containers[0].volumeMounts[0].name: Not found: \"data\"");
  CHECK(missing.items[0].field == kJob + ".containers[0].volumeMounts[0].name");
  CHECK(missing.items[0].location.line == 27);  // the mount's name, under the image (line 25)
  CHECK(jobset_pod({.spec_lines = "volumes:\n- name: data\n  emptyDir: {}\n", .container_lines = mount})
            .items.empty());
  // A volume with an error is not handed to the containers' checks (ValidateVolumes keeps only valid ones):
  // its mount is not found either.
  auto invalid_volume =
      grove_pod({.spec_lines = "volumes:\n- name: data\n  emptyDir: {}\n  configMap: {name: c}\n",
                 .container_lines = mount});
  CHECK(invalid_volume.messages() ==
        std::vector<std::string>{
            kGrove + ".volumes[0].configMap: Forbidden: may not specify more than 1 volume type",
            kGrove + ".containers[0].volumeMounts[0].name: Not found: \"data\""});
  // A mount path or volume name used twice is the CRD schema's finding (volumeMounts and volumes are list
  // maps keyed by mountPath and name), not these rules'.
}

TEST_CASE("pod templates: a volume has exactly one source", "[pod-rules]") {
  // validateVolumeSource: none is field.Required at the volume; a second is field.Forbidden at its own path,
  // which upstream spells "downwarAPI" for the downward API.
  auto none = grove_pod({.spec_lines = "volumes:\n- name: data\n"});
  CHECK(none.messages() ==
        std::vector<std::string>{kGrove + ".volumes[0]: Required value: must specify a volume type"});
  CHECK(none.items[0].rule == "pod/volume");
  CHECK(none.items[0].location.line == 24);
  auto two = jobset_pod({.spec_lines = "volumes:\n- name: data\n  emptyDir: {}\n  downwardAPI: {}\n"});
  CHECK(two.messages() ==
        std::vector<std::string>{
            kJob + ".volumes[0].downwarAPI: Forbidden: may not specify more than 1 volume type"});
  CHECK(two.items[0].location.line == 26);
  // The common sources' own fields.
  CHECK(grove_pod({.spec_lines = "volumes:\n- name: s\n  secret: {defaultMode: 1000}\n"}).messages() ==
        std::vector<std::string>{
            kGrove + ".volumes[0].secret.secretName: Required value",
            kGrove + ".volumes[0].secret.defaultMode: Invalid value: 1000: must be a number between "
                     "0 and 0777 (octal), both inclusive"});
  CHECK(grove_pod({.spec_lines = "volumes:\n- name: h\n  hostPath: {path: /var, type: Dir}\n"}).messages() ==
        std::vector<std::string>{
            kGrove + ".volumes[0].hostPath.type: Unsupported value: \"Dir\": supported values: \"\", "
                     "\"BlockDevice\", \"CharDevice\", \"Directory\", \"DirectoryOrCreate\", "
                     "\"File\", \"FileOrCreate\", \"Socket\""});
  CHECK(grove_pod({.spec_lines = "volumes:\n- name: share\n  nfs: {server: nfs.example.com, path: share}\n"})
            .messages() ==
        std::vector<std::string>{kGrove +
                                 ".volumes[0].nfs.path: Invalid value: \"share\": must be an absolute path"});
  CHECK(grove_pod({.spec_lines = "volumes:\n- name: Data\n  emptyDir: {}\n"}).items.size() == 1);
}

TEST_CASE("pod templates: image pull, DNS and restart policies are enums", "[pod-rules]") {
  // validatePullPolicy, validateDNSPolicy, validateRestartPolicy; an empty value is defaulted.
  CHECK(grove_pod({.container_lines = "imagePullPolicy: Sometimes\n"}).messages() ==
        std::vector<std::string>{
            kGrove + ".containers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported "
                     "values: \"Always\", \"IfNotPresent\", \"Never\""});
  CHECK(jobset_pod({.spec_lines = "dnsPolicy: ClusterFirstWithHostNetwork\n"}).messages() ==
        std::vector<std::string>{
            kJob + ".dnsPolicy: Unsupported value: \"ClusterFirstWithHostNetwork\": supported "
                   "values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\""});
  // Grove copies the template's restartPolicy into its pods (its webhook only warns about it).
  CHECK(grove_pod({.spec_lines = "restartPolicy: Sometimes\n"}).messages() ==
        std::vector<std::string>{kGrove +
                                 ".restartPolicy: Unsupported value: \"Sometimes\": supported values: "
                                 "\"Always\", \"OnFailure\", \"Never\""});
  CHECK(grove_pod({.spec_lines = "restartPolicy: Never\n"}).items.empty());
  // A Job's pods: the core enum, then the Job API's own (k8s.io/kubernetes pkg/apis/batch/validation).
  CHECK(jobset_pod({.spec_lines = "restartPolicy: Sometimes\n"}).messages() ==
        std::vector<std::string>{
            kJob + ".restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", "
                   "\"OnFailure\", \"Never\"",
            kJob + ".restartPolicy: Unsupported value: \"Sometimes\": supported values: "
                   "\"OnFailure\", \"Never\""});
  CHECK(jobset_pod({.spec_lines = "restartPolicy: Always\n"}).items.size() == 1);
  CHECK(grove_pod({.container_lines = "terminationMessagePolicy: Log\n"}).messages() ==
        std::vector<std::string>{kGrove +
                                 ".containers[0].terminationMessagePolicy: Unsupported value: \"Log\": "
                                 "supported values: \"File\", \"FallbackToLogsOnError\""});
  // dnsPolicy None needs dnsConfig with a nameserver (validatePodDNSConfig).
  CHECK(grove_pod({.spec_lines = "dnsPolicy: None\n"}).messages() ==
        std::vector<std::string>{
            kGrove + ".dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None"});
  CHECK(grove_pod({.spec_lines = "dnsPolicy: None\ndnsConfig:\n  nameservers: [10.0.0.10]\n"}).items.empty());
}

TEST_CASE("pod templates: env valueFrom has exactly one source", "[pod-rules]") {
  // validateEnvVarValueFrom (with EnvFiles, beta and on in 1.35, fileKeyRef is a fifth source).
  auto none = grove_pod({.container_lines = "env:\n- name: A\n  valueFrom: {}\n"});
  CHECK(none.messages() ==
        std::vector<std::string>{kGrove +
                                 ".containers[0].env[0].valueFrom: Invalid value: \"\": must specify one of: "
                                 "`fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or "
                                 "`fileKeyRef`"});
  CHECK(none.items[0].rule == "pod/env");
  CHECK(none.items[0].location.line == 28);
  const std::string two =
      "env:\n- name: A\n  valueFrom:\n    fieldRef: {fieldPath: metadata.name}\n    secretKeyRef: {name: s, "
      "key: k}\n";
  CHECK(jobset_pod({.container_lines = two}).messages() ==
        std::vector<std::string>{
            kJob + ".containers[0].env[0].valueFrom: Invalid value: \"\": may not have more than one "
                   "field specified at a time"});
  CHECK(jobset_pod(
            {.container_lines =
                 "env:\n- name: A\n  value: x\n  valueFrom:\n    fieldRef: {fieldPath: metadata.name}\n"})
            .messages() ==
        std::vector<std::string>{kJob + ".containers[0].env[0].valueFrom: Invalid value: \"\": may not "
                                        "be specified when `value` is not empty"});
  // The downward API field paths an env var may read (validEnvDownwardAPIFieldPathExpressions, sorted).
  CHECK(grove_pod({.container_lines =
                       "env:\n- name: A\n  valueFrom:\n    fieldRef: {fieldPath: metadata.labels}\n"})
            .messages() ==
        std::vector<std::string>{
            kGrove + ".containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "
                     "\"metadata.labels\": supported values: \"metadata.name\", \"metadata.namespace\", "
                     "\"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", "
                     "\"status.hostIP\", \"status.hostIPs\", \"status.podIP\", \"status.podIPs\""});
  CHECK(grove_pod(
            {.container_lines =
                 "env:\n- name: A\n  valueFrom:\n    fieldRef: {fieldPath: \"metadata.labels['app']\"}\n"})
            .items.empty());
  // A key selector names its object (a DNS subdomain, "" included) and a key.
  CHECK(grove_pod({.container_lines = "env:\n- name: A\n  valueFrom:\n    configMapKeyRef: {key: \"a/b\"}\n"})
            .items.size() == 2);
  // envFrom: one of configMapRef and secretRef, reported at the list's path.
  CHECK(grove_pod({.container_lines = "envFrom:\n- prefix: P_\n"}).messages() ==
        std::vector<std::string>{kGrove + ".containers[0].envFrom: Invalid value: \"\": must specify one of: "
                                          "`configMapRef` or `secretRef`"});
  // Names: printable ASCII but '=' (RelaxedEnvironmentVariableValidation, GA in 1.34).
  CHECK(grove_pod({.container_lines = "env:\n- name: A=B\n  value: x\n"}).messages() ==
        std::vector<std::string>{
            kGrove + ".containers[0].env[0].name: Invalid value: \"A=B\": a valid environment "
                     "variable name must consist only of printable ASCII characters other than '='"});
  CHECK(grove_pod({.container_lines = "env:\n- name: 1.x-Y\n  value: x\n"}).items.empty());
}

TEST_CASE("pod templates: a probe or lifecycle handler has exactly one action", "[pod-rules]") {
  // validateHandler: none is field.Required at the handler, a second field.Forbidden at its own path.
  auto none = grove_pod({.container_lines = "livenessProbe:\n  periodSeconds: 5\n"});
  CHECK(none.messages() ==
        std::vector<std::string>{
            kGrove + ".containers[0].livenessProbe: Required value: must specify a handler type"});
  CHECK(none.items[0].rule == "pod/probe");
  CHECK(none.items[0].location.line == 26);
  CHECK(jobset_pod({.container_lines =
                        "readinessProbe:\n  exec: {command: [/bin/true]}\n  tcpSocket: {port: 8080}\n"})
            .messages() ==
        std::vector<std::string>{kJob + ".containers[0].readinessProbe.tcpSocket: Forbidden: may not "
                                        "specify more than 1 handler type"});
  auto hook = grove_pod({.container_lines = "lifecycle:\n  preStop: {}\n"});
  CHECK(hook.messages() ==
        std::vector<std::string>{
            kGrove + ".containers[0].lifecycle.preStop: Required value: must specify a handler type"});
  CHECK(hook.items[0].rule == "pod/lifecycle");
  CHECK(
      grove_pod({.container_lines =
                     "lifecycle:\n  postStart:\n    exec: {command: [/bin/true]}\n    sleep: {seconds: 1}\n"})
          .messages() ==
      std::vector<std::string>{kGrove + ".containers[0].lifecycle.postStart.sleep: Forbidden: may "
                                        "not specify more than 1 handler type"});
  // A hook sleeps within the grace period (30 s by default), a probe's ports and counters are checked.
  CHECK(grove_pod({.container_lines = "lifecycle:\n  preStop:\n    sleep: {seconds: 40}\n"}).messages() ==
        std::vector<std::string>{kGrove +
                                 ".containers[0].lifecycle.preStop.sleep: Invalid value: 40: must be "
                                 "non-negative and less than terminationGracePeriodSeconds (30)"});
  CHECK(grove_pod({.spec_lines = "terminationGracePeriodSeconds: 60\n",
                   .container_lines = "lifecycle:\n  preStop:\n    sleep: {seconds: 40}\n"})
            .items.empty());
  CHECK(grove_pod({.container_lines =
                       "livenessProbe:\n  httpGet: {port: 0, scheme: http}\n  successThreshold: 2\n"})
            .messages() ==
        std::vector<std::string>{
            kGrove + ".containers[0].livenessProbe.httpGet.port: Invalid value: 0: must be between "
                     "1 and 65535, inclusive",
            kGrove + ".containers[0].livenessProbe.httpGet.scheme: Unsupported value: \"http\": "
                     "supported values: \"HTTP\", \"HTTPS\"",
            kGrove + ".containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1"});
  // An init container that is not a sidecar (restartPolicy Always) may have neither.
  const std::string init =
      "initContainers:\n- name: init\n  image: busybox\n  readinessProbe:\n    exec: {command: "
      "[/bin/true]}\n";
  CHECK(grove_pod({.spec_lines = init}).messages() ==
        std::vector<std::string>{kGrove +
                                 ".initContainers[0].readinessProbe: Forbidden: may not be set for init "
                                 "containers without restartPolicy=Always"});
  CHECK(grove_pod({.spec_lines = init + "  restartPolicy: Always\n"}).items.empty());
}

TEST_CASE("pod templates: tolerations, spread constraints and affinity", "[pod-rules]") {
  // ValidateTolerations, validateTopologySpreadConstraints, ValidateNodeSelector.
  CHECK(jobset_pod({.spec_lines = "tolerations:\n- key: gpu\n  operator: Equals\n"}).messages() ==
        std::vector<std::string>{kJob +
                                 ".tolerations[0].operator: Unsupported value: \"Equals\": supported values: "
                                 "\"Equal\", \"Exists\""});
  CHECK(jobset_pod({.spec_lines = "tolerations:\n- operator: Equal\n  value: x\n"}).items.size() == 1);
  CHECK(jobset_pod({.spec_lines = "tolerations:\n- key: gpu\n  operator: Exists\n  effect: NoExecute\n  "
                                  "tolerationSeconds: 10\n"})
            .items.empty());
  CHECK(
      jobset_pod(
          {.spec_lines =
               "topologySpreadConstraints:\n- maxSkew: 0\n  topologyKey: zone\n  whenUnsatisfiable: Never\n"})
          .messages() ==
      std::vector<std::string>{
          kJob + ".topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero",
          kJob + ".topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: \"Never\": "
                 "supported values: \"DoNotSchedule\", \"ScheduleAnyway\""});
  CHECK(jobset_pod({.spec_lines =
                        "affinity:\n  nodeAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n"
                        "      nodeSelectorTerms: []\n"})
            .messages() ==
        std::vector<std::string>{
            kJob + ".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution."
                   "nodeSelectorTerms: Required value: must have at least one node selector term"});
}

TEST_CASE("pod templates: what the controller overwrites is not checked", "[pod-rules]") {
  // Grove's PodClique controller sets schedulingGates, hostname and subdomain of every pod
  // (operator/internal/controller/podclique/components/pod/pod.go); JobSet sets the subdomain unless
  // network.enableDNSHostnames is false.
  const std::string overwritten =
      "hostname: Not_A_Label\nsubdomain: Not_A_Label\nschedulingGates:\n- name: \"a b\"\n";
  CHECK(grove_pod({.spec_lines = overwritten}).items.empty());
  auto job = jobset_pod({.spec_lines = overwritten});
  CHECK(job.items.size() == 2);  // the hostname and the scheduling gate
  CHECK(job.items[0].field == kJob + ".hostname");
  CHECK(job.items[1].field == kJob + ".schedulingGates[0]");
}

namespace {

// One rule each, not named by the cases: where the lines go, and the messages expected, written by
// hand from the upstream function named in the row (validation.go at v1.35.7 unless said otherwise).
struct RuleCase {
  const char* function;
  bool grove;  // else the JobSet
  Template lines;
  std::vector<std::string> expected;  // the messages after the base path (kGrove or kJob)
};

const char* const kSubdomainFormat =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must "
    "start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

}  // namespace

TEST_CASE("pod templates: one case per further rule, each message written from upstream", "[pod-rules]") {
  const std::vector<RuleCase> cases = {
      {"ValidatePodSpec (activeDeadlineSeconds)",
       true,
       {.spec_lines = "activeDeadlineSeconds: 0\n"},
       {".activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive"}},
      {"ValidatePreemptionPolicy",
       true,
       {.spec_lines = "preemptionPolicy: Sometimes\n"},
       {".preemptionPolicy: Unsupported value: \"Sometimes\": supported values: \"PreemptLowerPriority\", "
        "\"Never\""}},
      {"ValidatePodSpec (serviceAccountName)",
       true,
       {.spec_lines = "serviceAccountName: Robot\n"},
       {std::string(".serviceAccountName: Invalid value: \"Robot\": ") + kSubdomainFormat}},
      {"validateOS",
       true,
       {.spec_lines = "os: {name: plan9}\n"},
       {".os: Unsupported value: \"plan9\": supported values: \"linux\", \"windows\""}},
      {"validatePodDNSConfig (nameservers)",
       true,
       {.spec_lines = "dnsConfig:\n  nameservers: [1.1.1.1, 1.1.1.2, 1.1.1.3, 1.1.1.4]\n"},
       {".dnsConfig.nameservers: Invalid value: [\"1.1.1.1\",\"1.1.1.2\",\"1.1.1.3\",\"1.1.1.4\"]: must not "
        "have "
        "more than 3 nameservers"}},
      {"validatePodDNSConfig (options)",
       true,
       {.spec_lines = "dnsConfig:\n  options:\n  - value: \"2\"\n"},
       {".dnsConfig.options[0]: Required value: must not be empty"}},
      {"validatePodDNSConfig (searches, RelaxedDNSSearchValidation)",
       true,
       {.spec_lines = "dnsConfig:\n  searches: [my_team.example.com, -bad.example.com]\n"},
       {".dnsConfig.searches[1]: Invalid value: \"-bad.example.com\": a lowercase RFC 1123 subdomain must "
        "consist "
        "of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric "
        "character (e.g. 'example.com', regex used for validation is "
        "'_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*')"}},
      {"validatePodHostNetworkDeps",
       true,
       {.spec_lines = "hostNetwork: true\n",
        .container_lines = "ports:\n- {containerPort: 80, hostPort: 8080}\n"},
       {".containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when "
        "`hostNetwork` is "
        "true"}},
      {"validateHostUsers",
       true,
       {.spec_lines = "hostPID: true\nhostUsers: false\n"},
       {".HostPID: Forbidden: when `hostUsers` is false"}},
      {"validatePodHostName",
       false,
       {.spec_lines = "hostnameOverride: node_1\n"},
       {std::string(".hostnameOverride: Invalid value: \"node_1\": ") + kSubdomainFormat}},
      {"ValidateTolerations (effect)",
       false,
       {.spec_lines = "tolerations:\n- {key: gpu, operator: Exists, effect: NoExec}\n"},
       {".tolerations[0].effect: Unsupported value: \"NoExec\": supported values: \"NoSchedule\", "
        "\"PreferNoSchedule\", \"NoExecute\""}},
      {"validateWeightedPodAffinityTerms",
       false,
       {.spec_lines = "affinity:\n  podAntiAffinity:\n    preferredDuringSchedulingIgnoredDuringExecution:\n"
                      "    - weight: 0\n      podAffinityTerm: {topologyKey: zone}\n"},
       {".affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: "
        "0: "
        "must be in the range 1-100"}},
      {"ValidateNodeSelectorRequirement",
       false,
       {.spec_lines =
            "affinity:\n  nodeAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n"
            "      nodeSelectorTerms:\n      - matchExpressions:\n        - {key: zone, operator: In}\n"},
       {".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]."
        "matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"}},
      {"validateMinDomains",
       false,
       {.spec_lines = "topologySpreadConstraints:\n- {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: "
                      "ScheduleAnyway, minDomains: 2}\n"},
       {".topologySpreadConstraints[0].minDomains: Invalid value: 2: can only use minDomains if "
        "whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway"}},
      {"ValidateVolumeDevices",
       true,
       {.spec_lines = "volumes:\n- {name: scratch, emptyDir: {}}\n",
        .container_lines = "volumeDevices:\n- {name: scratch, devicePath: /dev/xvda}\n"},
       {".containers[0].volumeDevices[0].name: Invalid value: \"scratch\": can only use volume source type "
        "of "
        "PersistentVolumeClaim or Ephemeral for block mode"}},
      {"validateMountPropagation",
       true,
       {.spec_lines = "volumes:\n- {name: scratch, emptyDir: {}}\n",
        .container_lines =
            "volumeMounts:\n- {name: scratch, mountPath: /s, mountPropagation: Bidirectional}\n"},
       {".containers[0].volumeMounts.mountPropagation: Forbidden: Bidirectional mount propagation is "
        "available "
        "only to privileged containers"}},
      {"validateLocalDescendingPath (subPath)",
       true,
       {.spec_lines = "volumes:\n- {name: scratch, emptyDir: {}}\n",
        .container_lines = "volumeMounts:\n- {name: scratch, mountPath: /s, subPath: /abs}\n"},
       {".containers[0].volumeMounts.subPath: Invalid value: \"/abs\": must be a relative path"}},
      {"validateMountRecursiveReadOnly",
       true,
       {.spec_lines = "volumes:\n- {name: scratch, emptyDir: {}}\n",
        .container_lines = "volumeMounts:\n- {name: scratch, mountPath: /s, recursiveReadOnly: Enabled}\n"},
       {".containers[0].volumeMounts.recursiveReadOnly: Forbidden: may only be specified when readOnly is "
        "true"}},
      {"validateConfigMapEnvSource (a name that takes a suffix)",
       true,
       {.container_lines = "envFrom:\n- configMapRef: {name: settings-}\n- configMapRef: {name: bad_name}\n"},
       {std::string(".containers[0].envFrom[1].configMapRef.name: Invalid value: \"bad_name\": ") +
        kSubdomainFormat}},
      {"validateFileKeyRefVolumes",
       true,
       {.spec_lines = "volumes:\n- {name: cfg, configMap: {name: settings}}\n",
        .container_lines =
            "env:\n- name: TOKEN\n  valueFrom:\n    fileKeyRef: {volumeName: cfg, path: env, key: "
            "TOKEN}\n"},
       {".containers[0].env[0].valueFrom.fileKeyRef.volumeName: Invalid value: \"cfg\": referenced volume "
        "must be "
        "of type emptyDir"}},
      {"validateResizePolicy",
       false,
       {.spec_lines = "restartPolicy: Never\n",
        .container_lines = "resizePolicy:\n- {resourceName: cpu, restartPolicy: RestartContainer}\n"},
       {".containers[0].resizePolicy: Invalid value: \"RestartContainer\": must be 'NotRequired' when "
        "`restartPolicy` is 'Never'"}},
      {"validateContainerRestartPolicy",
       true,
       {.container_lines = "restartPolicy: Sometimes\n"},
       {".containers[0].restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", "
        "\"Never\", "
        "\"OnFailure\""}},
      {"validateContainerRestartPolicy (rules without a policy)",
       true,
       {.container_lines =
            "restartPolicyRules:\n- action: Restart\n  exitCodes: {operator: In, values: [42]}\n"},
       {".containers[0].restartPolicy: Required value: must specify restartPolicy when restart rules are "
        "used"}},
      {"AccumulateUniqueHostPorts",
       true,
       {.container_lines =
            "ports:\n- {containerPort: 80, hostPort: 8080}\n- {containerPort: 81, hostPort: 8080}\n"},
       {".containers[0].ports[1].hostPort: Duplicate value: \"TCP//8080\""}},
      {"validateProjectionSources (serviceAccountToken)",
       true,
       {.spec_lines =
            "volumes:\n- name: token\n  projected:\n    sources:\n    - serviceAccountToken: {path: token, "
            "expirationSeconds: 60}\n"},
       {".volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 60: may not "
        "specify "
        "a duration less than 10 minutes"}},
      {"validateEphemeralVolumeSource",
       true,
       {.spec_lines = "volumes:\n- {name: scratch, ephemeral: {}}\n"},
       {".volumes[0].ephemeral.volumeClaimTemplate: Required value"}},
      {"validateImageVolumeSource",
       true,
       {.spec_lines = "volumes:\n- {name: model, image: {pullPolicy: Always}}\n"},
       {".volumes[0].image.reference: Required value"}},
      {"validateDownwardAPIVolumeFile (volume field paths)",
       true,
       {.spec_lines =
            "volumes:\n- name: info\n  downwardAPI:\n    items:\n    - {path: node, fieldRef: {fieldPath: "
            "spec.nodeName}}\n"},
       {".volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: \"spec.nodeName\": supported values: "
        "\"metadata.annotations\", \"metadata.labels\", \"metadata.name\", \"metadata.namespace\", "
        "\"metadata.uid\""}},
      {"validateKeyToPath",
       true,
       {.spec_lines =
            "volumes:\n- name: cfg\n  configMap:\n    name: settings\n    items: [{key: a, path: ../a}]\n"},
       {".volumes[0].configMap.items[0].path: Invalid value: \"../a\": must not contain '..'"}},
      {"validateReadinessProbe",
       true,
       {.container_lines = "readinessProbe:\n  tcpSocket: {port: 80}\n  terminationGracePeriodSeconds: 10\n"},
       {".containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 10: must not be set for "
        "readinessProbes"}},
      {"validateProbe (counters), validateGRPCAction",
       false,
       {.container_lines = "startupProbe:\n  grpc: {port: 70000}\n  periodSeconds: -1\n"},
       {".containers[0].startupProbe.grpc.port: Invalid value: 70000: must be between 1 and 65535, inclusive",
        ".containers[0].startupProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0"}},
      {"validateHTTPGetAction (header names)",
       false,
       {.container_lines =
            "livenessProbe:\n  httpGet:\n    port: http\n    httpHeaders: [{name: X Bad, value: "
            "v}]\n"},
       {".containers[0].livenessProbe.httpGet.httpHeaders: Invalid value: \"X Bad\": a valid HTTP header "
        "must "
        "consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is "
        "'[-A-Za-z0-9]+')"}},
  };
  for (const auto& c : cases) {
    INFO(c.function);
    const Found found = c.grove ? grove_pod(c.lines) : jobset_pod(c.lines);
    std::vector<std::string> expected;
    for (const auto& e : c.expected) expected.push_back((c.grove ? kGrove : kJob) + e);
    CHECK(found.messages() == expected);
  }
}
