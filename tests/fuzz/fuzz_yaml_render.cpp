// Fuzz target: YAML reader (the block-subset reader compared with libyaml, a stream cut into parallel slices
// compared with one sequential parse) + the whole render path + both emitters.
#include "fuzz_common.hpp"
#include "render/pipeline.hpp"
#include "yaml/emitter.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;

namespace {

std::string reading_of(const std::string& text, const ReadLimits& limits, std::vector<SourceDocument>& docs) {
  Diagnostics diags;
  docs = parse_yaml_stream(text, "fuzz.yaml", diags, limits);
  std::string out;
  for (const auto& d : diags.items()) out += format_diagnostic(d) + "\n";
  for (const auto& d : docs) out += std::to_string(d.index) + " " + d.value.dump() + "\n";
  return out;
}

// Both readings give the same documents, values, positions and diagnostics.
void require_same_reading(const std::string& text, const ReadLimits& a, const ReadLimits& b) {
  std::vector<SourceDocument> first, second;
  if (reading_of(text, a, first) != reading_of(text, b, second)) abort();
  for (size_t i = 0; i < first.size(); ++i) {
    if (!(*first[i].positions == *second[i].positions)) abort();
  }
}

// grovectl's block-subset reader must read every input as libyaml does (yaml/block_subset.hpp), and a stream
// cut into slices parsed side by side as one sequential parse does (yaml/stream_slices.hpp): every input is
// sliced here, whatever its size.
void require_same_readers(const std::string& text) {
  ReadLimits subset, libyaml, sliced, sequential;
  libyaml.block_reader = BlockReader::kLibyamlOnly;
  require_same_reading(text, subset, libyaml);
  sliced.parallel_from_bytes = 0;
  sequential.parallel_from_bytes = SIZE_MAX;
  require_same_reading(text, sliced, sequential);
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
