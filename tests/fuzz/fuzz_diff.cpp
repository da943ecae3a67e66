// Fuzz target: the diff of two inputs. The bytes are split at the first "\n===\n" into a "live" and a
// "rendered" stream; both are parsed, normalized, matched and printed as text and JSON changes.
#include <string_view>

#include "diff/compare.hpp"
#include "diff/print.hpp"
#include "fuzz_common.hpp"

using namespace grovectl;

namespace {

std::vector<Json> values_of(const std::string& text, const char* name) {
  Diagnostics diags;
  std::vector<Json> out;
  for (auto& doc : load_text(text, name, diags, fuzz::fuzz_load_options()))
    out.push_back(std::move(doc.value));
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view all(reinterpret_cast<const char*>(data), size);
  size_t cut = all.find("\n===\n");
  std::string live(all.substr(0, cut));
  std::string rendered(cut == std::string_view::npos ? all : all.substr(cut + 5));
  diff::CompareOptions options;
  auto diffs =
      diff::diff_object_sets(values_of(live, "live.yaml"), values_of(rendered, "rendered.yaml"), options);
  diff::TextOptions text;
  text.context = size % 4;
  (void)diff::format_text(diffs, text);
  (void)diff::format_summary(diff::summarize(diffs));
  return 0;
}
