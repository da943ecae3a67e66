// A container's volumeMounts and volumeDevices as core Pod validation checks them (kubernetes/kubernetes
// v1.35.7 pkg/apis/core/validation/validation.go: ValidateVolumeMounts, ValidateVolumeDevices,
// validateMountPropagation, validateMountRecursiveReadOnly). A mount must name a volume of the pod that
// passed validation.
#include <fmt/format.h>

#include <set>
#include <string_view>

#include "validate/pod_rules.hpp"

namespace grovectl {
namespace {

constexpr const char* kRule = "pod/volume-mount";

// name -> path of a container's mounts or devices (GetVolumeMountMap, GetVolumeDeviceMap).
std::map<std::string, std::string> paths_by_name(const Json* list, const char* path_key) {
  std::map<std::string, std::string> out;
  for (size_t i = 0; list && i < list->size(); ++i)
    out[text_of((*list)[i], "name")] = text_of((*list)[i], path_key);
  return out;
}

bool has_path(const std::map<std::string, std::string>& by_name, const std::string& path) {
  for (const auto& [name, p] : by_name) {
    if (p == path) return true;
  }
  return false;
}

// subPath and subPathExpr (validateLocalDescendingPath): relative, without "..". Upstream prints them at the
// list's path.
void check_sub_path(const Json& mount, const char* key, const FieldPlace& item, const FieldPlace& list,
                    FieldErrors& fe) {
  const std::string* value = string_of(mount, key);
  if (!value || value->empty()) return;
  const std::string pointer = item.key(key).pointer();
  const std::string path = list.key(key).path();
  if (value->starts_with('/')) fe.invalid(kRule, pointer, path, go_quote(*value), "must be a relative path");
  if (has_backstep(*value)) fe.invalid(kRule, pointer, path, go_quote(*value), "must not contain '..'");
}

void check_propagation(const Json& mount, const Json& container, const FieldPlace& item,
                       const FieldPlace& list, FieldErrors& fe) {
  const std::string* mode = string_of(mount, "mountPropagation");
  if (!mode) return;
  const FieldPlace place = item.key("mountPropagation");
  const std::string path = list.key("mountPropagation").path();
  if (*mode != "Bidirectional" && *mode != "HostToContainer" && *mode != "None")
    fe.plain(
        kRule, place.pointer(), path,
        fmt::format("{}: Unsupported value: {}: supported values: \"Bidirectional\", \"HostToContainer\", "
                    "\"None\"",
                    path, go_quote(*mode)));
  const Json* security = object_of(container, "securityContext");
  const Json* privileged = security ? member_of(*security, "privileged") : nullptr;
  if (*mode == "Bidirectional" && !(privileged && privileged->is_boolean() && privileged->get<bool>()))
    fe.forbidden(kRule, place.pointer(), path,
                 "Bidirectional mount propagation is available only to privileged containers");
}

void check_recursive_read_only(const Json& mount, const FieldPlace& item, const FieldPlace& list,
                               FieldErrors& fe) {
  const std::string* rro = string_of(mount, "recursiveReadOnly");
  if (!rro || *rro == "Disabled") return;
  const FieldPlace place = item.key("recursiveReadOnly");
  const std::string path = list.key("recursiveReadOnly").path();
  if (*rro != "Enabled" && *rro != "IfPossible") {
    fe.plain(
        kRule, place.pointer(), path,
        fmt::format("{}: Unsupported value: {}: supported values: \"Disabled\", \"Enabled\", \"IfPossible\"",
                    path, go_quote(*rro)));
    return;
  }
  const Json* read_only = member_of(mount, "readOnly");
  if (!(read_only && read_only->is_boolean() && read_only->get<bool>()))
    fe.forbidden(kRule, place.pointer(), path, "may only be specified when readOnly is true");
  const std::string* propagation = string_of(mount, "mountPropagation");
  if (propagation && *propagation != "None")
    fe.forbidden(kRule, place.pointer(), path,
                 "may only be specified when mountPropagation is None or not specified");
}

void check_mounts(const Json& container, const Json& mounts, const FieldPlace& list, const PodContext& pod,
                  const std::map<std::string, std::string>& devices, FieldErrors& fe) {
  // A mountPath used twice is the CRD schema's finding (volumeMounts are a list map keyed by mountPath).
  for (size_t i = 0; i < mounts.size(); ++i) {
    const Json& mount = mounts[i];
    const FieldPlace item = list.item(i);
    const FieldPlace name_place = item.key("name");
    const FieldPlace path_place = item.key("mountPath");
    const std::string name = text_of(mount, "name");
    const std::string mount_path = text_of(mount, "mountPath");
    // A missing name or mountPath is the schema's finding; an empty one is refused here.
    if (string_of(mount, "name") && name.empty())
      fe.required(kRule, name_place.pointer(), name_place.path(), "");
    if (string_of(mount, "name") && !pod.volumes.count(name))
      fe.plain(kRule, name_place.pointer(), name_place.path(),
               fmt::format("{}: Not found: {}", name_place.path(), go_quote(name)));
    if (string_of(mount, "mountPath") && mount_path.empty())
      fe.required(kRule, path_place.pointer(), path_place.path(), "");
    if (devices.count(name))
      fe.invalid(kRule, name_place.pointer(), name_place.path(), go_quote(name),
                 "must not already exist in volumeDevices");
    if (has_path(devices, mount_path))
      fe.invalid(kRule, path_place.pointer(), path_place.path(), go_quote(mount_path),
                 "must not already exist as a path in volumeDevices");
    check_sub_path(mount, "subPath", item, list, fe);
    if (const std::string* expr = string_of(mount, "subPathExpr"); expr && !expr->empty()) {
      const std::string* sub_path = string_of(mount, "subPath");
      if (sub_path && !sub_path->empty()) {
        const FieldPlace place = item.key("subPathExpr");
        fe.invalid(kRule, place.pointer(), place.path(), go_quote(*expr),
                   "subPathExpr and subPath are mutually exclusive");
      }
      check_sub_path(mount, "subPathExpr", item, list, fe);
    }
    check_propagation(mount, container, item, list, fe);
    check_recursive_read_only(mount, item, list, fe);
  }
}

void check_devices(const Json& devices, const FieldPlace& list, const PodContext& pod,
                   const std::map<std::string, std::string>& mounts, FieldErrors& fe) {
  std::set<std::string> names;
  for (size_t i = 0; i < devices.size(); ++i) {
    const Json& device = devices[i];
    const FieldPlace item = list.item(i);
    const FieldPlace name_place = item.key("name");
    const FieldPlace path_place = item.key("devicePath");
    const std::string name = text_of(device, "name");
    const std::string path = text_of(device, "devicePath");
    auto volume = pod.volumes.find(name);
    if (string_of(device, "name") && name.empty())
      fe.required(kRule, name_place.pointer(), name_place.path(), "");
    if (names.count(name))
      fe.invalid(kRule, name_place.pointer(), name_place.path(), go_quote(name), "must be unique");
    if (volume != pod.volumes.end() && !volume->second)
      fe.invalid(kRule, name_place.pointer(), name_place.path(), go_quote(name),
                 "can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode");
    if (volume == pod.volumes.end())
      fe.plain(kRule, name_place.pointer(), name_place.path(),
               fmt::format("{}: Not found: {}", name_place.path(), go_quote(name)));
    if (string_of(device, "devicePath") && path.empty())
      fe.required(kRule, path_place.pointer(), path_place.path(), "");
    // A devicePath used twice is the CRD schema's finding (volumeDevices are a list map keyed by it).
    if (!path.empty() && has_backstep(path))
      fe.invalid(kRule, path_place.pointer(), path_place.path(), go_quote(path),
                 "can not contain backsteps ('..')");
    if (mounts.count(name))
      fe.invalid(kRule, name_place.pointer(), name_place.path(), go_quote(name),
                 "must not already exist in volumeMounts");
    if (has_path(mounts, path))
      fe.invalid(kRule, path_place.pointer(), path_place.path(), go_quote(path),
                 "must not already exist as a path in volumeMounts");
    if (!name.empty()) names.insert(name);
  }
}

}  // namespace

void check_volume_mounts(const Json& container, const FieldPlace& place, const PodContext& pod,
                         FieldErrors& fe) {
  const Json* mounts = list_of(container, "volumeMounts");
  const Json* devices = list_of(container, "volumeDevices");
  const auto mount_paths = paths_by_name(mounts, "mountPath");
  const auto device_paths = paths_by_name(devices, "devicePath");
  if (mounts) check_mounts(container, *mounts, place.key("volumeMounts"), pod, device_paths, fe);
  if (devices) check_devices(*devices, place.key("volumeDevices"), pod, mount_paths, fe);
}

}  // namespace grovectl
