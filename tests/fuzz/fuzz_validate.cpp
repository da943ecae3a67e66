// Fuzz target: `grovectl validate` on arbitrary input, all five layers, every output line formatted; and
// the same input streamed a document at a time (validate's two passes) must give the same report.
#include <cstdlib>
#include <sstream>

#include "fuzz_common.hpp"
#include "validate/report/formats.hpp"
#include "validate/stream.hpp"
#include "validate/validate.hpp"

using namespace grovectl;

namespace {

// workflow/validate_passes.cpp's two passes over text in memory, one document per chunk.
std::string streamed_text_report(const std::string& text, const RenderOptions& options,
                                 const TemplateSet& templates, const ValidateSettings& settings) {
  std::ostringstream out;
  auto writer = make_report_writer(ReportFormat::kText, out);
  ValidationStream stream(options, templates, settings, *writer, 1);
  Diagnostics load;
  load_text_each(text, "fuzz.yaml", load, fuzz::fuzz_load_options(),
                 [&](SourceDocument&& doc) { stream.survey(doc); });
  stream.begin({}, load.take(), {});
  load_text_each(text, "fuzz.yaml", load, fuzz::fuzz_load_options(),
                 [&](SourceDocument&& doc) { stream.check(std::move(doc), load.take()); });
  stream.finish(load.take());
  return out.str();
}

}  // namespace

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
  if (streamed_text_report(text, options, templates, settings) != format_text(report)) std::abort();
  return 0;
}
