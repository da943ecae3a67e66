#pragma once
// One exit-code table for every command (kubectl convention: an error is never 1).
namespace grovectl {
enum ExitCode : int {
  kExitOk = 0,        // success / valid / no differences
  kExitFindings = 1,  // validate: error findings; diff: differences
  kExitUsage = 2,     // bad flags or arguments
  kExitFailure = 3,   // input, I/O or internal error
};
}  // namespace grovectl
