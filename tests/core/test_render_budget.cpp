// The render budget of one command (core/budgets.hpp): a source over a limit on its own is the caller's to
// refuse; sources that fit one by one but not together are refused once, with their sum and the largest
// of them. Every expected number below is added up by hand from the estimates given.
#include <catch2/catch.hpp>

#include "core/budgets.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
using grovectl::test::contains;

namespace {

// Limits small enough to count by hand: 10 objects and 1,000 bytes for the command, 5 pods per source.
RenderLimits small_limits() {
  RenderLimits l;
  l.objects = 10;
  l.bytes = 1000;
  l.pods_per_source = 5;
  l.text = "at most 10 objects and 1000 bytes";
  return l;
}

ExpansionEstimate estimate(long double objects, long double bytes, long double pods = 0) {
  ExpansionEstimate e;
  e.gangs = 1;
  e.objects = objects;
  e.bytes = bytes;
  e.pods = pods;
  return e;
}

BudgetTaker taker(const std::string& name, int line) {
  return BudgetTaker{"PodCliqueSet", "ns/" + name, Location{"in.yaml", line, 1}};
}

}  // namespace

TEST_CASE("render budget: a source over a limit on its own is kOverAlone and takes nothing", "[budgets]") {
  RenderBudget budget(small_limits());
  CHECK(budget.take(estimate(11, 10), taker("a", 1)) == RenderBudget::Fit::kOverAlone);   // 11 > 10 objects
  CHECK(budget.take(estimate(1, 1001), taker("b", 2)) == RenderBudget::Fit::kOverAlone);  // 1001 > 1000 bytes
  CHECK(budget.take(estimate(1, 1, 6), taker("c", 3)) == RenderBudget::Fit::kOverAlone);  // 6 > 5 pods
  CHECK(budget.take(estimate(10, 1000, 5), taker("d", 4)) ==
        RenderBudget::Fit::kTaken);  // exactly the limits
  CHECK(budget.taken().objects == 10);
  CHECK(budget.taken().bytes == 1000);
  Diagnostics diags;
  budget.report_overflow(diags);
  CHECK(diags.empty());  // nothing was over together
}

TEST_CASE("render budget: pods are a limit per source, never summed", "[budgets]") {
  RenderBudget budget(small_limits());
  for (int i = 0; i < 3; ++i)
    CHECK(budget.take(estimate(1, 1, 5), taker("p", i + 1)) == RenderBudget::Fit::kTaken);
}

TEST_CASE("render budget: sources over it together are refused once, with their sum and the largest",
          "[budgets]") {
  RenderBudget budget(small_limits());
  // a: 3 objects, 300 bytes; b: 3, 400; c: 3, 200 -> 9 objects, 900 bytes so far, all taken.
  CHECK(budget.take(estimate(3, 300), taker("a", 1)) == RenderBudget::Fit::kTaken);
  CHECK(budget.take(estimate(3, 400), taker("b", 10)) == RenderBudget::Fit::kTaken);
  CHECK(budget.take(estimate(3, 200), taker("c", 20)) == RenderBudget::Fit::kTaken);
  // d: 2 objects, 100 bytes would make 11 objects: over together (alone it fits), the first such source.
  CHECK(budget.take(estimate(2, 100), taker("d", 30)) == RenderBudget::Fit::kOverTogether);
  // e: 1 object, 50 bytes would still fit in what is left (1 object, 100 bytes), but after an overflow every
  // later source is counted, not taken, so that the refusal states the whole sum.
  CHECK(budget.take(estimate(1, 50), taker("e", 40)) == RenderBudget::Fit::kOverTogether);
  CHECK(budget.taken().objects == 9);
  Diagnostics diags;
  budget.report_overflow(diags);
  REQUIRE(diags.items().size() == 1);
  const Diagnostic& d = diags.items()[0];
  INFO(d.message);
  CHECK(d.rule == "render/too-large");
  // At the first source that did not fit.
  CHECK(d.location.file == "in.yaml");
  CHECK(d.location.line == 30);
  // The sum of all five: 5 gangs, 3+3+3+2+1 = 12 objects, 0 pods, 300+400+200+100+50 = 1050 bytes.
  CHECK(contains(d.message,
                 "the 5 PodCliqueSets of the inputs would expand to 5 gangs, 12 objects, 0 pods and "
                 "about 1 KiB together"));
  CHECK(contains(d.message, "at most 10 objects and 1000 bytes"));
  // The largest by their share of a limit: b (400 of 1000 bytes, 3 of 10 objects: 0.4), a (0.3 either
  // way), c (3 of 10 objects: 0.3, after a, which came first); d and e are smaller.
  CHECK(contains(d.message,
                 "The largest: PodCliqueSet ns/b (about 400 bytes, 3 objects, in.yaml:10:1); "
                 "PodCliqueSet ns/a (about 300 bytes, 3 objects, in.yaml:1:1); PodCliqueSet ns/c "
                 "(about 200 bytes, 3 objects, in.yaml:20:1)."));
}

TEST_CASE("render budget: kinds are counted apart in the refusal", "[budgets]") {
  RenderBudget budget(small_limits());
  CHECK(budget.take(estimate(6, 10), taker("a", 1)) == RenderBudget::Fit::kTaken);
  CHECK(budget.take(estimate(6, 10), BudgetTaker{"JobSet", "ns/j", Location{"j.yaml", 2, 1}}) ==
        RenderBudget::Fit::kOverTogether);
  Diagnostics diags;
  budget.report_overflow(diags);
  REQUIRE(diags.items().size() == 1);
  CHECK(contains(diags.items()[0].message,
                 "the 1 PodCliqueSet and 1 JobSet of the inputs would expand to 2 gangs, "
                 "12 objects"));
}

TEST_CASE("render limits: render's and diff's, as refusals state them", "[budgets]") {
  const RenderLimits command = RenderLimits::command();
  CHECK(command.objects == kMaxRenderedObjects);
  CHECK(
      command.text ==
      "grovectl renders at most 500000 objects (pod stubs included), 500000 pods per source and 256 MiB per "
      "command");
  const RenderLimits diff = RenderLimits::diff_side();
  CHECK(diff.objects == kMaxDiffObjects);
  CHECK(diff.bytes == kMaxRenderedBytes);
  CHECK(diff.text.starts_with("diff compares at most 100000 objects per side, and grovectl renders at most"));
}
