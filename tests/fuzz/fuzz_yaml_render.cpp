// Fuzz target: YAML reader + the whole render path + both emitters.
#include "fuzz_common.hpp"
#include "render/pipeline.hpp"
#include "yaml/emitter.hpp"

using namespace grovectl;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  RenderOptions options = fuzz::options_from(data[0]);
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  Diagnostics diags;
  auto docs = load_text(text, "fuzz.yaml", diags, fuzz::fuzz_load_options());
  for (const auto& d : diags.items()) (void)format_diagnostic(d);
  if (diags.has_errors()) return 0;
  static const TemplateSet templates;
  std::vector<Json> objects = render_documents(docs, options, templates, diags);
  (void)to_yaml_stream(objects);
  (void)to_json_text(objects);
  return 0;
}
