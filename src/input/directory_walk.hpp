#pragma once
// The manifests under a directory given to -f: every *.yaml, *.yml and *.json file, recursively and
// sorted. Hidden directories (.git, .github ...) are skipped, and so is every file or directory whose path
// matches one of `ignore` (--ignore-filename-pattern); symbolic links are followed, and a directory reached
// twice (a link loop, or a second link to it) is read once.
#include <regex>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"

namespace grovectl {

// Problems are located at the entry: a dangling or looping *.yaml link and a FIFO, device or socket named
// like a manifest are errors (rule input/io: a directory should hold regular files; name a special file
// with -f to read it), an unreadable subdirectory too; a link back to a directory already read is a
// warning.
std::vector<std::string> manifest_files_under(const std::string& dir, const std::vector<std::regex>& ignore,
                                              Diagnostics& diags);

bool has_manifest_extension(const std::string& name);

}  // namespace grovectl
