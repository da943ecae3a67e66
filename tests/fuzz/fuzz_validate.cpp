// Fuzz target: the stages validate runs (expand_inputs, check_capabilities, emit_objects), plus the
// location lookup every finding uses. No validate-specific module is on this branch yet.
#include "fuzz_common.hpp"
#include "render/pipeline.hpp"

using namespace grovectl;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  RenderOptions options = fuzz::options_from(data[0]);
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  Diagnostics diags;
  auto docs = load_text(text, "fuzz.yaml", diags, fuzz::fuzz_load_options());
  static const TemplateSet templates;
  ExpandResult expanded = expand_inputs(docs, options, diags);
  check_capabilities(expanded, options, templates, diags);
  std::vector<Json> objects = emit_objects(expanded, options, templates, diags);
  for (const auto& d : diags.items()) (void)format_diagnostic(d);
  for (const auto& doc : docs) (void)doc.locate("/spec/template/cliques/0/spec/replicas");
  return 0;
}
