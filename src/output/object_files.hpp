#pragma once
// --output-dir: one file per object with stable names, written all-or-nothing.
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"

namespace grovectl {

// "<namespace>/<kind>.<group>/<name>.<ext>" ("default/podgang.scheduler.grove.io/simple1-0.yaml"; core
// kinds have no group, cluster-scoped objects the namespace "_cluster"): the path depends on the object
// alone, so adding an input never renames another object's file, and a GitOps repository can keep them.
std::vector<std::string> object_file_names(const std::vector<Json>& objects, const std::string& extension);

// Writes `contents[i]` to `dir/names[i]`. Everything the write makes is inside one temporary directory
// beside `dir` (the new files, then the output they replace), locked while it is used; the files are moved
// into place only when all were written, and on failure nothing new is left and no existing file is
// touched. `dir` may exist only if everything in it looks like an earlier grovectl output (that layout, or
// the older NNNN-*.yaml|json), which is then replaced as a whole: the directory holds this render's files
// only. Two objects with one path are refused.
bool write_object_files(const std::string& dir, const std::vector<std::string>& names,
                        const std::vector<std::string>& contents, Diagnostics& diags);

// Removes the temporary directories beside `dir` that writes into it left when they were killed (no
// process holds their lock), putting back an earlier output that one had moved aside; each removal is a
// warning (output/interrupted-write) naming what was removed. Returns the paths removed.
std::vector<std::string> remove_interrupted_writes(const std::string& dir, Diagnostics& diags);

}  // namespace grovectl
