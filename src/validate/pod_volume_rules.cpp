// A pod's volumes as core Pod validation checks them (kubernetes/kubernetes v1.35.7
// pkg/apis/core/validation/validation.go: ValidateVolumes, validateVolumeSource and the checks of the common
// sources). A volume has exactly one source; of the in-tree storage drivers only that count is checked, not
// their own fields (docs/validation-coverage.md).
#include <fmt/format.h>

#include <string_view>

#include "model/k8s_names.hpp"
#include "validate/pod_rules.hpp"

namespace grovectl {
namespace {

constexpr const char* kRule = "pod/volume";

// The sources in the order validateVolumeSource tries them: a source after the first one set is reported at
// its own path, which upstream spells as the second name here (typos included).
struct VolumeSource {
  const char* key;
  const char* upstream;
};

constexpr VolumeSource kVolumeSources[] = {
    {"emptyDir", "emptyDir"},
    {"hostPath", "hostPath"},
    {"gitRepo", "gitRepo"},
    {"gcePersistentDisk", "gcePersistentDisk"},
    {"awsElasticBlockStore", "awsElasticBlockStore"},
    {"secret", "secret"},
    {"nfs", "nfs"},
    {"iscsi", "iscsi"},
    {"glusterfs", "glusterfs"},
    {"flocker", "flocker"},
    {"persistentVolumeClaim", "persistentVolumeClaim"},
    {"rbd", "rbd"},
    {"cinder", "cinder"},
    {"cephfs", "cephFS"},
    {"quobyte", "quobyte"},
    {"downwardAPI", "downwarAPI"},
    {"fc", "fc"},
    {"flexVolume", "flexVolume"},
    {"configMap", "configMap"},
    {"azureFile", "azureFile"},
    {"vsphereVolume", "vsphereVolume"},
    {"photonPersistentDisk", "photonPersistentDisk"},
    {"portworxVolume", "portworxVolume"},
    {"azureDisk", "azureDisk"},
    {"storageos", "storageos"},
    {"projected", "projected"},
    {"scaleIO", "scaleIO"},
    {"csi", "csi"},
    {"ephemeral", "ephemeral"},
    {"image", "image"},
};

constexpr const char* kFileModeMessage = "must be a number between 0 and 0777 (octal), both inclusive";

// An empty string member is refused as missing; an absent one too unless the CRD schema already requires
// it (then the schema check reports it).
enum class Presence { kSchemaRequired, kOptional };

void required_string(const Json& source, const char* key, Presence presence, const FieldPlace& place,
                     FieldErrors& fe) {
  const std::string* value = string_of(source, key);
  if (value ? !value->empty() : presence == Presence::kSchemaRequired) return;
  const FieldPlace field = place.key(key);
  fe.required(kRule, value ? field.pointer() : place.pointer(), field.path(), "");
}

void check_file_mode(const Json& source, const char* key, const FieldPlace& place, FieldErrors& fe) {
  const auto mode = int_of(source, key);
  if (!mode || (*mode >= 0 && *mode <= 0777)) return;
  const FieldPlace field = place.key(key);
  fe.invalid(kRule, field.pointer(), field.path(), std::to_string(*mode), kFileModeMessage);
}

// ValidateLocalNonReservedPath: relative, no "..".
void check_local_path(const std::string& path, const FieldPlace& place, const std::string& upstream_path,
                      FieldErrors& fe) {
  if (path.starts_with('/'))
    fe.invalid(kRule, place.pointer(), upstream_path, go_quote(path), "must be a relative path");
  if (has_backstep(path)) {
    fe.invalid(kRule, place.pointer(), upstream_path, go_quote(path), "must not contain '..'");
  } else if (path.starts_with("..")) {
    fe.invalid(kRule, place.pointer(), upstream_path, go_quote(path), "must not start with '..'");
  }
}

// A secret's or config map's items (validateKeyToPath); each path also once per projected volume.
void check_key_to_paths(const Json& source, const FieldPlace& place, std::set<std::string>* projected_paths,
                        const FieldPlace& projected, FieldErrors& fe) {
  const Json* items = list_of(source, "items");
  if (!items) return;
  const FieldPlace list = place.key("items");
  for (size_t i = 0; i < items->size(); ++i) {
    const Json& item = (*items)[i];
    const FieldPlace item_place = list.item(i);
    required_string(item, "key", Presence::kSchemaRequired, item_place, fe);
    required_string(item, "path", Presence::kSchemaRequired, item_place, fe);
    const FieldPlace path_place = item_place.key("path");
    const std::string* path = string_of(item, "path");
    if (path) check_local_path(*path, path_place, path_place.path(), fe);
    check_file_mode(item, "mode", item_place, fe);
    if (projected_paths && path && !path->empty() && !projected_paths->insert(*path).second) {
      const std::string* name = string_of(source, "name");
      fe.invalid(kRule, path_place.pointer(), projected.path(), go_quote(name ? *name : ""),
                 "conflicting duplicate paths");
    }
  }
}

// A downward API file (validateDownwardAPIVolumeFile); upstream reports at the source's path, not the item's.
void check_downward_file(const Json& file, const FieldPlace& item, const FieldPlace& source,
                         FieldErrors& fe) {
  const std::string* path = string_of(file, "path");
  const std::string source_path = source.path();
  const FieldPlace path_place = item.key("path");
  if (path && path->empty()) fe.required(kRule, path_place.pointer(), source.key("path").path(), "");
  if (path) check_local_path(*path, path_place, source.key("path").path(), fe);
  const Json* field_ref = object_of(file, "fieldRef");
  const Json* resource_ref = object_of(file, "resourceFieldRef");
  if (field_ref) {
    check_object_field_selector(
        *field_ref, item.key("fieldRef"), source.key("fieldRef"),
        {"metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"},
        kRule, fe);
    if (resource_ref)
      fe.invalid(kRule, item.pointer(), source_path, "\"resource\"",
                 "fieldRef and resourceFieldRef can not be specified simultaneously");
  } else if (resource_ref) {
    check_resource_field_selector(*resource_ref, item.key("resourceFieldRef"), source.key("resourceFieldRef"),
                                  ResourceSelector::kVolume, kRule, fe);
  } else {
    fe.required(kRule, item.pointer(), source_path, "one of fieldRef and resourceFieldRef is required");
  }
  if (const auto mode = int_of(file, "mode"); mode && (*mode < 0 || *mode > 0777))
    fe.invalid(kRule, item.key("mode").pointer(), source.key("mode").path(), std::to_string(*mode),
               kFileModeMessage);
}

void check_downward_files(const Json& source, const FieldPlace& place, std::set<std::string>* projected_paths,
                          const FieldPlace& projected, FieldErrors& fe) {
  const Json* items = list_of(source, "items");
  if (!items) return;
  const FieldPlace list = place.key("items");
  for (size_t i = 0; i < items->size(); ++i) {
    const FieldPlace item = list.item(i);
    check_downward_file((*items)[i], item, place, fe);
    const std::string* path = string_of((*items)[i], "path");
    if (projected_paths && path && !path->empty() && !projected_paths->insert(*path).second)
      fe.invalid(kRule, item.key("path").pointer(), projected.path(), go_quote(*path),
                 "conflicting duplicate paths");
  }
}

void check_projected(const Json& projected, const FieldPlace& place, FieldErrors& fe) {
  check_file_mode(projected, "defaultMode", place, fe);
  const Json* sources = list_of(projected, "sources");
  if (!sources) return;
  const FieldPlace list = place.key("sources");
  std::set<std::string> paths;
  for (size_t i = 0; i < sources->size(); ++i) {
    const Json& source = (*sources)[i];
    const FieldPlace item = list.item(i);
    size_t count = 0;
    for (const char* key : {"secret", "configMap"}) {
      const Json* ref = object_of(source, key);
      if (!ref) continue;
      ++count;
      const FieldPlace ref_place = item.key(key);
      required_string(*ref, "name", Presence::kOptional, ref_place, fe);
      check_key_to_paths(*ref, ref_place, &paths, place, fe);
    }
    if (const Json* downward = object_of(source, "downwardAPI")) {
      ++count;
      check_downward_files(*downward, item.key("downwardAPI"), &paths, place, fe);
    }
    if (const Json* token = object_of(source, "serviceAccountToken")) {
      ++count;
      const FieldPlace token_place = item.key("serviceAccountToken");
      // expirationSeconds defaults to 3600.
      if (const auto seconds = int_of(*token, "expirationSeconds")) {
        const FieldPlace field = token_place.key("expirationSeconds");
        if (*seconds < 600)
          fe.invalid(kRule, field.pointer(), field.path(), std::to_string(*seconds),
                     "may not specify a duration less than 10 minutes");
        if (*seconds > (int64_t{1} << 32))
          fe.invalid(kRule, field.pointer(), field.path(), std::to_string(*seconds),
                     "may not specify a duration larger than 2^32 seconds");
      }
      // Upstream reports the token's path at the projected volume's path.
      if (const std::string* path = string_of(*token, "path")) {
        const FieldPlace path_place = token_place.key("path");
        if (path->empty()) {
          fe.required(kRule, path_place.pointer(), place.key("path").path(), "");
        } else {
          check_local_path(*path, path_place, place.key("path").path(), fe);
        }
      }
    }
    for (const char* key : {"clusterTrustBundle", "podCertificate"}) count += object_of(source, key) ? 1 : 0;
    if (count > 1)
      fe.forbidden(kRule, item.pointer(), item.path(), "may not specify more than 1 volume type per source");
  }
}

// The checks of one source, for the common ones.
void check_source(const Json& source, std::string_view key, const FieldPlace& place, FieldErrors& fe) {
  if (key == "emptyDir") {
    // A quantity below zero (the schema checks that it is one).
    const Json* limit = member_of(source, "sizeLimit");
    const bool negative =
        limit && ((limit->is_string() && limit->get_ref<const std::string&>().starts_with('-')) ||
                  (limit->is_number() && limit->get<double>() < 0));
    if (negative) {
      const FieldPlace field = place.key("sizeLimit");
      fe.forbidden(kRule, field.pointer(), field.path(), "SizeLimit field must be a valid resource quantity");
    }
  } else if (key == "hostPath") {
    const std::string* path = string_of(source, "path");
    const FieldPlace field = place.key("path");
    if (path && path->empty()) return fe.required(kRule, field.pointer(), field.path(), "");
    if (path && has_backstep(*path))
      fe.invalid(kRule, field.pointer(), field.path(), go_quote(*path), "must not contain '..'");
    if (const std::string* type = string_of(source, "type")) {
      static constexpr std::initializer_list<const char*> kTypes = {
          "",     "BlockDevice",  "CharDevice", "Directory", "DirectoryOrCreate",
          "File", "FileOrCreate", "Socket"};
      bool known = false;
      for (const char* t : kTypes) known |= *type == t;
      if (!known) not_supported(kRule, place.key("type"), *type, kTypes, fe);
    }
  } else if (key == "gitRepo") {
    required_string(source, "repository", Presence::kSchemaRequired, place, fe);
    if (const std::string* directory = string_of(source, "directory")) {
      const FieldPlace field = place.key("directory");
      if (directory->starts_with('/'))
        fe.invalid(kRule, field.pointer(), field.path(), go_quote(*directory), "must be a relative path");
      if (has_backstep(*directory))
        fe.invalid(kRule, field.pointer(), field.path(), go_quote(*directory), "must not contain '..'");
    }
  } else if (key == "secret" || key == "configMap") {
    required_string(source, key == "secret" ? "secretName" : "name", Presence::kOptional, place, fe);
    check_file_mode(source, "defaultMode", place, fe);
    check_key_to_paths(source, place, nullptr, place, fe);
  } else if (key == "nfs") {
    required_string(source, "server", Presence::kSchemaRequired, place, fe);
    required_string(source, "path", Presence::kSchemaRequired, place, fe);
    const std::string* path = string_of(source, "path");
    if (path && !path->starts_with('/')) {
      const FieldPlace field = place.key("path");
      fe.invalid(kRule, field.pointer(), field.path(), go_quote(*path), "must be an absolute path");
    }
  } else if (key == "persistentVolumeClaim") {
    required_string(source, "claimName", Presence::kSchemaRequired, place, fe);
  } else if (key == "downwardAPI") {
    check_file_mode(source, "defaultMode", place, fe);
    check_downward_files(source, place, nullptr, place, fe);
  } else if (key == "projected") {
    check_projected(source, place, fe);
  } else if (key == "csi") {
    const std::string* driver = string_of(source, "driver");
    const FieldPlace field = place.key("driver");
    if (driver && driver->empty()) return fe.required(kRule, field.pointer(), field.path(), "");
    if (driver && driver->size() > 63)
      fe.plain(kRule, field.pointer(), field.path(),
               field.path() + ": Too long: may not be more than 63 bytes");
    std::string lower = driver ? *driver : "";
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& msg : driver ? dns1123_subdomain_errors(lower) : std::vector<std::string>{})
      fe.invalid(kRule, field.pointer(), field.path(), go_quote(*driver), msg);
  } else if (key == "ephemeral") {
    if (!object_of(source, "volumeClaimTemplate")) {
      const FieldPlace field = place.key("volumeClaimTemplate");
      fe.required(kRule, place.pointer(), field.path(), "");
    }
  } else if (key == "image") {
    // A pod needs the reference (a Job's template may leave it out, its pods may not).
    required_string(source, "reference", Presence::kOptional, place, fe);
    if (const std::string* pull = string_of(source, "pullPolicy");
        pull && !pull->empty() && *pull != "Always" && *pull != "IfNotPresent" && *pull != "Never")
      not_supported(kRule, place.key("pullPolicy"), *pull, {"Always", "IfNotPresent", "Never"}, fe);
  }
}

// Returns how many errors the volume had: a volume with any is not handed to the containers' checks.
size_t check_volume(const Json& volume, const FieldPlace& place, FieldErrors& fe) {
  const size_t before = fe.error_count();
  const char* first = nullptr;
  for (const auto& source : kVolumeSources) {
    const Json* value = member_of(volume, source.key);
    if (!value) continue;
    if (first) {
      const FieldPlace field = place.key(source.key);
      fe.forbidden(kRule, field.pointer(), place.key(source.upstream).path(),
                   "may not specify more than 1 volume type");
      continue;
    }
    first = source.key;
    if (value->is_object()) check_source(*value, source.key, place.key(source.key), fe);
  }
  if (!first) fe.required(kRule, place.pointer(), place.path(), "must specify a volume type");
  const std::string* name = string_of(volume, "name");
  const FieldPlace name_place = place.key("name");
  if (name && name->empty()) {
    fe.required(kRule, name_place.pointer(), name_place.path(), "");
  } else if (name) {
    for (const auto& msg : dns1123_label_errors(*name))
      fe.invalid(kRule, name_place.pointer(), name_place.path(), go_quote(*name), msg);
  }
  // A name used twice is the CRD schema's finding (volumes are a list map keyed by name).
  return fe.error_count() - before;
}

}  // namespace

std::map<std::string, bool> check_volumes(const Json& spec, const PodSpecSite& site, FieldErrors& fe) {
  std::map<std::string, bool> valid;
  if (site.added_claim_volumes) {
    for (const auto& name : *site.added_claim_volumes) valid[name] = true;
  }
  const Json* volumes = list_of(spec, "volumes");
  if (!volumes) return valid;
  const FieldPlace list = site.place.key("volumes");
  std::set<std::string> names;
  for (size_t i = 0; i < volumes->size(); ++i) {
    const Json& volume = (*volumes)[i];
    if (!volume.is_object()) continue;
    const FieldPlace place = list.item(i);
    const size_t errors = check_volume(volume, place, fe);
    const std::string* name = string_of(volume, "name");
    if (errors > 0 || !name || !names.insert(*name).second) continue;
    valid[*name] = member_of(volume, "persistentVolumeClaim") || member_of(volume, "ephemeral");
  }
  return valid;
}

}  // namespace grovectl
