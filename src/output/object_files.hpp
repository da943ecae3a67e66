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

// Writes `contents[i]` to `dir/names[i]`. Files go to a temporary directory first and are moved into
// place only when all were written; on failure nothing new is left and no existing file is touched.
// `dir` may exist only if everything in it looks like an earlier grovectl output (that layout, or the
// older NNNN-*.yaml|json), which is then replaced as a whole: the directory holds this render's files only.
// Two objects with one path are refused.
bool write_object_files(const std::string& dir, const std::vector<std::string>& names,
                        const std::vector<std::string>& contents, Diagnostics& diags);

}  // namespace grovectl
