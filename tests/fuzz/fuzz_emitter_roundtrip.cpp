// Fuzz target (stands in for the diff fuzzer until src/diff/ is merged): whatever the reader accepts,
// the emitter must write as YAML that reads back to the same value, and as JSON that parses to it.
#include <cstdio>
#include <cstdlib>

#include "fuzz_common.hpp"
#include "yaml/emitter.hpp"

using namespace grovectl;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  Diagnostics diags;
  auto docs = load_text(text, "fuzz.yaml", diags, fuzz::fuzz_load_options());
  if (diags.has_errors()) return 0;
  std::vector<Json> values;
  for (const auto& d : docs) values.push_back(d.value);
  std::string yaml = to_yaml_stream(values);
  Diagnostics again;
  auto reread = load_text(yaml, "emitted.yaml", again, LoadOptions{});
  std::vector<Json> back;
  for (const auto& d : reread) back.push_back(d.value);
  if (again.has_errors() || back != values) {
    std::fprintf(stderr, "round trip failed\n--- input\n%s\n--- emitted\n%s\n", text.c_str(), yaml.c_str());
    for (const auto& d : again.items()) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
    std::abort();
  }
  std::string json = to_json_text(values);
  if (!values.empty() && !Json::accept(json)) std::abort();
  return 0;
}
