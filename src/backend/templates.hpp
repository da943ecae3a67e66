#pragma once
// Object skeletons per backend and API version (templates/), embedded at build time or read from
// --templates DIR. A skeleton fixes key order and may add fields; mappings fill in computed values.
#include <map>
#include <string>

#include "core/diagnostic.hpp"
#include "core/json.hpp"

namespace grovectl {

class TemplateSet {
 public:
  // Embedded templates only.
  TemplateSet() = default;
  // Templates in `dir` override embedded ones with the same relative path (e.g.
  // "kai-scheduler/v2alpha2/PodGroup.yaml").
  static TemplateSet load(const std::string& dir, Diagnostics& diags);

  // merge(skeleton, computed): the skeleton's keys first in its order, then keys only `computed` has;
  // computed values win; maps merge recursively; keys left null are dropped.
  Json instantiate(const std::string& name, Json computed) const;
  // The parsed skeleton, or null when there is none.
  const Json& skeleton(const std::string& name) const;

 private:
  std::map<std::string, Json> overrides_;
};

Json merge_into_skeleton(const Json& skeleton, Json computed);

}  // namespace grovectl
