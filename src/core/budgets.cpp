#include "core/budgets.hpp"

#include <fmt/format.h>

namespace grovectl {
namespace {

std::string bytes_text(long double bytes) {
  if (bytes < 1024) return fmt::format("{:.0f} bytes", static_cast<double>(bytes));
  if (bytes < 1024.0L * 1024) return fmt::format("{:.0f} KiB", static_cast<double>(bytes / 1024));
  if (bytes < 1024.0L * 1024 * 1024)
    return fmt::format("{:.0f} MiB", static_cast<double>(bytes / (1024 * 1024)));
  return fmt::format("{:.0f} GiB", static_cast<double>(bytes / (1024.0L * 1024 * 1024)));
}

}  // namespace

std::string describe(const ExpansionEstimate& e) {
  return fmt::format("{:.0f} gangs, {:.0f} objects, {:.0f} pods and about {}", static_cast<double>(e.gangs),
                     static_cast<double>(e.objects), static_cast<double>(e.pods), bytes_text(e.bytes));
}

bool RenderBudget::take(const ExpansionEstimate& e) {
  if (e.objects > objects_left_ || e.pods > kMaxRenderedObjects || e.bytes > bytes_left_) return false;
  objects_left_ -= e.objects;
  bytes_left_ -= e.bytes;
  return true;
}

ExpansionEstimate RenderBudget::taken() const {
  ExpansionEstimate e;
  e.objects = kMaxRenderedObjects - objects_left_;
  e.bytes = kMaxRenderedBytes - bytes_left_;
  return e;
}

std::string RenderBudget::limits_text() {
  return fmt::format(
      "grovectl renders at most {} objects (pod stubs included), {} pods per source and {} per "
      "command",
      kMaxRenderedObjects, kMaxRenderedObjects, bytes_text(kMaxRenderedBytes));
}

}  // namespace grovectl
