#include "validate/input_rules.hpp"

#include <set>
#include <string>

#include "validate/field_error.hpp"
#include "validate/meta_rules.hpp"
#include "validate/pod_rules.hpp"

namespace grovectl {
namespace {

const Json* child(const Json& v, const char* key) {
  if (!v.is_object()) return nullptr;
  auto it = v.find(key);
  return it == v.end() ? nullptr : &*it;
}

const Json* at_path(const Json& v, std::initializer_list<const char*> keys) {
  const Json* j = &v;
  for (const char* k : keys) {
    if (!(j = child(*j, k))) return nullptr;
  }
  return j;
}

void check_template_meta(const Json& holder, const FieldPlace& place, FieldErrors& fe) {
  if (const Json* labels = child(holder, "labels")) {
    const FieldPlace labels_place = place.key("labels");
    check_labels(*labels, labels_place.pointer(), labels_place.path(), fe);
  }
  if (const Json* annotations = child(holder, "annotations")) {
    const FieldPlace annotations_place = place.key("annotations");
    check_annotations(*annotations, annotations_place.pointer(), annotations_place.path(), fe);
  }
}

// A clique's labels and annotations go onto its PodClique and pods, a scaling group's annotations onto its
// PodCliqueScalingGroup; its podSpec becomes the pods' spec.
void check_podcliqueset_templates(const Json& v, FieldErrors& fe) {
  const FieldPlace root("", "");
  const FieldPlace spec = root.key("spec");
  const FieldPlace pcs_template = spec.key("template");
  if (const Json* cliques = at_path(v, {"spec", "template", "cliques"}); cliques && cliques->is_array()) {
    const FieldPlace list = pcs_template.key("cliques");
    for (size_t i = 0; i < cliques->size(); ++i) {
      const Json& c = (*cliques)[i];
      const FieldPlace clique = list.item(i);
      check_template_meta(c, clique, fe);
      if (const Json* pod = at_path(c, {"spec", "podSpec"})) {
        const FieldPlace clique_spec = clique.key("spec");
        check_pod_spec(*pod,
                       {.place = clique_spec.key("podSpec"),
                        .replaces_scheduling_gates = true,
                        .replaces_hostname = true,
                        .replaces_subdomain = true},
                       fe);
      }
    }
  }
  if (const Json* groups = at_path(v, {"spec", "template", "podCliqueScalingGroups"});
      groups && groups->is_array()) {
    const FieldPlace list = pcs_template.key("podCliqueScalingGroups");
    for (size_t i = 0; i < groups->size(); ++i) check_template_meta((*groups)[i], list.item(i), fe);
  }
}

// The volumes JobSet's controller adds to the pods: one persistentVolumeClaim per volume claim policy
// template, named after it (kubernetes-sigs/jobset v0.12.0 pkg/controllers/volume_claim_policy.go
// addVolumes).
std::set<std::string> claim_volumes(const Json& v) {
  std::set<std::string> names;
  const Json* policies = at_path(v, {"spec", "volumeClaimPolicies"});
  for (size_t p = 0; policies && policies->is_array() && p < policies->size(); ++p) {
    const Json* templates = child((*policies)[p], "templates");
    for (size_t t = 0; templates && templates->is_array() && t < templates->size(); ++t) {
      const Json* name = at_path((*templates)[t], {"metadata", "name"});
      if (name && name->is_string()) names.insert(name->get<std::string>());
    }
  }
  return names;
}

// Each replicated job's template makes Jobs (its metadata) whose pod template makes pods. JobSet writes the
// pods' subdomain unless network.enableDNSHostnames is false (pkg/controllers/jobset_controller.go).
void check_jobset_templates(const Json& v, FieldErrors& fe) {
  const Json* jobs = at_path(v, {"spec", "replicatedJobs"});
  if (!jobs || !jobs->is_array()) return;
  const Json* dns_hostnames = at_path(v, {"spec", "network", "enableDNSHostnames"});
  const bool subdomain_written =
      !(dns_hostnames && dns_hostnames->is_boolean() && !dns_hostnames->get<bool>());
  const std::set<std::string> claims = claim_volumes(v);
  const FieldPlace root("", "");
  const FieldPlace spec = root.key("spec");
  const FieldPlace list = spec.key("replicatedJobs");
  for (size_t i = 0; i < jobs->size(); ++i) {
    const Json* job = child((*jobs)[i], "template");
    if (!job) continue;
    const FieldPlace replicated_job = list.item(i);
    const FieldPlace job_template = replicated_job.key("template");
    if (const Json* meta = child(*job, "metadata"))
      check_template_meta(*meta, job_template.key("metadata"), fe);
    const Json* pod = at_path(*job, {"spec", "template"});
    if (!pod) continue;
    const FieldPlace job_spec = job_template.key("spec");
    const FieldPlace pod_template = job_spec.key("template");
    if (const Json* meta = child(*pod, "metadata"))
      check_template_meta(*meta, pod_template.key("metadata"), fe);
    if (const Json* spec = child(*pod, "spec"))
      check_pod_spec(*spec,
                     {.place = pod_template.key("spec"),
                      .job_pod_template = true,
                      .replaces_subdomain = subdomain_written,
                      .added_claim_volumes = &claims},
                     fe);
  }
}

}  // namespace

bool check_input_document(const SourceDocument& doc, InputKind kind, const CrdSelection& crds,
                          UnknownFieldPolicy unknown_fields, Diagnostics& diags) {
  size_t before = diags.error_count();
  check_input_schema(doc, kind, crds, unknown_fields, diags);
  FieldErrors fe(doc, diags);
  ObjectMetaRules meta;
  meta.namespaced = kind != InputKind::kClusterTopologyBinding;
  // Grove's webhook reports the PodCliqueSet name with the same rule (layer 3, grove/metadata-name).
  meta.check_name = kind != InputKind::kPodCliqueSet;
  if (doc.value.is_object()) check_object_meta(doc.value, meta, fe);
  if (kind == InputKind::kPodCliqueSet) check_podcliqueset_templates(doc.value, fe);
  if (kind == InputKind::kJobSet) check_jobset_templates(doc.value, fe);
  return diags.error_count() == before;
}

}  // namespace grovectl
