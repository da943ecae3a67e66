#pragma once
// The selector flags shared by render, validate and diff on the command line (their values and what they
// mean: workflow/inputs.hpp).
#include <CLI/CLI.hpp>

#include "core/diagnostic.hpp"
#include "workflow/inputs.hpp"

namespace grovectl {

// -f/--filename and the selectors. `files_required` is false for commands that can take inputs otherwise.
void add_selector_flags(CLI::App& cmd, SelectorFlags& flags, bool files_required = true);
// Prints every diagnostic to stderr in the GNU "file:line:col: severity: message" form.
void print_diagnostics(const Diagnostics& diags);

}  // namespace grovectl
