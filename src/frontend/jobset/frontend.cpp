#include "frontend/jobset/frontend.hpp"

#include <fmt/format.h>

#include "frontend/jobset/checks.hpp"
#include "frontend/jobset/defaults.hpp"
#include "frontend/jobset/expand.hpp"
#include "frontend/jobset/parse.hpp"

namespace grovectl {
namespace {

std::string input_namespace(const Json& v) {
  if (!v.is_object() || !v.contains("metadata") || !v["metadata"].is_object()) return "";
  auto it = v["metadata"].find("namespace");
  return it != v["metadata"].end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

bool expand_jobset(const SourceDocument& doc, const RenderOptions& options, Backend, JobSetExpansion& out,
                   Diagnostics& diags) {
  const size_t errors_before = diags.error_count();
  std::string ns = input_namespace(doc.value);
  if (options.namespace_override && !ns.empty() && ns != *options.namespace_override) {
    diags.error("usage/namespace",
                fmt::format("the namespace of the object ({}) does not match --namespace {}", ns,
                            *options.namespace_override),
                doc.locate("/metadata/namespace"), "metadata.namespace");
    return false;
  }
  if (ns.empty()) ns = options.namespace_override.value_or("default");
  out.doc = &doc;
  out.defaulted = apply_jobset_defaults(doc.value, ns);
  SourceDocument defaulted_doc{doc.file, doc.index, out.defaulted, doc.positions, doc.base_pointer};
  auto js = parse_jobset(defaulted_doc, diags);
  if (!js) return false;
  js->doc = &doc;  // same positions; the input outlives the expansion
  check_jobset(*js, options.jobset_gang, diags);
  if (diags.error_count() > errors_before) return false;
  const bool with_pods = options.include && options.include->count(IncludeKind::kPods) > 0;
  out.gangs = expand_jobset_gangs(*js, options.jobset_gang, with_pods);
  return true;
}

}  // namespace grovectl
