#pragma once
// Every resource budget of grovectl in one place: no input needs more than 2 GiB or 10 s. Each is checked
// before the memory or time it guards is spent, and going over one is a located error (docs/exit-codes.md
// gives its exit code per command). README "Budgets" lists them with their reasons.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"

namespace grovectl {

// Bytes read by one load: all -f inputs together (and, separately, all --live inputs). Parsing costs
// up to ~15 bytes of memory per input byte; 64 MiB is 2.4x the largest benchmark input.
inline constexpr size_t kMaxInputBytes = size_t{64} << 20;

// YAML nodes (scalars, keys, sequences, mappings, aliases) of one load. Each node costs about 100 bytes
// (its JSON value and its position record), so 4M nodes stay under ~400 MiB; the largest benchmark
// input has 1.4M.
inline constexpr size_t kMaxInputNodes = 4'000'000;

// Nesting of sequences and mappings, counted after alias expansion: everything after the parser
// (JSON trees, emitters, destructors) recurses once per level. Real manifests nest about 15 levels.
inline constexpr size_t kMaxNestingDepth = 256;

// Estimated bytes that aliases and merge keys copy in one input stream (an alias is a full copy of its
// anchor's value). Stops "billion laughs" bombs; real manifests copy a few KiB.
inline constexpr size_t kMaxAliasExpansionBytes = size_t{32} << 20;

// For every node inside flow collections ([...] and {...}), how many flow collections enclose it, summed
// over one load. libyaml's scanner looks at every open flow level for each token it reads, so a document
// both deep and wide in flow style costs time in proportion to this sum, not to its size: 4M nodes 250
// levels deep took 12 s to refuse by the node budget. 100M lets every node of the node budget sit 25
// levels deep (a `kubectl get -o json` list nests about 12) and costs about a second.
inline constexpr size_t kMaxFlowNodeLevels = 100'000'000;

// Objects that one render, validate or diff invocation may produce (pods of --include pods included),
// and the bytes of their YAML. Both are estimated before a PodCliqueSet or JobSet is expanded, and the
// bytes are counted again while the output is built. 500,000 objects take about 5 s to render here;
// --output-dir must handle 300,000 files.
inline constexpr size_t kMaxRenderedObjects = 500'000;
inline constexpr size_t kMaxRenderedBytes = size_t{256} << 20;

// Objects on each side of a diff: a migration preview holds both sides as trees (~10x the YAML text; a live
// diff holds them packed) and compares them at about 15,000 objects/s, so 100,000 keeps it within ~1 GiB
// and ~10 s.
inline constexpr size_t kMaxDiffObjects = 100'000;

// A FIFO named with -f is opened without blocking; if no writer has opened it yet, grovectl waits this
// long for one (a `producer > fifo &` started just before) and then reads it as empty, instead of
// blocking in open() forever.
inline constexpr int kFifoWriterWaitMilliseconds = 2000;

// A value quoted in a message (a name, a label, a scalar) is cut beyond this many bytes and its length
// is given instead: a 10 MB name must not make a 10 MB message per finding.
inline constexpr size_t kMaxQuotedValueBytes = 256;
// The whole text of one message (a field path of long keys included) is cut beyond this.
inline constexpr size_t kMaxMessageBytes = 2048;

// What expanding one PodCliqueSet or JobSet would produce, estimated from its counts before anything is
// expanded. long double: the counts of a hostile input overflow any integer type.
struct ExpansionEstimate {
  long double gangs = 0;
  long double objects = 0;  // rendered objects, pod stubs of --include pods included
  long double pods = 0;     // pods whose names the expansion keeps
  long double bytes = 0;    // the expanded model and its output text
};

// "3 gangs, 9 objects, 12 pods and about 4 KiB"
std::string describe(const ExpansionEstimate& e);

// What one command may expand: objects and bytes for all its sources together, pods for each one.
struct RenderLimits {
  long double objects = kMaxRenderedObjects;
  long double bytes = kMaxRenderedBytes;
  long double pods_per_source = kMaxRenderedObjects;
  std::string text;  // the limits as a refusal states them

  // render's and validate's: "grovectl renders at most ... per command".
  static RenderLimits command();
  // One side of a diff, which compares at most kMaxDiffObjects objects.
  static RenderLimits diff_side();
  bool fits(const ExpansionEstimate& e) const;
};

// A source taking from a RenderBudget, as a refusal names it.
struct BudgetTaker {
  std::string kind;  // "PodCliqueSet" or "JobSet"
  std::string name;  // "team-a/serve" (bounded)
  Location where;    // its document
};

// What is left of the render limits while the sources of one command are expanded one after another.
class RenderBudget {
 public:
  RenderBudget() : RenderBudget(RenderLimits::command()) {}
  explicit RenderBudget(RenderLimits limits) : limits_(std::move(limits)) {}

  enum class Fit {
    kTaken,        // it fits in what is left, and is taken
    kOverAlone,    // it is over a limit on its own: the caller refuses it, naming its largest factor
    kOverTogether  // it fits alone but not beside the sources taken before: report_overflow() says so
  };
  Fit take(const ExpansionEstimate& e, const BudgetTaker& who);
  // Takes `e` (a source prepared on its own budget, counted again against the command's); false, taking
  // nothing, when it does not fit in what is left.
  bool take(const ExpansionEstimate& e);
  // The objects and bytes taken so far.
  ExpansionEstimate taken() const;
  const RenderLimits& limits() const { return limits_; }
  // Whether a source was kOverTogether: then nothing of the command is rendered.
  bool over_together() const { return first_over_.has_value(); }
  // Once a source was kOverTogether: one error, at the first such source, with the total of every source
  // that took or asked (the later ones are not taken either, so the total is the whole command's) and the
  // largest of them. Nothing otherwise.
  void report_overflow(Diagnostics& diags) const;

 private:
  struct Contribution {
    BudgetTaker who;
    ExpansionEstimate e;
  };
  void remember(const BudgetTaker& who, const ExpansionEstimate& e);

  RenderLimits limits_;
  ExpansionEstimate taken_;
  // Every source that took or was kOverTogether: their sum, how many of each kind, the largest ones.
  ExpansionEstimate asked_;
  std::vector<std::pair<std::string, size_t>> kinds_;
  std::vector<Contribution> largest_;
  std::optional<Location> first_over_;
};

}  // namespace grovectl
