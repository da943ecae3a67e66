#include "core/budgets.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/text_excerpt.hpp"

namespace grovectl {
namespace {

std::string bytes_text(long double bytes) {
  if (bytes < 1024) return fmt::format("{:.0f} bytes", static_cast<double>(bytes));
  if (bytes < 1024.0L * 1024) return fmt::format("{:.0f} KiB", static_cast<double>(bytes / 1024));
  if (bytes < 1024.0L * 1024 * 1024)
    return fmt::format("{:.0f} MiB", static_cast<double>(bytes / (1024 * 1024)));
  return fmt::format("{:.0f} GiB", static_cast<double>(bytes / (1024.0L * 1024 * 1024)));
}

// How many sources the overflow message names.
constexpr size_t kLargestNamed = 3;

// "400 PodCliqueSets", "3 PodCliqueSets and 2 JobSets"
std::string count_kinds(const std::vector<std::pair<std::string, size_t>>& kinds) {
  std::string out;
  for (size_t i = 0; i < kinds.size(); ++i) {
    const auto& [kind, n] = kinds[i];
    out += fmt::format("{}{} {}{}",
                       i == 0                  ? ""
                       : i + 1 == kinds.size() ? " and "
                                               : ", ",
                       n, kind, n == 1 ? "" : "s");
  }
  return out;
}

}  // namespace

std::string describe(const ExpansionEstimate& e) {
  return fmt::format("{:.0f} gangs, {:.0f} objects, {:.0f} pods and about {}", static_cast<double>(e.gangs),
                     static_cast<double>(e.objects), static_cast<double>(e.pods), bytes_text(e.bytes));
}

RenderLimits RenderLimits::command() {
  RenderLimits l;
  l.text = fmt::format(
      "grovectl renders at most {} objects (pod stubs included), {} pods per source and {} per command",
      kMaxRenderedObjects, kMaxRenderedObjects, bytes_text(kMaxRenderedBytes));
  return l;
}

RenderLimits RenderLimits::diff_side() {
  RenderLimits l = command();
  l.objects = kMaxDiffObjects;
  l.text = fmt::format("diff compares at most {} objects per side, and {}", kMaxDiffObjects, l.text);
  return l;
}

bool RenderLimits::fits(const ExpansionEstimate& e) const {
  return e.objects <= objects && e.pods <= pods_per_source && e.bytes <= bytes;
}

RenderBudget::Fit RenderBudget::take(const ExpansionEstimate& e, const BudgetTaker& who) {
  if (!limits_.fits(e)) return Fit::kOverAlone;
  // Once the sum is over, every later source is counted but not taken: the message gives the whole sum.
  const bool fits = !first_over_ && take(e);
  if (!fits && !first_over_) first_over_ = who.where;
  remember(who, e);
  return fits ? Fit::kTaken : Fit::kOverTogether;
}

bool RenderBudget::take(const ExpansionEstimate& e) {
  if (taken_.objects + e.objects > limits_.objects || taken_.bytes + e.bytes > limits_.bytes ||
      e.pods > limits_.pods_per_source)
    return false;
  taken_.objects += e.objects;  // pods are a limit per source, not summed
  taken_.bytes += e.bytes;
  return true;
}

ExpansionEstimate RenderBudget::taken() const {
  return taken_;
}

void RenderBudget::remember(const BudgetTaker& who, const ExpansionEstimate& e) {
  asked_.gangs += e.gangs;
  asked_.objects += e.objects;
  asked_.pods += e.pods;
  asked_.bytes += e.bytes;
  auto kind = std::find_if(kinds_.begin(), kinds_.end(), [&](const auto& k) { return k.first == who.kind; });
  if (kind == kinds_.end()) {
    kinds_.emplace_back(who.kind, 1);
  } else {
    ++kind->second;
  }
  // The largest by their share of the limit they use most of.
  auto share = [this](const ExpansionEstimate& x) {
    return std::max(x.objects / limits_.objects, x.bytes / limits_.bytes);
  };
  auto smaller = [&](const Contribution& a, const Contribution& b) { return share(a.e) > share(b.e); };
  Contribution c{who, e};
  c.who.name = excerpt(c.who.name);
  largest_.insert(std::upper_bound(largest_.begin(), largest_.end(), c, smaller), std::move(c));
  if (largest_.size() > kLargestNamed) largest_.pop_back();
}

void RenderBudget::report_overflow(Diagnostics& diags) const {
  if (!first_over_) return;
  std::string named;
  for (const auto& c : largest_) {
    named += fmt::format("{}{} {} (about {}, {:.0f} objects, {})", named.empty() ? "" : "; ", c.who.kind,
                         c.who.name, bytes_text(c.e.bytes), static_cast<double>(c.e.objects),
                         format_location(c.who.where));
  }
  diags.error("render/too-large",
              fmt::format("the {} of the inputs would expand to {} together, which is over the limit though "
                          "none is on its own; {}. The largest: {}. Render them in smaller groups (fewer "
                          "-f inputs per command)",
                          count_kinds(kinds_), describe(asked_), limits_.text, named),
              *first_over_);
}

}  // namespace grovectl
