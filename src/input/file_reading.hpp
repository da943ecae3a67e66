#pragma once
// Reads one input (a path, or "-" for standard input) into memory within a byte budget that is checked
// before the bytes are allocated: a regular file by its size, anything else (standard input, a FIFO, a
// character device such as /dev/zero) chunk by chunk. Special files are opened non-blocking, so a FIFO
// without a writer never blocks the open, and its empty input is reported by the caller.
#include <string>

#include "core/diagnostic.hpp"

namespace grovectl {

// Whether the byte budget is shared by every input of a command, or given afresh to each file (validate,
// which holds one file at a time).
enum class InputBudget { kAllInputsTogether, kEachFile };

struct ReadRequest {
  std::string path;  // "-" for standard input
  size_t max_bytes = 0;
  InputBudget budget = InputBudget::kAllInputsTogether;
  bool allow_tty = false;  // refuse to block on an interactive terminal unless set
};

// "a FIFO", "a character device", "a block device", "a socket" (for messages).
std::string special_file_kind(unsigned mode);

// Appends nothing and reports a located error (rule input/io, or input/too-large) when the input cannot
// be read or is over the budget; returns false then.
bool read_input(const ReadRequest& request, std::string& text, Diagnostics& diags);

}  // namespace grovectl
