#include "validate/meta_rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "model/k8s_names.hpp"

namespace grovectl {
namespace {

constexpr int64_t kTotalAnnotationSizeLimit = 256 * (1 << 10);  // TotalAnnotationSizeLimitB

// The API server reports a label or annotation problem at the map's path with the key or value as the
// value; the finding's own field is the entry, named as every other finding names a field
// ("metadata.labels.team").
void invalid_entry(const char* rule, const std::string& pointer, const std::string& path,
                   const std::string& key, const std::string& value, const std::string& detail,
                   FieldErrors& fe) {
  fe.plain(rule, pointer_append(pointer, key), path + "." + key,
           fmt::format("{}: Invalid value: {}: {}", path, go_quote(value), detail));
}

const std::string* string_field(const Json& obj, const char* key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? &it->get_ref<const std::string&>() : nullptr;
}

}  // namespace

void check_labels(const Json& labels, const std::string& pointer, const std::string& path, FieldErrors& fe) {
  if (!labels.is_object()) return;
  for (auto it = labels.begin(); it != labels.end(); ++it) {
    for (const auto& msg : label_key_errors(it.key()))
      invalid_entry("meta/label-key", pointer, path, it.key(), it.key(), msg, fe);
    if (!it->is_string()) continue;  // a schema finding already
    for (const auto& msg : label_value_errors(it->get_ref<const std::string&>()))
      invalid_entry("meta/label-value", pointer, path, it.key(), it->get<std::string>(), msg, fe);
  }
}

void check_annotations(const Json& annotations, const std::string& pointer, const std::string& path,
                       FieldErrors& fe) {
  if (!annotations.is_object()) return;
  int64_t total = 0;
  for (auto it = annotations.begin(); it != annotations.end(); ++it) {
    // Keys follow the label-key rule except that case does not matter.
    std::string lower = it.key();
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    for (const auto& msg : label_key_errors(lower))
      invalid_entry("meta/annotation-key", pointer, path, it.key(), it.key(), msg, fe);
    total += static_cast<int64_t>(it.key().size());
    if (it->is_string()) total += static_cast<int64_t>(it->get_ref<const std::string&>().size());
  }
  if (total > kTotalAnnotationSizeLimit) {
    fe.plain("meta/annotation-size", pointer, path,
             fmt::format("{}: Too long: may not be more than {} bytes", path, kTotalAnnotationSizeLimit));
  }
}

void check_object_meta(const Json& object, const ObjectMetaRules& rules, FieldErrors& fe) {
  auto m = object.find("metadata");
  if (m == object.end() || !m->is_object()) {
    if (rules.check_name)
      fe.required("meta/name", "/metadata", "metadata.name", "name or generateName is required");
    return;
  }
  const Json& meta = *m;
  if (rules.check_name) {
    auto n = meta.find("name");
    const std::string* generate = string_field(meta, "generateName");
    bool missing =
        n == meta.end() || n->is_null() || (n->is_string() && n->get_ref<const std::string&>().empty());
    if (missing && (!generate || generate->empty())) {
      fe.required("meta/name", "/metadata", "metadata.name", "name or generateName is required");
    } else if (!missing && n->is_string()) {
      for (const auto& msg : dns1123_subdomain_errors(n->get_ref<const std::string&>()))
        fe.invalid("meta/name", "/metadata/name", "metadata.name", go_quote(n->get<std::string>()), msg);
    }
  }
  // A cluster-scoped object's namespace is cleared by the server, not refused.
  if (const std::string* ns = string_field(meta, "namespace"); rules.namespaced && ns && !ns->empty()) {
    for (const auto& msg : dns1123_label_errors(*ns))
      fe.invalid("meta/namespace", "/metadata/namespace", "metadata.namespace", go_quote(*ns), msg);
  }
  if (meta.contains("labels")) check_labels(meta["labels"], "/metadata/labels", "metadata.labels", fe);
  if (meta.contains("annotations"))
    check_annotations(meta["annotations"], "/metadata/annotations", "metadata.annotations", fe);
}

}  // namespace grovectl
