#pragma once
// A render into --output-dir started in the background, to be interrupted while it writes: what the
// --output-dir tests of a killed or signalled render share.
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace grovectl::test {

// Starts `grovectl render ARGS... -f input --output-dir out` with standard output and error discarded and
// returns its process id.
pid_t start_render_into(const std::filesystem::path& input, const std::filesystem::path& out,
                        const std::vector<std::string>& args = {});

// Waits (up to `tries` polls of 1 ms) until `parent` holds the render's one temporary directory
// (.out.grovectl-tmp-<hex>) with files in its new/; returns it, or an empty path if none came.
std::filesystem::path wait_for_files_written(const std::filesystem::path& parent, int tries);

}  // namespace grovectl::test
