// Fuzz target: the diff of two inputs. The bytes are split at the first "\n===\n" into a "live" and a
// "rendered" stream; both are parsed, normalized, matched and printed as text, brief and JSON. The first
// line is also tried as an --ignore rule. The same objects packed (a live diff's form) must give the same
// result, or the target aborts.
#include <cstdlib>
#include <string_view>

#include "diff/brief.hpp"
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
  options.old_origin = size % 2 ? diff::Origin::kLive : diff::Origin::kRendered;
  std::string error;
  if (auto rule = diff::parse_ignore_rule(std::string(all.substr(0, all.find('\n'))), error))
    options.ignore.push_back(*rule);
  const std::vector<Json> old_side = values_of(live, "live.yaml");
  const std::vector<Json> new_side = values_of(rendered, "rendered.yaml");
  auto set = diff::compare_object_sets(old_side, new_side, options);
  const auto& diffs = set.objects;
  diff::TextOptions text;
  text.context = size % 4;
  const std::string printed = diff::format_text(diffs, text);
  std::vector<diff::PackedObject> packed_old, packed_new;
  for (const auto& o : old_side) packed_old.push_back(diff::pack_object(Json(o)));
  for (const auto& o : new_side) packed_new.push_back(diff::pack_object(Json(o)));
  auto packed = diff::compare_object_sets(std::move(packed_old), std::move(packed_new), options);
  if (diff::format_text(packed.objects, text) != printed || packed.ignore_hits != set.ignore_hits) std::abort();
  (void)diff::format_brief(diffs, text);
  (void)diff::diffs_json(diffs).dump();
  (void)diff::format_summary(diff::summarize(diffs));
  return 0;
}
