#pragma once
// --output-dir: one file per object with stable names, written all-or-nothing.
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"

namespace grovectl {

// "0003-podgroup-simple1-0.yaml": creation-order index, lower-case kind, name. The index keeps
// `kubectl apply -f DIR` in creation order.
std::vector<std::string> object_file_names(const std::vector<Json>& objects, const std::string& extension);

// Writes `contents[i]` to `dir/names[i]`. Files go to a temporary directory first and are moved into
// place only when all were written; on failure nothing new is left and no existing file is touched.
// `dir` may exist only if every file in it looks like an earlier grovectl output (NNNN-*.yaml|json),
// which is then replaced as a whole.
bool write_object_files(const std::string& dir, const std::vector<std::string>& names,
                        const std::vector<std::string>& contents, Diagnostics& diags);

}  // namespace grovectl
