#include "diff/pod_identity.hpp"

#include "core/json_member.hpp"

namespace grovectl::diff {

std::optional<std::string> pod_identity(const Json& pod) {
  // Grove labels every pod of a PodClique with its FQN and its index, and names its host <FQN>-<index>
  // (ai-dynamo/grove@fcc3b3bb operator/internal/controller/podclique/components/pod/pod.go).
  std::string clique = label_at(pod, "grove.io/podclique");
  std::string index = label_at(pod, "grove.io/podclique-pod-index");
  if (!clique.empty() && !index.empty()) return clique + "-" + index;
  // The Job controller labels its pods with the Job name and annotates (and, with the
  // PodIndexLabel gate, labels) the completion index; hostname <job name>-<completion index>.
  std::string job = label_at(pod, "batch.kubernetes.io/job-name");
  std::string completion = label_at(pod, "batch.kubernetes.io/job-completion-index");
  if (completion.empty())
    completion =
        string_member_at(pod, {"metadata", "annotations", "batch.kubernetes.io/job-completion-index"});
  if (!job.empty() && !completion.empty()) return job + "-" + completion;
  if (pod.is_object() && pod.contains("spec") && pod["spec"].is_object()) {
    auto host = pod["spec"].find("hostname");
    if (host != pod["spec"].end() && host->is_string() && !host->get<std::string>().empty())
      return host->get<std::string>();
  }
  return std::nullopt;
}

bool is_pod(const ObjectKey& key) {
  return key.kind == "Pod" && key.group.empty();
}

ObjectKey match_key(const Json& object) {
  ObjectKey k = object_key(object);
  if (is_pod(k)) {
    if (auto id = pod_identity(object)) k.name = *id;
  }
  return k;
}

}  // namespace grovectl::diff
