// Fuzz target: `grovectl validate` on arbitrary input, all five layers, every output line formatted.
#include "fuzz_common.hpp"
#include "validate/report/formats.hpp"
#include "validate/validate.hpp"

using namespace grovectl;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  RenderOptions options = fuzz::options_from(data[0]);
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  Diagnostics load_diags;
  auto docs = load_text(text, "fuzz.yaml", load_diags, fuzz::fuzz_load_options());
  static const TemplateSet templates;
  ValidateSettings settings;
  settings.strict = (data[0] & 1) != 0;
  settings.unknown_fields = (data[0] & 2) != 0 ? UnknownFieldPolicy::kWarn : UnknownFieldPolicy::kError;
  ValidateReport report = validate_documents(docs, load_diags, options, templates, settings);
  for (const auto& doc : report.documents) {
    for (const auto& d : doc.findings) (void)format_diagnostic(d);
  }
  for (const auto& in : report.inputs) {
    for (const auto& d : in.findings) (void)format_diagnostic(d);
  }
  (void)format_json(report);
  (void)format_junit(report);
  return 0;
}
