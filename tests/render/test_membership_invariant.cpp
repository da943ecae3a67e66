// A property over every render, not one case (issue 17 item 2): whatever an emitted gang object names as
// its pods (a label selector, a membership label or annotation, a pod-spec reference) exists on the pods
// grovectl emits (`--include pods`) and, for a JobSet, on the pod templates of the JobSet it emits; and
// whatever a pod names exists among the emitted gang objects.
//
// Which field links what, per backend (hand-derived from upstream, not from the code):
// - Volcano: subGroupPolicy[].labelSelector.matchLabels selects the group's pods among the pods whose
//   annotation scheduling.k8s.io/group-name is the PodGroup (volcano-sh/apis@v1.14.1
//   pkg/apis/scheduling/v1beta1/labels.go; ai-dynamo/grove@fcc3b3bb
//   operator/internal/scheduler/volcano/backend.go); every matchLabelKeys key must be on them.
// - KAI: annotation pod-group-name = PodGroup, label kai.scheduler/subgroup-name = leaf subgroup
//   (ai-dynamo/grove@fcc3b3bb operator/internal/scheduler/kai/backend.go PreparePod).
// - koord-scheduler: label pod-group.scheduling.sigs.k8s.io (or the annotation
// gang.scheduling.koordinator.sh/name)
//   = PodGroup (koordinator-sh/koordinator@v1.8.0 apis/extension/coscheduling.go; GREP-537).
// - Workload API: 1.35 pod spec.workloadRef{name, podGroup} = Workload and its podGroups entry;
//   1.36/1.37 spec.schedulingGroup.podGroupName = PodGroup, and a PodGroup's podGroupTemplateRef /
//   workloadRef = Workload and its template (kubernetes/api core/v1/types.go and scheduling/*/types.go of
//   v0.35.0, v0.36.0 and 1.37).
// Inputs: the repository's test inputs and every sample in ../shared/samples (skipped cleanly without it).
// Each PodCliqueSet and JobSet gets a KAI queue label, which KAI requires (Grove's kai/backend.go
// ValidatePodCliqueSet), so that KAI renders.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>

#include "backend/templates.hpp"
#include "input/loader.hpp"
#include "render/pipeline.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using namespace grovectl::test;
namespace fs = std::filesystem;

namespace {

struct Target {
  std::string label;
  Backend backend;
  int minor;
  Hierarchy hierarchy;
  std::string gates;
};

std::vector<Target> every_target() {
  std::vector<Target> out;
  for (Backend b : {Backend::kKaiScheduler, Backend::kVolcano, Backend::kKoordScheduler}) {
    for (int minor : {35, 36, 37}) {
      out.push_back({backend_name(b) + " 1." + std::to_string(minor), b, minor, Hierarchy::kFlat, ""});
    }
  }
  out.push_back({"default-scheduler 1.35", Backend::kDefaultScheduler, 35, Hierarchy::kFlat, ""});
  out.push_back({"default-scheduler 1.36", Backend::kDefaultScheduler, 36, Hierarchy::kFlat,
                 "WorkloadAwarePreemption=true,TopologyAwareWorkloadScheduling=true"});
  out.push_back({"default-scheduler 1.37", Backend::kDefaultScheduler, 37, Hierarchy::kFlat,
                 "TopologyAwareWorkloadScheduling=true"});
  out.push_back({"default-scheduler 1.37 composite", Backend::kDefaultScheduler, 37, Hierarchy::kComposite,
                 "CompositePodGroup=true,TopologyAwareWorkloadScheduling=true"});
  return out;
}

RenderOptions options_for(const Target& t) {
  RenderOptions o;
  o.backend = t.backend;
  o.kube_version = KubeVersion{1, t.minor};
  Diagnostics d;
  o.gates = *FeatureGates::parse(t.gates, o.kube_version, d);
  o.hierarchy = t.hierarchy;
  o.include = std::set{IncludeKind::kScheduler, IncludeKind::kPods, IncludeKind::kJobSet};
  return o;
}

// A pod as it links to gang objects: a pod stub, or a JobSet pod template.
struct PodView {
  std::string what;  // for messages
  Json labels = Json::object();
  Json annotations = Json::object();
  Json spec = Json::object();
};

std::string str(const Json& j, const std::string& key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

PodView view(const std::string& what, const Json& object) {
  PodView v{what};
  const Json& meta = object.value("metadata", Json::object());
  v.labels = meta.value("labels", Json::object());
  v.annotations = meta.value("annotations", Json::object());
  v.spec = object.value("spec", Json::object());
  return v;
}

struct Rendered {
  std::vector<Json> gang_objects;
  std::vector<PodView> pods;
  std::vector<PodView> templates;  // the emitted JobSet's pod templates
};

Rendered split(const std::vector<Json>& objects) {
  Rendered r;
  for (const auto& o : objects) {
    const std::string kind = str(o, "kind");
    const std::string name = str(o.value("metadata", Json::object()), "name");
    if (kind == "Pod") {
      r.pods.push_back(view("pod " + name, o));
    } else if (kind == "JobSet") {
      for (const auto& rj : o["spec"]["replicatedJobs"]) {
        r.templates.push_back(
            view("JobSet " + name + " template " + str(rj, "name"), rj["template"]["spec"]["template"]));
      }
    } else {
      r.gang_objects.push_back(o);
    }
  }
  return r;
}

using Predicate = std::function<bool(const PodView&)>;

Predicate label_is(const std::string& key, const std::string& value) {
  return [=](const PodView& p) { return str(p.labels, key) == value; };
}
Predicate annotation_is(const std::string& key, const std::string& value) {
  return [=](const PodView& p) { return str(p.annotations, key) == value; };
}
Predicate both(Predicate a, Predicate b) {
  return [=](const PodView& p) { return a(p) && b(p); };
}

class Checker {
 public:
  Checker(const Rendered& r, std::string context) : r_(r), context_(std::move(context)) {}

  // At least one emitted pod, and for a JobSet one emitted pod template, satisfies `named`.
  void named_on_pods(const std::string& what, const Predicate& named) {
    check_some(r_.pods, what, named, "pod");
    if (!r_.templates.empty()) check_some(r_.templates, what, named, "JobSet pod template");
  }

  void require(bool ok, const std::string& what) {
    if (!ok) violations.push_back(context_ + ": " + what);
  }

  const Json* gang_object(const std::string& api_prefix, const std::string& kind,
                          const std::string& name) const {
    for (const auto& o : r_.gang_objects) {
      if (str(o, "apiVersion").starts_with(api_prefix) && str(o, "kind") == kind &&
          str(o["metadata"], "name") == name)
        return &o;
    }
    return nullptr;
  }

  std::vector<std::string> violations;

 private:
  void check_some(const std::vector<PodView>& pods, const std::string& what, const Predicate& named,
                  const std::string& where) {
    for (const auto& p : pods) {
      if (named(p)) return;
    }
    violations.push_back(context_ + ": no emitted " + where + " carries what " + what + " names");
  }

  const Rendered& r_;
  std::string context_;
};

bool has_key(const Json& map, const std::string& key) {
  return map.is_object() && map.contains(key);
}

void check_template_reference(const Json& pod_group, Checker& c);

// Gang objects -> pods.
void check_gang_objects(const Rendered& r, Checker& c) {
  for (const auto& o : r.gang_objects) {
    const std::string api = str(o, "apiVersion"), kind = str(o, "kind"), name = str(o["metadata"], "name");
    const std::string subject = api + " " + kind + " " + name;
    if (api == "scheduling.volcano.sh/v1beta1") {
      Predicate member = annotation_is("scheduling.k8s.io/group-name", name);
      c.named_on_pods(subject + " (membership)", member);
      for (const auto& policy : o["spec"]["subGroupPolicy"]) {
        Predicate selected = member;
        for (const auto& [k, v] : policy["labelSelector"]["matchLabels"].items())
          selected = both(selected, label_is(k, v.get<std::string>()));
        for (const auto& key : policy.value("matchLabelKeys", Json::array())) {
          const std::string k = key.get<std::string>();
          selected = both(selected, [k](const PodView& p) { return has_key(p.labels, k); });
        }
        c.named_on_pods(subject + " subGroupPolicy " + str(policy, "name"), selected);
      }
    } else if (api == "scheduling.run.ai/v2alpha2") {
      Predicate member = annotation_is("pod-group-name", name);
      c.named_on_pods(subject + " (membership)", member);
      for (const auto& sg : o["spec"].value("subGroups", Json::array())) {
        if (!sg.contains("minMember")) continue;  // a parent subgroup holds subgroups, not pods
        c.named_on_pods(subject + " subGroup " + str(sg, "name"),
                        both(member, label_is("kai.scheduler/subgroup-name", str(sg, "name"))));
      }
    } else if (api == "scheduling.sigs.k8s.io/v1alpha1") {
      Predicate by_label = label_is("pod-group.scheduling.sigs.k8s.io", name);
      Predicate by_annotation = annotation_is("gang.scheduling.koordinator.sh/name", name);
      c.named_on_pods(subject, [=](const PodView& p) { return by_label(p) || by_annotation(p); });
    } else if (api == "scheduling.k8s.io/v1alpha1" && kind == "Workload") {
      for (const auto& pg : o["spec"]["podGroups"]) {
        const std::string group = str(pg, "name");
        c.named_on_pods(subject + " podGroups " + group, [=](const PodView& p) {
          const Json& ref = p.spec.value("workloadRef", Json::object());
          return str(ref, "name") == name && str(ref, "podGroup") == group;
        });
      }
    } else if (api.starts_with("scheduling.k8s.io/") && kind == "PodGroup") {
      c.named_on_pods(subject, [=](const PodView& p) {
        return str(p.spec.value("schedulingGroup", Json::object()), "podGroupName") == name;
      });
      check_template_reference(o, c);
    }
  }
}

// A runtime PodGroup's reference to its Workload and template resolves (podGroupTemplateRef in v1alpha2,
// workloadRef in v1alpha3 and v1beta1).
void check_template_reference(const Json& pod_group, Checker& c) {
  const Json& spec = pod_group["spec"];
  std::string workload, template_name;
  if (spec.contains("podGroupTemplateRef")) {
    workload = str(spec["podGroupTemplateRef"]["workload"], "workloadName");
    template_name = str(spec["podGroupTemplateRef"]["workload"], "podGroupTemplateName");
  } else if (spec.contains("workloadRef")) {
    workload = str(spec["workloadRef"], "workloadName");
    template_name = str(spec["workloadRef"], "templateName");
  }
  const std::string subject = "PodGroup " + str(pod_group["metadata"], "name");
  const Json* w = c.gang_object("scheduling.k8s.io/", "Workload", workload);
  c.require(w != nullptr, subject + " names Workload " + workload + ", which is not emitted");
  if (!w) return;
  bool found = false;
  std::function<void(const Json&)> walk = [&](const Json& node) {
    for (const char* list : {"podGroupTemplates", "compositePodGroupTemplates"}) {
      for (const auto& t : node.value(list, Json::array())) {
        if (str(t, "name") == template_name) found = true;
        walk(t);
      }
    }
  };
  walk((*w)["spec"]);
  c.require(found, subject + " names template " + template_name + ", which Workload " + workload + " lacks");
}

// Pods and pod templates -> gang objects.
void check_pod_references(const std::vector<PodView>& pods, Checker& c) {
  for (const auto& p : pods) {
    if (auto g = str(p.annotations, "scheduling.k8s.io/group-name"); !g.empty())
      c.require(c.gang_object("scheduling.volcano.sh/", "PodGroup", g),
                p.what + " names Volcano PodGroup " + g);
    if (auto g = str(p.annotations, "pod-group-name"); !g.empty())
      c.require(c.gang_object("scheduling.run.ai/", "PodGroup", g), p.what + " names KAI PodGroup " + g);
    if (auto g = str(p.labels, "pod-group.scheduling.sigs.k8s.io"); !g.empty())
      c.require(c.gang_object("scheduling.sigs.k8s.io/", "PodGroup", g),
                p.what + " names koord PodGroup " + g);
    if (auto g = str(p.spec.value("schedulingGroup", Json::object()), "podGroupName"); !g.empty())
      c.require(c.gang_object("scheduling.k8s.io/", "PodGroup", g), p.what + " names PodGroup " + g);
    if (p.spec.contains("workloadRef")) {
      const std::string w = str(p.spec["workloadRef"], "name");
      c.require(c.gang_object("scheduling.k8s.io/", "Workload", w), p.what + " names Workload " + w);
    }
  }
}

std::vector<SourceDocument> load_input(const fs::path& file, Diagnostics& diags) {
  std::vector<SourceDocument> docs = load_documents({file.string()}, diags);
  bool has_binding = false;
  for (auto& d : docs) {
    const std::string kind = str(d.value, "kind");
    has_binding = has_binding || kind == "ClusterTopologyBinding";
    if ((kind == "PodCliqueSet" || kind == "JobSet") && d.value["metadata"].is_object())
      d.value["metadata"]["labels"]["kai.scheduler/queue"] = "team-a";
  }
  if (!has_binding) {
    for (auto& d : load_documents({testdata("backends/topology.yaml").string()}, diags))
      docs.push_back(std::move(d));
  }
  return docs;
}

std::string input_kind(const std::vector<SourceDocument>& docs) {
  for (const auto& d : docs) {
    const std::string kind = str(d.value, "kind");
    if (kind == "PodCliqueSet" || kind == "JobSet") return kind;
  }
  return "";
}

// Renders every input for every target; checks the property on each render that succeeds and counts them
// per target and input kind (a property that never runs proves nothing).
void check_all(const std::vector<fs::path>& inputs, std::map<std::string, int>& successes) {
  const TemplateSet templates;
  for (const auto& file : inputs) {
    Diagnostics load_diags;
    std::vector<SourceDocument> docs = load_input(file, load_diags);
    const std::string kind = input_kind(docs);
    if (load_diags.has_errors() || kind.empty()) continue;
    for (const Target& t : every_target()) {
      Diagnostics diags;
      std::vector<Json> objects = render_documents(docs, options_for(t), templates, diags);
      if (diags.has_errors()) continue;
      Rendered r = split(objects);
      Checker c(r, file.filename().string() + " with " + t.label);
      check_gang_objects(r, c);
      check_pod_references(r.pods, c);
      check_pod_references(r.templates, c);
      INFO(file.string() << " " << t.label);
      for (const auto& v : c.violations) FAIL_CHECK(v);
      if (!r.gang_objects.empty()) ++successes[t.label + " / " + kind];
    }
  }
}

std::vector<fs::path> repository_inputs() {
  std::vector<fs::path> out;
  for (const char* dir : {"backends", "jobset", "golden", "diff/migration"}) {
    for (const auto& f : yaml_files_under(testdata(dir))) out.push_back(f);
  }
  return out;
}

}  // namespace

TEST_CASE("property: every selector and membership a gang object names is on the emitted pods, and back",
          "[render][property]") {
  std::map<std::string, int> successes;
  check_all(repository_inputs(), successes);
  for (const Target& t : every_target()) {
    for (const char* kind : {"PodCliqueSet", "JobSet"}) {
      INFO(t.label << " / " << kind);
      CHECK(successes[t.label + " / " + kind] > 0);
    }
  }
}

TEST_CASE("property: the same over every sample in ../shared/samples", "[render][property]") {
  REQUIRE_SHARED_OR_SKIP(shared);
  std::vector<fs::path> samples = yaml_files_under(shared / "samples");
  REQUIRE_FALSE(samples.empty());
  std::map<std::string, int> successes;
  check_all(samples, successes);
  for (const Target& t : every_target()) {
    for (const char* kind : {"PodCliqueSet", "JobSet"}) {
      INFO(t.label << " / " << kind);
      CHECK(successes[t.label + " / " + kind] > 0);
    }
  }
}
