#pragma once
// The manifests under a directory given to -f: every *.yaml, *.yml and *.json file, recursively and
// sorted. Hidden directories (.git, .github ...) are skipped, and so is every file or directory whose path
// matches one of `ignore` (--ignore-filename-pattern); symbolic links are followed, and a directory reached
// twice (a link loop, or a second link to it) is read once.
#include <functional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/regex.hpp"
#include "core/skipped_file.hpp"

namespace grovectl {

// Problems are located at the entry: a dangling or looping *.yaml link and a FIFO, device or socket named
// like a manifest are errors (rule input/io: a directory should hold regular files; name a special file
// with -f to read it), an unreadable subdirectory too; a link back to a directory already read is a
// warning.
//
// A Helm chart's templates (every manifest below `templates/` beside a `Chart.yaml`, subcharts' too) are Go
// templates, not YAML, until `helm template` renders them: they are not read, each goes to `skipped` with the
// reason (naming the file with -f reads it all the same). `leave_out` (.grovectl.yaml ignorePaths) drops
// more paths, as `ignore` does.
struct WalkOptions {
  std::function<bool(const std::string& path)> leave_out;
  std::vector<SkippedFile>* skipped = nullptr;
};
std::vector<std::string> manifest_files_under(const std::string& dir, const std::vector<Regex>& ignore,
                                              Diagnostics& diags, const WalkOptions& more = {});

bool has_manifest_extension(const std::string& name);

}  // namespace grovectl
