#pragma once
// One exit-code table for every command (docs/exit-codes.md). kubectl's convention: an error is never 1
// in diff, where 1 means differences; kubectl diff exits 1 for differences and above 1 for errors
// (kubernetes/kubernetes PR #87437).
namespace grovectl {
enum ExitCode : int {
  kExitOk = 0,        // success / valid / no differences
  kExitFindings = 1,  // validate: error findings; render: an input it refuses; diff: differences only
  kExitUsage = 2,     // bad flags or arguments
  kExitFailure = 3,   // I/O or internal error (also kubectl failing for diff --kubectl)
  // diff: an input of either side (-f, --live) that cannot be parsed, is invalid or is over a budget. It
  // is not 1, which a CI job reads as drift, and not 3, so that "fix the manifest" is told apart from "the
  // tool or the machine failed".
  kExitInvalidInput = 4,
};
}  // namespace grovectl
