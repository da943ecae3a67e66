// Fuzz target: YAML reader (the block-subset reader compared with libyaml) + the whole render path + both
// emitters.
#include "fuzz_common.hpp"
#include "render/pipeline.hpp"
#include "yaml/emitter.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;

namespace {

std::string reading_of(const std::string& text, BlockReader reader, std::vector<SourceDocument>& docs) {
  Diagnostics diags;
  ReadLimits limits;
  limits.block_reader = reader;
  docs = parse_yaml_stream(text, "fuzz.yaml", diags, limits);
  std::string out;
  for (const auto& d : diags.items()) out += format_diagnostic(d) + "\n";
  for (const auto& d : docs) out += std::to_string(d.index) + " " + d.value.dump() + "\n";
  return out;
}

// grovectl's block-subset reader must read every input as libyaml does (yaml/block_subset.hpp).
void require_same_readers(const std::string& text) {
  std::vector<SourceDocument> subset, libyaml;
  if (reading_of(text, BlockReader::kSubsetFirst, subset) !=
      reading_of(text, BlockReader::kLibyamlOnly, libyaml))
    abort();
  for (size_t i = 0; i < subset.size(); ++i) {
    if (!(*subset[i].positions == *libyaml[i].positions)) abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  RenderOptions options = fuzz::options_from(data[0]);
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  require_same_readers(text);
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
